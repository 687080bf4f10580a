import FoundationEssentials
import XCTest
@testable import CoveCore

/// The JSON reader behind `JSONValue(parsing:)` and `JSONDocument`: strict RFC 8259, the same values JSONDecoder
/// gives, limits for hostile input. Every case runs through both, which must agree.
final class JSONReadingTests: XCTestCase {
    private func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    /// Parsed as a `JSONValue`, and read back from a checked document; nil when either refuses the bytes.
    private func parse(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        let parsed = try? JSONValue(parsing: bytes)
        let document = try? JSONDocument(checking: bytes)
        let read = document?.withRoot { $0.jsonValue }
        XCTAssertEqual(parsed, read, "JSONValue(parsing:) and JSONDocument disagree", file: file, line: line)
        return parsed
    }

    func testValuesMatchJSONDecoder() throws {
        let text = #"""
         {"id": "1", "n": -12.5e2, "zero": 0, "big": 1.7976931348623157e308, "t": true, "f": false, "nil": null,
          "list": [1, "two", [3], {}], "nested": {"a": {"b": []}}, "esc": "q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83c\udfac",
          "raw": "Grüße 日本 🎬", "long": 123456789012345678, "small": -0.000125, "exp": 2E+3, "dup": 1, "dup": 2}
        """#
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        XCTAssertEqual(parse(text), expected)
        XCTAssertEqual(parse(text)?["esc"], "q\" b\\ s/ \u{8}\u{C}\n\r\t é 🎬")
        XCTAssertEqual(parse(text)?["dup"], 1, "the first of repeated keys, as JSONDecoder")
    }

    func testTopLevelScalarsWhitespaceAndByteOrderMark() {
        XCTAssertEqual(parse(" \n\t\"x\"\r\n"), "x")
        XCTAssertEqual(parse("[]"), [])
        XCTAssertEqual(parse("-0.5"), -0.5)
        XCTAssertEqual(parse("null"), .null)
        XCTAssertEqual(parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)), ["a": 1], "as JSONDecoder")
        XCTAssertEqual(parse("-0")?.doubleValue?.sign, .minus)
    }

    func testMalformedJSONIsRefused() {
        for text in ["", " ", "{", "[1,]", "{\"a\":1,}", "{a:1}", "{\"a\" 1}", "[1 2]", "01", "-01", "1.", ".5", "-",
                     "1e", "1e+", "+1", "NaN", "Infinity", "1e999", "tru", "nul", "\"unterminated",
                     "\"bad \\x escape\"",
                     "\"\\u12\"", "\"\\uZZZZ\"", "\"\\ud800\\u12\"", "\"tab\tinside\"", "[1] [2]", "// comment\n1",
                     "'single'", "{\"a\":1}}", "\"\\", "[\"a\" : 1]", "{\"a\":1 \"b\":2}", "1\u{FEFF}"] {
            XCTAssertNil(parse(text), text)
        }
    }

    func testNestingIsCapped() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNil(parse(deep), "refused rather than overflowing the stack")
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertNotNil(parse(fine))
    }

    func testInvalidUTF8IsRepairedAndALoneSurrogateReplaced() {
        XCTAssertEqual(parse([0x22, 0x61, 0xFF, 0x62, 0x22]), "a\u{FFFD}b")
        XCTAssertEqual(parse(#""\ud800x""#), "\u{FFFD}x")
        XCTAssertEqual(parse(#""\udc00\ud83c\udfac""#), "\u{FFFD}🎬")
        XCTAssertEqual(parse(#""\ud800\u0041""#), "\u{FFFD}A", "a high surrogate without its pair")
    }

    func testEscapedAndRepeatedKeysAreFound() throws {
        let text = #"{"n\u0061me": "escaped", "name": "plain", "tag": 1, "tag": 2}"#
        XCTAssertEqual(parse(text), ["name": "escaped", "tag": 1])
        let document = try JSONDocument(checking: Array(text.utf8))
        document.withRoot { root in
            XCTAssertEqual(root.objectValue?["name"]?.stringValue, "escaped", "the first, though escaped")
            XCTAssertEqual(root.objectValue?["tag"]?.doubleValue, 1)
            XCTAssertNil(root.objectValue?["nam"])
        }
    }

    /// Objects of nine members or more are looked into through a table; names sharing their first eight bytes,
    /// repeated names and names longer than a word must all be told apart.
    func testLargeObjectsFindEveryMember() throws {
        var members = (0..<40).map { #""member_\#($0)": \#($0)"# }
        members += [#""thumbnail": "t""#, #""thumbnail_sources": "s""#, #""thumbnails": "x""#, #""member_3": "again""#]
        let text = "{" + members.joined(separator: ", ") + "}"
        let document = try JSONDocument(checking: Array(text.utf8))
        document.withRoot { root in
            let object = root.objectValue
            XCTAssertEqual(object?["member_0"]?.doubleValue, 0)
            XCTAssertEqual(object?["member_39"]?.doubleValue, 39)
            XCTAssertEqual(object?["member_3"]?.doubleValue, 3, "a repeated name keeps its first value")
            XCTAssertEqual(object?["thumbnail"]?.stringValue, "t")
            XCTAssertEqual(object?["thumbnail_sources"]?.stringValue, "s")
            XCTAssertEqual(object?["thumbnails"]?.stringValue, "x")
            XCTAssertNil(object?["member_40"])
            XCTAssertNil(object?["thumbnail_source"])
            XCTAssertNil(object?[""])
        }
        XCTAssertEqual(parse(text)?["member_3"], 3)
    }

    func testNotJSONKeepsAShortPrefix() {
        let body = Array(("<html>" + String(repeating: "x", count: 5000)).utf8)
        for attempt in [{ _ = try JSONValue(parsing: body) }, { _ = try JSONDocument(checking: body) }] {
            XCTAssertThrowsError(try attempt()) { error in
                guard case .notJSON(let prefix) = error as? PlaybackJSONError else { return XCTFail("\(error)") }
                XCTAssertEqual(prefix.count, PlaybackJSONError.prefixLimit)
                XCTAssertTrue(prefix.hasPrefix("<html>"))
            }
        }
    }
}
