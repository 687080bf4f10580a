import FoundationEssentials
import XCTest
@testable import CoveCore

/// The JSON reader behind `JSONValue(parsing:)` and the one-pass mapping (`JSONCursor`): strict RFC 8259, the
/// same values JSONDecoder gives, limits for hostile input. Every case runs through both, which must agree.
final class JSONReadingTests: XCTestCase {
    private func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    /// Parsed as a `JSONValue`, read through a cursor, and checked by a cursor that skips it; nil when they refuse
    /// the bytes, which they must all do alike.
    private func parse(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        let parsed = try? JSONValue(parsing: bytes)
        let owner = JSONBytes(bytes)
        let (read, skipped) = bytes.withUnsafeBufferPointer { buffer -> (JSONValue?, Bool) in
            var reading = JSONCursor(buffer, owner: owner)
            var skipping = JSONCursor(buffer, owner: owner)
            let read = Result { () throws(JSONSyntaxError) -> JSONValue in
                let value = try reading.readJSONValue()
                try reading.checkEnd()
                return value
            }
            let skipped = Result { () throws(JSONSyntaxError) -> Void in
                try skipping.skipValue()
                try skipping.checkEnd()
            }
            return (try? read.get(), (try? skipped.get()) != nil)
        }
        XCTAssertEqual(parsed, read, "JSONValue(parsing:) and a cursor disagree", file: file, line: line)
        XCTAssertEqual(parsed != nil, skipped, "a skipping cursor disagrees on whether this is JSON", file: file,
                       line: line)
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
        XCTAssertEqual(try Video(jsonData: Data(text.utf8)).name, "escaped", "the first, though escaped")
    }

    /// Member names are told apart by length and leading word: names sharing their first eight bytes, names longer
    /// than a word, escaped names and near misses.
    func testTheKeyTableFindsEveryFieldAndNothingElse() {
        func field(_ name: String) -> VideoField? {
            let bytes = Array(name.utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                let escaped = name.contains("\\")
                return VideoField.table.field(JSONText(document: buffer, range: 0..<buffer.count, hasEscapes: escaped))
            }
        }
        for videoField in VideoField.allCases {
            XCTAssertEqual(field(videoField.key.description), videoField, videoField.key.description)
        }
        XCTAssertEqual(field("thumbnail"), .thumbnail)
        XCTAssertEqual(field("thumbnail_sources"), .thumbnailSources)
        XCTAssertEqual(field("error_subcode"), .errorSubcode)
        XCTAssertEqual(field("n\\u0061me"), .name)
        for miss in ["thumbnails", "thumbnail_source", "", "nam", "names", "error_cod", "poster_sources_"] {
            XCTAssertNil(field(miss), miss)
        }
    }

    /// Short decimals are computed without the C library; each must be the Double the C library gives, bit for
    /// bit, around every edge of the fast path (15 digits, exponent ±22) and beyond it.
    func testNumbersAreCorrectlyRounded() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var texts = ["0.1", "0.2", "0.3", "47.5", "-0.0", "1e22", "1e23", "123456789012345.6", "9007199254740993",
                     "0.000125", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E+2", "3.0e-22"]
        for _ in 0..<20_000 {
            let integer = String(next(1_000_000_000))
            let fraction = String(next(10_000_000)).padding(toLength: Int(next(9)) + 1, withPad: "0", startingAt: 0)
            let exponent = next(3) == 0 ? "e\(Int(next(60)) - 30)" : ""
            texts.append((next(2) == 0 ? "-" : "") + integer + "." + fraction + exponent)
        }
        for text in texts {
            XCTAssertEqual(parse(text)?.doubleValue?.bitPattern, Double(text)?.bitPattern, text)
        }
    }

    /// Repeated short strings come from the cursor's cache; strings that share a slot (same length, same first and
    /// last eight bytes) must still each get their own text, and escaped or long ones are always made afresh.
    func testTheStringCacheGivesEachTextItsOwnString() {
        let texts = ["en", "application/x-mpegURL", "abcdefgh1ijklmnop", "abcdefgh2ijklmnop", "en", "",
                     "abcdefgh1ijklmnop", #"tab\tbed"#, "a description longer than the cache takes", "abcdefgh2ijklmnop"]
        let body = Array(texts.joined().utf8)
        var cache = JSONStringCache()
        var offset = 0
        body.withUnsafeBufferPointer { buffer in
            for text in texts {
                let range = offset..<offset + text.utf8.count
                offset = range.upperBound
                let escaped = text.contains("\\")
                let read = cache.string(JSONText(document: buffer, range: range, hasEscapes: escaped))
                XCTAssertEqual(read, escaped ? "tab\tbed" : text)
            }
        }
    }

    func testNotJSONKeepsAShortPrefix() {
        let body = Array(("<html>" + String(repeating: "x", count: 5000)).utf8)
        for attempt in [{ _ = try JSONValue(parsing: body) }, { _ = try Playlist.mapping(body) }] {
            XCTAssertThrowsError(try attempt()) { error in
                guard case .notJSON(let prefix) = error as? PlaybackJSONError else { return XCTFail("\(error)") }
                XCTAssertEqual(prefix.count, PlaybackJSONError.prefixLimit)
                XCTAssertTrue(prefix.hasPrefix("<html>"))
            }
        }
    }
}
