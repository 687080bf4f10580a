import CoveCore
@testable import CoveService
import Foundation
import XCTest

/// The service's JSON reader: strict RFC 8259, the same values JSONDecoder gives, and limits for hostile input.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) -> JSONValue? { try? PlaybackService.json(from: Array(text.utf8)) }

    func testValuesMatchJSONDecoder() throws {
        let text = #"""
         {"id": "1", "n": -12.5e2, "zero": 0, "big": 1.7976931348623157e308, "t": true, "f": false, "nil": null,
          "list": [1, "two", [3], {}], "nested": {"a": {"b": []}}, "esc": "q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83c\udfac",
          "raw": "Grüße 日本 🎬", "dup": 1, "dup": 2}
        """#
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        XCTAssertEqual(parse(text), expected)
        XCTAssertEqual(parse(text)?["esc"], "q\" b\\ s/ \u{8}\u{C}\n\r\t é 🎬")
        XCTAssertEqual(parse(text)?["dup"], 1, "the first of repeated keys, as JSONDecoder")
    }

    func testTopLevelScalarsAndWhitespace() {
        XCTAssertEqual(parse(" \n\t\"x\"\r\n"), "x")
        XCTAssertEqual(parse("[]"), [])
        XCTAssertEqual(parse("-0.5"), -0.5)
        XCTAssertEqual(parse("null"), .null)
    }

    func testMalformedJSONIsRefused() {
        for text in ["", " ", "{", "[1,]", "{\"a\":1,}", "{a:1}", "{\"a\" 1}", "[1 2]", "01", "1.", ".5", "-", "1e",
                     "+1", "NaN", "Infinity", "1e999", "tru", "nul", "\"unterminated", "\"bad \\x escape\"",
                     "\"\\u12\"", "\"tab\tinside\"", "[1] [2]", "// comment\n1", "'single'", "{\"a\":1}}"] {
            XCTAssertNil(parse(text), text)
        }
    }

    func testNestingIsCapped() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNil(parse(deep), "refused rather than overflowing the stack")
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertNotNil(parse(fine))
    }

    func testInvalidUTF8IsRepairedAndALoneSurrogateReplaced() throws {
        XCTAssertEqual(try PlaybackService.json(from: [0x22, 0x61, 0xFF, 0x62, 0x22]), "a\u{FFFD}b")
        XCTAssertEqual(parse(#""\ud800x""#), "\u{FFFD}x")
    }

    func testTheErrorKeepsAShortPrefix() {
        let body = "<html>" + String(repeating: "x", count: 5000)
        XCTAssertThrowsError(try PlaybackService.json(from: Array(body.utf8))) { error in
            guard case .notJSON(let prefix) = error as? PlaybackJSONError else { return XCTFail("\(error)") }
            XCTAssertEqual(prefix.count, PlaybackJSONError.prefixLimit)
            XCTAssertTrue(prefix.hasPrefix("<html>"))
        }
    }
}
