import FoundationEssentials
import XCTest
@testable import CoveCore

final class PlaylistJSONTests: XCTestCase {
    private static let playlist = #"""
    {
      "id": "1754200320001",
      "account_id": "1752604059001",
      "name": "Big cats",
      "description": "Cats, but big.",
      "reference_id": "big-cats",
      "type": "EXPLICIT",
      "created_at": "2024-01-01T00:00:00.000Z",
      "updated_at": "2024-01-02T00:00:00.000Z",
      "video_ids": ["1", "2", "3"],
      "videos": [
        {"id": "1", "name": "Tiger", "sources": [{"src": "https://x.example/1.m3u8"}]},
        {"error_code": "VIDEO_NOT_PLAYABLE", "error_subcode": "CLIENT_GEO",
         "message": "Video is not playable in this region", "id": "2"},
        {"id": "3", "name": "Lion", "duration": 30000, "sources": [{"src": "https://x.example/3.mp4"}]}
      ]
    }
    """#

    func testPlaylistWithAnErrorPlaceholderVideo() throws {
        let playlist = try Playlist(jsonData: Data(Self.playlist.utf8))

        XCTAssertEqual(playlist.id, "1754200320001")
        XCTAssertEqual(playlist.accountID, "1752604059001")
        XCTAssertEqual(playlist.name, "Big cats")
        XCTAssertEqual(playlist.shortDescription, "Cats, but big.")
        XCTAssertEqual(playlist.referenceID, "big-cats")
        XCTAssertEqual(playlist.type, "EXPLICIT")
        XCTAssertEqual(playlist.count, 3)
        XCTAssertEqual(playlist.videos.map(\.id), ["1", "2", "3"])
        XCTAssertEqual(playlist.playableVideos.map(\.name), ["Tiger", "Lion"])
        XCTAssertEqual(playlist.failedVideos.map(\.id), ["2"])
        XCTAssertEqual(playlist.failedVideos.first?.errorSubcode, "CLIENT_GEO")
        XCTAssertEqual(playlist[2].duration, 30)
        XCTAssertEqual(playlist.properties["video_ids"], ["1", "2", "3"])
    }

    func testPlaylistToleratesMissingAndMalformedVideos() throws {
        XCTAssertEqual(try Playlist(json: ["id": "p"]).videos, [])
        XCTAssertEqual(try Playlist(json: ["videos": "none"]).count, 0)
        let playlist = try Playlist(json: ["videos": [nil, "x", 3, ["id": "ok"]]])
        XCTAssertEqual(playlist.videos.map(\.id), ["ok"])
    }

    func testPlaylistTopLevelMustBeAnObject() {
        XCTAssertThrowsError(try Playlist(jsonData: Data(#"[{"id": "1"}]"#.utf8))) { error in
            XCTAssertEqual(error as? PlaybackJSONError, .unexpectedShape("expected a JSON object for a playlist, found array"))
        }
        XCTAssertThrowsError(try Playlist(jsonData: Data("<html>".utf8))) { error in
            XCTAssertEqual(error as? PlaybackJSONError, .notJSON(prefix: "<html>"))
        }
    }

    func testPlaylistFromVideos() throws {
        let videos = try [Video(json: ["id": "a"]), Video(json: ["error_code": "VIDEO_NOT_FOUND"])]
        let playlist = Playlist(videos: videos, properties: ["name": "Local"])
        XCTAssertEqual(playlist.name, "Local")
        XCTAssertEqual(playlist.playableVideos.map(\.id), ["a"])
        XCTAssertEqual(playlist.failedVideos.count, 1)
        XCTAssertEqual(playlist, Playlist(videos: videos, properties: ["name": "Local"]))
    }
}
