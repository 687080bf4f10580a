import CoveCore
@testable import CoveService
import Foundation
import XCTest

/// The service reads a response body through the one route (JSONDecoder into the values, the safety filter); the
/// decoding itself is tested in CoveCore.
final class JSONParserTests: XCTestCase {
    private static let safePlaylist = #"""
    {"id": "7", "name": "List", "videos": [
      {"id": "1", "poster": "https://i.example/1.jpg", "poster_sources": [{"src": "https://i.example/1.jpg"}],
       "sources": [{"src": "https://m.example/1.m3u8", "type": "application/x-mpegURL"}],
       "text_tracks": [{"src": "https://m.example/1.vtt", "kind": "captions", "sources": ["https://m.example/1.vtt"]}]},
      {"id": "2", "error_code": "VIDEO_NOT_PLAYABLE"}]}
    """#

    private static let unsafePlaylist = #"""
    {"id": "7", "videos": [
      {"id": "1", "sources": [{"src": "https://m.example/1.m3u8"}, {"src": "file:///etc/passwd"}]},
      {"id": "2", "thumbnail": "data:image/png;base64,AAAA", "thumbnail_sources": ["ftp://x.example/t.png"],
       "text_tracks": [{"src": " javascript:alert(1)"}, {"sources": [{"src": "HTTPS://m.example/2.vtt"}]}]},
      {"id": "3", "sources": [{"src": "https://m.example/3.mp4", "container": "MP4"}]}]}
    """#

    private func read(_ body: String) throws -> (Playlist, [PlaybackWarning]) {
        try PlaybackService.playlist(from: Array(body.utf8))
    }

    func testASafePlaylistReadsWithoutWarnings() throws {
        let (playlist, warnings) = try read(Self.safePlaylist)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(playlist.failedVideos.count, 1)
        XCTAssertEqual(playlist.videos[0].sources.map(\.url.absoluteString), ["https://m.example/1.m3u8"])
        XCTAssertEqual(playlist.videos[0].textTracks.first?.sources.map(\.absoluteString), ["https://m.example/1.vtt"])
        XCTAssertEqual(playlist, try PlaybackService.playlist(fromJSON: JSONValue(parsing: Array(Self.safePlaylist.utf8))).playlist)
    }

    func testUnsafeAddressesAreDroppedWithWarnings() throws {
        let (playlist, warnings) = try read(Self.unsafePlaylist)
        XCTAssertEqual(warnings.count, 4)
        XCTAssertEqual(warnings.map(\.videoID), ["1", "2", "2", "2"])
        XCTAssertEqual(playlist.videos.flatMap(\.sources).map(\.url.absoluteString),
                       ["https://m.example/1.m3u8", "https://m.example/3.mp4"])
        XCTAssertEqual(playlist.videos[0].properties["sources"]?.arrayValue?.count, 2,
                       "properties stay as received; nothing is fetched from them")
        XCTAssertNil(playlist.videos[1].thumbnail)
        XCTAssertEqual(playlist.videos[1].textTracks.map { $0.src?.absoluteString }, ["HTTPS://m.example/2.vtt"])
    }

    /// A long playlist keeps its order and placeholders, and an unsafe address near its end is still found.
    func testALongPlaylist() throws {
        let count = 2000
        func entry(_ index: Int, unsafeAt: Int?) -> String {
            if index % 97 == 5 { return #"{"id": "\#(index)", "error_code": "VIDEO_NOT_PLAYABLE"}"# }
            let scheme = index == unsafeAt ? "file" : "https"
            return #"{"id": "\#(index)", "name": "Video \#(index)", "sources": [{"src": "\#(scheme)://m.example/\#(index).m3u8"}]}"#
        }
        for unsafeAt in [nil, count - 2] {
            let body = #"{"id": "7", "videos": ["# + (0..<count).map { entry($0, unsafeAt: unsafeAt) }
                .joined(separator: ",") + "]}"
            let (playlist, warnings) = try read(body)
            XCTAssertEqual(playlist.videos.map(\.id), (0..<count).map { String($0) })
            XCTAssertEqual(playlist.failedVideos.count, (0..<count).filter { $0 % 97 == 5 }.count)
            XCTAssertEqual(warnings.count, unsafeAt == nil ? 0 : 1)
            XCTAssertEqual(playlist.videos[count - 2].sources.count, unsafeAt == nil ? 1 : 0)
        }
    }

    func testASingleVideo() throws {
        let (video, warnings) = try PlaybackService.video(
            from: Array(#"{"id": "1", "sources": [{"src": "https://m.example/1.m3u8"}, {"src": "rtmp://m.example/1"}]}"#.utf8))
        XCTAssertEqual(video.sources.map(\.url.absoluteString), ["https://m.example/1.m3u8"])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(try PlaybackService.video(from: Array(#"{"id": "1", "poster": "https://i.example/1.jpg"}"#.utf8))
            .video.poster?.absoluteString, "https://i.example/1.jpg")
    }

    func testTheErrorKeepsAShortPrefix() {
        let body = "<html>" + String(repeating: "x", count: 5000)
        XCTAssertThrowsError(try PlaybackService.playlist(from: Array(body.utf8))) { error in
            guard case .notJSON(let prefix) = error as? PlaybackJSONError else { return XCTFail("\(error)") }
            XCTAssertEqual(prefix.count, PlaybackJSONError.prefixLimit)
            XCTAssertTrue(prefix.hasPrefix("<html>"))
        }
    }
}
