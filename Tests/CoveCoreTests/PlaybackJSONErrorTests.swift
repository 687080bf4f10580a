import FoundationEssentials
import XCTest
@testable import CoveCore

final class PlaybackJSONErrorTests: XCTestCase {
    func testNonJSONBodyGivesItsPrefix() {
        let html = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>"
            + String(repeating: "upstream error ", count: 100) + "</body></html>"
        let cases: [(body: String, prefix: String)] = [
            (html, String(html.prefix(200))),
            ("", ""),
            ("not json", "not json"),
            (#"{"id": "1""#, #"{"id": "1""#),
            (String(repeating: "é", count: 300), String(repeating: "é", count: 200)),
            (String(repeating: "🐯", count: 250), String(repeating: "🐯", count: 200)),
        ]
        for (body, prefix) in cases {
            XCTAssertThrowsError(try JSONValue(parsing: Data(body.utf8))) { error in
                XCTAssertEqual(error as? PlaybackJSONError, .notJSON(prefix: prefix))
            }
            XCTAssertLessThanOrEqual(prefix.count, PlaybackJSONError.prefixLimit)
        }
    }

    func testVideoFromNonJSONBody() {
        XCTAssertThrowsError(try Video(jsonData: Data("<html>Service Unavailable</html>".utf8))) { error in
            XCTAssertEqual(error as? PlaybackJSONError, .notJSON(prefix: "<html>Service Unavailable</html>"))
        }
    }

    func testTypedThrowsCarryTheCase() {
        do {
            _ = try Video(jsonData: Data("[1]".utf8))
            XCTFail("an array is not a video")
        } catch {
            XCTAssertEqual(error, .unexpectedShape("expected a JSON object for a video, found array"))
        }
    }

    func testParsesValidJSON() throws {
        XCTAssertEqual(try JSONValue(parsing: Data(#"{"a": [1, true, null, "x"]}"#.utf8)),
                       ["a": [1, true, nil, "x"]])
    }

    func testViewerMessageHidesTheBody() {
        let error = PlaybackJSONError.notJSON(prefix: "<html>secret</html>")
        XCTAssertFalse(error.userMessage.isEmpty)
        XCTAssertFalse(error.userMessage.contains("secret"))
        XCTAssertTrue(error.description.contains("<html>secret</html>"), "the description is for logs")
    }
}
