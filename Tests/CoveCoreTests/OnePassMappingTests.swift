import FoundationEssentials
import XCTest
@testable import CoveCore

/// Values mapped in one pass from a response's bytes must equal those mapped from a parsed `JSONValue`,
/// `properties` included, however the JSON is shaped (for several cores, see `ParallelMappingTests`).
final class OnePassMappingTests: XCTestCase {
    private func viaJSONValue(_ text: String) throws -> Video {
        try Video(json: JSONValue(parsing: Data(text.utf8)))
    }

    private func viaDocument(_ text: String) throws -> Video {
        try Video(jsonData: Data(text.utf8))
    }

    func testEveryFieldOfAFullVideo() throws {
        let fromDocument = try viaDocument(ValuesFixtures.fullVideo)
        let fromJSONValue = try viaJSONValue(ValuesFixtures.fullVideo)
        XCTAssertEqual(fromDocument, fromJSONValue)
        XCTAssertEqual(fromDocument.hashValue, fromJSONValue.hashValue)
        XCTAssertEqual(fromDocument.properties, fromJSONValue.properties)
        XCTAssertEqual(fromDocument.sources.map(\.properties), fromJSONValue.sources.map(\.properties))
        XCTAssertEqual(fromDocument.textTracks.map(\.properties), fromJSONValue.textTracks.map(\.properties))
        XCTAssertEqual(fromDocument.cuePoints.map(\.properties), fromJSONValue.cuePoints.map(\.properties))
        XCTAssertEqual(fromDocument.sources.map(\.url), fromJSONValue.sources.map(\.url))
        XCTAssertEqual(fromDocument.posterSources, fromJSONValue.posterSources)
    }

    func testOddlyShapedVideos() throws {
        let bodies = [
            "{}",
            #"{"id": 42, "account_id": "", "duration": -1, "economics": "free", "#
                + #""tags": ["a", 1, null, "b"]}"#,
            #"{"poster": " https://a.example/p.jpg\n", "thumbnail": "not a url", "#
                + #""poster_sources": ["https://b.example/q.jpg", {"src": "file:///x"}, {"no": "src"}, 5]}"#,
            #"{"sources": [{"src": "https://a.example/v.mp4", "src": "https://a.example/first.mp4"}, "#
                + #"{"type": "video/mp4"}, "bare", "#
                + #"{"src": "https://a.example/x y.m3u8", "type": " Application/X-MpegURL ; codecs=x"}]}"#,
            #"{"text_tracks": [{"src": "http://a.example/t.vtt", "sources": ["https://a.example/t.vtt"]}, 3, "#
                + #"{"kind": ""}]}"#,
            #"{"cue_points": [{"time": "AFTER"}, {"time": 5, "force-stop": true}, {"time": "before"}, "#
                + #"{"time": null}]}"#,
            #"{"custom_fields": {"bumper_id": " 6140000000001 ", "n": 3, "s": "x", "s": "y"}, "bumper_id": "2"}"#,
            #"{"n\u0061me": "escaped", "name": "plain", "description": "tab\there \ud83c\udfac"}"#,
            #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "name": "nine", "name": "ten"}"#,
            #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "n\u0061me": "escaped in a big one"}"#,
            #"{"error_code": "VIDEO_NOT_PLAYABLE", "error_subcode": "CLIENT_GEO", "message": "m", "#
                + #""error_message": "e"}"#,
        ]
        for body in bodies {
            let fromDocument = try viaDocument(body)
            let fromJSONValue = try viaJSONValue(body)
            XCTAssertEqual(fromDocument, fromJSONValue, body)
            XCTAssertEqual(fromDocument.hashValue, fromJSONValue.hashValue, body)
        }
    }

    func testPlaylists() throws {
        let body = #"""
        {"id": "7", "name": "List", "type": "EXPLICIT", "video_ids": ["1", "2"],
         "videos": [{"id": "1", "sources": [{"src": "https://a.example/1.m3u8", "type": "application/x-mpegURL"}]},
                    "not a video", {"id": "2", "error_code": "VIDEO_NOT_PLAYABLE"}]}
        """#
        let fromDocument = try Playlist(jsonData: Data(body.utf8))
        let fromJSONValue = try Playlist(json: JSONValue(parsing: Data(body.utf8)))
        XCTAssertEqual(fromDocument, fromJSONValue)
        XCTAssertEqual(fromDocument.count, 2)
        XCTAssertEqual(fromDocument.properties["video_ids"], ["1", "2"])
        XCTAssertThrowsError(try Playlist(jsonData: Data("[]".utf8))) { error in
            XCTAssertEqual(error as? PlaybackJSONError,
                           .unexpectedShape("expected a JSON object for a playlist, found array"))
        }
    }

    /// `properties` outlive the document they were read from: they keep it.
    func testPropertiesOutliveTheirDocument() throws {
        let video = try viaDocument(ValuesFixtures.fullVideo)
        XCTAssertEqual(video.properties["future_field"], ["nested": [1, 2, 3]])
        XCTAssertEqual(video.sources.first?.properties["ext_x_version"], "4")
        XCTAssertEqual(video.textTracks.last?.properties["label"], "thumbnails")
    }

    /// Names are guessed from the last object of the same kind; a guess that does not hold must never be taken:
    /// names in other orders, a name that is a prefix of the last one's, names that differ only past their first
    /// eight bytes, the same name escaped, repeated names, and members the model does not map.
    func testMembersInChangingOrdersReadTheSame() throws {
        let videos = [
            #"{"name": "a", "poster": "https://i.example/a.jpg", "thumbnail_sources": [{"src": "https://i.example/t"}]}"#,
            #"{"names": "b", "poster_sources": [{"src": "https://i.example/p"}], "thumbnail": "https://i.example/b"}"#,
            #"{"n\u0061me": "c", "poster": "https://i.example/c.jpg", "thumbnail_sourcez": 1, "name": "not me"}"#,
            #"{"n\u0061me": "d", "extra": {"name": "nested"}, "id": 4, "name": "not me either"}"#,
            #"{"id": "5", "name": "e", "sources": [{"src": "https://m.example/e.m3u8", "type": "application/x-mpegURL"},"#
                + #" {"type": "video/mp4", "src": "https://m.example/e.mp4", "src": "https://m.example/ignored.mp4"},"#
                + #" {"srcs": "x", "src": "https://m.example/e2.mp4", "container": "MP4"}]}"#,
            #"{"id": "6", "name": "f", "sources": [{"src": "https://m.example/f.m3u8"}, {"src": 7}, {}]}"#,
        ]
        let body = #"{"videos": ["# + videos.joined(separator: ", ") + "]}"
        let fromDocument = try Playlist.mapping(Array(body.utf8), workers: 1).value
        let fromJSONValue = try Playlist(json: JSONValue(parsing: Data(body.utf8)))
        XCTAssertEqual(fromDocument, fromJSONValue)
        XCTAssertEqual(fromDocument.videos.map(\.name), ["a", nil, "c", "d", "e", "f"])
        XCTAssertEqual(fromDocument.videos[1].thumbnail?.absoluteString, "https://i.example/b")
        XCTAssertEqual(fromDocument.videos[4].sources.map(\.url.absoluteString),
                       ["https://m.example/e.m3u8", "https://m.example/e.mp4", "https://m.example/e2.mp4"])
    }
}
