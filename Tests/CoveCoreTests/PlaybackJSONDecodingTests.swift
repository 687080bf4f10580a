import FoundationEssentials
import XCTest
@testable import CoveCore

/// The one route a Playback API body takes (`PlaybackJSON`: JSONDecoder into `JSONValue`, then the mapping): strict
/// RFC 8259, and a clear `PlaybackJSONError` for hostile bodies, never a crash.
final class PlaybackJSONDecodingTests: XCTestCase {
    private func parse(_ text: String) -> JSONValue? { try? JSONValue(parsing: Array(text.utf8)) }

    func testValuesEscapesAndRepeatedKeys() throws {
        let text = #"""
         {"id": "1", "n": -12.5e2, "zero": 0, "big": 1.7976931348623157e308, "t": true, "f": false, "nil": null,
          "list": [1, "two", [3], {}], "nested": {"a": {"b": []}}, "esc": "q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83c\udfac",
          "raw": "Grüße 日本 🎬", "long": 123456789012345678, "small": -0.000125, "exp": 2E+3, "dup": 1, "dup": 2}
        """#
        let value = try XCTUnwrap(parse(text))
        XCTAssertEqual(value["esc"], "q\" b\\ s/ \u{8}\u{C}\n\r\t é 🎬")
        XCTAssertEqual(value["dup"], 1, "the first of repeated keys")
        XCTAssertEqual(value["list"], [1, "two", [3], [:]])
        XCTAssertEqual(value["nil"], .null)
        XCTAssertEqual(value["exp"], 2000)
        XCTAssertEqual(value["raw"], "Grüße 日本 🎬")
    }

    /// Each name's last kind is tried first; a value of another kind under the same name, in an object or an array,
    /// must still decode as itself.
    func testValuesChangingKindUnderOneName() throws {
        let kinds: [String] = [#""s""#, "1.5", "true", "null", #"{"x": [1]}"#, #"["a", 2]"#, #""t""#, "false", "[]", "{}"]
        let text = "[" + kinds.map { #"{"v": \#($0), "list": [\#($0), \#($0)]}"# }.joined(separator: ",") + "]"
        let decoded = try XCTUnwrap(try JSONValue(parsing: Array(text.utf8)).arrayValue)
        let expected: [JSONValue] = ["s", 1.5, true, .null, ["x": [1]], ["a", 2], "t", false, [], [:]]
        XCTAssertEqual(decoded.map { $0["v"] }, expected)
        XCTAssertEqual(decoded.map { $0["list"] }, expected.map { .array([$0, $0]) })
    }

    func testTopLevelScalarsWhitespaceAndByteOrderMark() throws {
        XCTAssertEqual(parse(" \n\t\"x\"\r\n"), "x")
        XCTAssertEqual(parse("[]"), [])
        XCTAssertEqual(parse("-0.5"), -0.5)
        XCTAssertEqual(parse("null"), .null)
        XCTAssertEqual(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)), ["a": 1])
        XCTAssertEqual(parse("-0")?.doubleValue?.sign, .minus)
    }

    func testMalformedJSONIsRefused() {
        for text in ["", " ", "{", "[1,,]", "{\"a\":1,,}", "{a:1}", "{\"a\" 1}", "[1 2]", "01", "-01", "1.", ".5", "-",
                     "1e", "1e+", "+1", "NaN", "Infinity", "1e999", "tru", "nul", "\"unterminated",
                     "\"bad \\x escape\"", "\"\\u12\"", "\"\\uZZZZ\"", "\"tab\tinside\"", "[1] [2]", "// comment\n1",
                     "'single'", "{\"a\":1}}", "\"\\", "[\"a\" : 1]", "{\"a\":1 \"b\":2}"] {
            XCTAssertThrowsError(try JSONValue(parsing: Array(text.utf8)), text) { error in
                guard case .notJSON = error as? PlaybackJSONError else { return XCTFail("\(text): \(error)") }
            }
        }
        // JSONDecoder's one leniency: a single trailing comma, harmless.
        XCTAssertEqual(parse("[1,]"), [1])
        XCTAssertEqual(parse(#"{"a":1,}"#), ["a": 1])
    }

    /// Numbers are the Double the standard library gives for the same text, bit for bit.
    func testNumbersAreCorrectlyRounded() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var texts = ["0.1", "0.2", "0.3", "47.5", "-0.0", "1e22", "1e23", "123456789012345.6", "9007199254740993",
                     "0.000125", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E+2", "3.0e-22"]
        for _ in 0..<2000 {
            let integer = String(next(1_000_000_000))
            let fraction = String(next(10_000_000)).padding(toLength: Int(next(9)) + 1, withPad: "0", startingAt: 0)
            let exponent = next(3) == 0 ? "e\(Int(next(60)) - 30)" : ""
            texts.append((next(2) == 0 ? "-" : "") + integer + "." + fraction + exponent)
        }
        let parsed = try JSONValue(parsing: Array(("[" + texts.joined(separator: ",") + "]").utf8))
        let numbers = try XCTUnwrap(parsed.arrayValue).map { $0.doubleValue?.bitPattern }
        XCTAssertEqual(numbers, texts.map { Double($0)?.bitPattern })
    }

    func testEscapedAndRepeatedNamesInAVideo() throws {
        let text = #"{"n\u0061me": "escaped", "name": "plain", "tags": ["a", 1, null, "b"], "id": 42}"#
        let video = try Video(jsonData: Data(text.utf8))
        XCTAssertEqual(video.name, "escaped", "the first, though escaped")
        XCTAssertEqual(video.tags, ["a", "b"])
        XCTAssertEqual(video.id, "42")
    }

    /// Members in any order, names that are near misses of mapped ones, and repeated names read the same.
    func testMembersInChangingOrdersReadTheSame() throws {
        let videos = [
            #"{"name": "a", "poster": "https://i.example/a.jpg", "thumbnail_sources": [{"src": "https://i.example/t"}]}"#,
            #"{"names": "b", "poster_sources": [{"src": "https://i.example/p"}], "thumbnail": "https://i.example/b"}"#,
            #"{"n\u0061me": "c", "poster": "https://i.example/c.jpg", "thumbnail_sourcez": 1, "name": "not me"}"#,
            #"{"id": "5", "name": "e", "sources": [{"src": "https://m.example/e.m3u8", "type": "application/x-mpegURL"},"#
                + #" {"type": "video/mp4", "src": "https://m.example/e.mp4", "src": "https://m.example/ignored.mp4"},"#
                + #" {"srcs": "x", "src": "https://m.example/e2.mp4", "container": "MP4"}, {"src": 7}, {}]}"#,
        ]
        let body = #"{"videos": ["# + videos.joined(separator: ", ") + "]}"
        let playlist = try Playlist(jsonData: Data(body.utf8))
        XCTAssertEqual(playlist.videos.map(\.name), ["a", nil, "c", "e"])
        XCTAssertEqual(playlist.videos[1].thumbnail?.absoluteString, "https://i.example/b")
        XCTAssertEqual(playlist.videos[3].sources.map(\.url.absoluteString),
                       ["https://m.example/e.m3u8", "https://m.example/e.mp4", "https://m.example/e2.mp4"])
        XCTAssertEqual(playlist.videos[3].properties["sources"]?.arrayValue?.count, 5, "as received")
    }

    func testInvalidUTF8IsRepaired() throws {
        XCTAssertEqual(try JSONValue(parsing: [0x22, 0x61, 0xFF, 0x62, 0x22]), "a\u{FFFD}b")
        let body = Array(#"{"id": "1", "name": "a"#.utf8) + [0xC3, 0x28, 0xF0, 0x9F] + Array(#"b"}"#.utf8)
        let video = try Video(jsonData: Data(body))
        XCTAssertEqual(video.id, "1")
        XCTAssertEqual(video.name?.hasPrefix("a\u{FFFD}"), true)
        XCTAssertEqual(video.name?.hasSuffix("b"), true)
    }

    func testNotJSONKeepsAShortPrefix() {
        let body = Array(("<html>" + String(repeating: "x", count: 5000)).utf8)
        XCTAssertThrowsError(try Playlist(jsonData: Data(body))) { error in
            guard case .notJSON(let prefix) = error as? PlaybackJSONError else { return XCTFail("\(error)") }
            XCTAssertEqual(prefix.count, PlaybackJSONError.prefixLimit)
            XCTAssertTrue(prefix.hasPrefix("<html>"))
        }
    }

    /// A long playlist damaged anywhere (a stray quote, stray braces, cut short) fails as a whole; a damaged
    /// body is never read as part of a playlist.
    func testADamagedPlaylistFailsAsAWhole() throws {
        let videos = (0..<300).map { #"{"id": "\#($0)", "name": "V }, {\"id\": \"fake\"}, ] [ \\ é"}"# }
        let body = Array((#"{"id": "9", "videos": ["# + videos.joined(separator: ",\n  ") + "]}").utf8)
        XCTAssertEqual(try Playlist(jsonData: Data(body)).count, 300)
        var broken: [[UInt8]] = [Array(body.dropLast(3)), Array(body.prefix(body.count / 2))]
        for fraction in [0.2, 0.5, 0.8] {
            var at = Int(Double(body.count) * fraction)
            while !body[at...].starts(with: Array(",\n  ".utf8)) { at += 1 }
            var quoted = body
            quoted.insert(UInt8(ascii: "\""), at: at + 1)
            var garbage = body
            garbage.insert(contentsOf: Array("}}".utf8), at: at + 1)
            broken += [quoted, garbage]
        }
        for bytes in broken {
            XCTAssertThrowsError(try Playlist(jsonData: Data(bytes))) { error in
                guard case .notJSON = error as? PlaybackJSONError else { return XCTFail("\(error)") }
            }
        }
    }
}
