import FoundationEssentials
import XCTest
@testable import CoveCore

/// Values read straight from a checked document must equal those mapped from a parsed `JSONValue`, `properties`
/// included, however the JSON is shaped.
final class JSONDocumentMappingTests: XCTestCase {
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
}
