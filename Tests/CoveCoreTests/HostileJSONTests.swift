import FoundationEssentials
import XCTest
@testable import CoveCore

/// Hostile Playback API bodies get a clear error, never a crash or a stack overflow: for videos, playlists and
/// error bodies alike. Each case is also decoded on a thread of the cooperative pool, where the service decodes.
final class HostileJSONTests: XCTestCase {
    private enum Outcome: Equatable { case notJSON, unexpectedShape, read }

    private static func video(_ body: [UInt8]) -> Outcome {
        outcome { () throws(PlaybackJSONError) in _ = try Video(jsonData: Data(body)) }
    }

    private static func playlist(_ body: [UInt8]) -> Outcome {
        outcome { () throws(PlaybackJSONError) in _ = try Playlist(jsonData: Data(body)) }
    }

    private static func errorList(_ body: [UInt8]) -> Outcome {
        PlaybackAPIErrorEntry.parseList(Data(body)) == nil ? .notJSON : .read
    }

    private static func outcome(_ read: () throws(PlaybackJSONError) -> Void) -> Outcome {
        do throws(PlaybackJSONError) {
            try read()
            return .read
        } catch .notJSON(let prefix) {
            precondition(prefix.count <= PlaybackJSONError.prefixLimit)
            return .notJSON
        } catch {
            return .unexpectedShape
        }
    }

    /// Every reader refuses `body` with `notJSON` (an error body reads as no entries), on this thread and off it.
    private func assertRefusedEverywhere(_ body: [UInt8], _ label: String) async {
        XCTAssertEqual(Self.video(body), .notJSON, label)
        XCTAssertEqual(Self.playlist(body), .notJSON, label)
        XCTAssertEqual(Self.errorList(body), .notJSON, label)
        let offMain = await Self.offMain(body)
        XCTAssertEqual(offMain, [.notJSON, .notJSON, .notJSON], label)
    }

    private static func offMain(_ body: [UInt8]) async -> [Outcome] {
        await Task.detached { [video, playlist, errorList] in [video(body), playlist(body), errorList(body)] }.value
    }

    /// Wrapped in each body's shape: a video's member, a playlist's video, an error entry's member.
    private static func inEachShape(_ value: [UInt8]) -> [(String, [UInt8])] {
        [("video", Array(#"{"id": "1", "name": "#.utf8) + value + Array("}".utf8)),
         ("playlist", Array(#"{"videos": [{"id": "1", "description": "#.utf8) + value + Array("}]}".utf8)),
         ("error", Array(#"[{"error_code": "X", "message": "#.utf8) + value + Array("}]".utf8))]
    }

    func testDeepNestingIsRefused() async {
        let arrays = Array(repeating: UInt8(ascii: "["), count: 300_000) + Array(repeating: UInt8(ascii: "]"), count: 300_000)
        await assertRefusedEverywhere(arrays, "300,000 arrays")
        await assertRefusedEverywhere(Array(repeating: UInt8(ascii: "["), count: 300_000), "300,000 unclosed arrays")
        let objects = Array(String(repeating: #"{"a":"#, count: 200_000).utf8) + [UInt8(ascii: "1")]
            + Array(repeating: UInt8(ascii: "}"), count: 200_000)
        await assertRefusedEverywhere(objects, "200,000 objects")
        for (shape, body) in Self.inEachShape(arrays) {
            await assertRefusedEverywhere(body, "deep value in a \(shape)")
        }
    }

    /// Within JSONDecoder's depth limit (512), nesting decodes, off the main thread too.
    func testNestingWithinTheLimitDecodes() async throws {
        let body = Array(String(repeating: "[", count: 500).utf8) + Array(String(repeating: "]", count: 500).utf8)
        let video = Array(#"{"id": "1", "future": "#.utf8) + body + Array("}".utf8)
        let decoded = try await Task.detached { try Video(jsonData: Data(video)) }.value
        XCTAssertEqual(decoded.id, "1")
        XCTAssertNotNil(decoded.properties["future"]?.arrayValue)
    }

    /// A value JSONDecoder scans but no reader can hold (a number beyond Double, a lone surrogate escape, a raw
    /// NUL in a string) is a bad field: a video or playlist reads without it and its `properties` hold null there;
    /// an error body, read whole, is refused.
    private func assertBadFieldIsDropped(_ value: [UInt8], _ label: String) async throws {
        let video = Array(#"{"id": "1", "name": "#.utf8) + value + Array(#", "future": ["#.utf8) + value + Array("]}".utf8)
        let decoded = try await Task.detached { try Video(jsonData: Data(video)) }.value
        XCTAssertEqual(decoded.id, "1", label)
        XCTAssertNil(decoded.name, label)
        XCTAssertEqual(decoded.properties, ["id": "1", "name": nil, "future": [nil]], label)

        let playlist = Array(#"{"name": "#.utf8) + value + Array(#", "videos": [{"id": "1", "description": "#.utf8)
            + value + Array(#"}, {"id": "2"}]}"#.utf8)
        let list = try Playlist(jsonData: Data(playlist))
        XCTAssertEqual(list.videos.map(\.id), ["1", "2"], label)
        XCTAssertNil(list.name, label)
        XCTAssertNil(list.videos[0].shortDescription, label)
        XCTAssertEqual(list.videos[0].properties["description"], .null, label)

        let errors = Array(#"[{"error_code": "X", "message": "#.utf8) + value + Array("}]".utf8)
        XCTAssertEqual(Self.errorList(errors), .notJSON, label)
    }

    func testHugeNumbersAreDroppedFields() async throws {
        for number in ["1e999", "-1e999", "1" + String(repeating: "0", count: 400)] {
            try await assertBadFieldIsDropped(Array(number.utf8), String(number.prefix(10)))
        }
        // Large but finite: read, and an identifier that is not an exact integer is left out.
        let body = #"{"id": 123456789012345678901234567890, "duration": 1e300, "name": "n"}"#
        XCTAssertEqual(Self.video(Array(body.utf8)), .read)
        let video = try? Video(jsonData: Data(body.utf8))
        XCTAssertNil(video?.id)
        XCTAssertEqual(video?.name, "n")
    }

    func testLoneSurrogatesAreDroppedFields() async throws {
        for escape in [#""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#] {
            XCTAssertNil(try? JSONValue(parsing: Array(escape.utf8)), escape)
            try await assertBadFieldIsDropped(Array(escape.utf8), escape)
        }
    }

    func testRawNULBytesAreDroppedFieldsUnlessEscaped() async throws {
        try await assertBadFieldIsDropped([UInt8(ascii: "\""), 0x61, 0x00, 0x62, UInt8(ascii: "\"")], "a raw NUL in a string")
        await assertRefusedEverywhere([0x00], "a NUL alone")
        await assertRefusedEverywhere(Array(#"{"id": "1"}"#.utf8) + [0x00], "a NUL after the body")
        let escaped = try? Video(jsonData: Data(#"{"id": "1", "name": "a\u0000b"}"#.utf8))
        XCTAssertEqual(escaped?.name, "a\u{0}b", "an escaped NUL is a character like any other")
    }

    func testInvalidUTF8OutsideStringsIsRefused() async {
        await assertRefusedEverywhere([0xFF, 0xFE], "bytes that are not UTF-8")
        await assertRefusedEverywhere(Array(#"{"id": "1", "#.utf8) + [0xC3, 0x28] + Array(": 1}".utf8), "as a name")
    }

    func testTruncatedBodiesAreRefused() async {
        let video = Array(#"{"id": "1", "name": "n\u00e9", "sources": [{"src": "https://a.example/v.m3u8"}], "duration": 1250}"#.utf8)
        let playlist = Array(#"{"id": "7", "videos": ["#.utf8) + video + Array(",".utf8) + video + Array("]}".utf8)
        let errors = Array(#"[{"error_code": "VIDEO_NOT_FOUND", "message": "gone"}]"#.utf8)
        for length in 0..<video.count {
            XCTAssertEqual(Self.video(Array(video.prefix(length))), .notJSON, "\(length)")
        }
        for length in stride(from: 0, to: playlist.count, by: 7) {
            XCTAssertEqual(Self.playlist(Array(playlist.prefix(length))), .notJSON, "\(length)")
        }
        for length in 0..<errors.count {
            XCTAssertEqual(Self.errorList(Array(errors.prefix(length))), .notJSON, "\(length)")
        }
        XCTAssertEqual(Self.video(video), .read)
        XCTAssertEqual(Self.playlist(playlist), .read)
        XCTAssertEqual(Self.errorList(errors), .read)
    }

    /// 10 MB strings are read (a response is capped at 16 MiB before it gets here), or refused when cut short.
    func testTenMegabyteStrings() async throws {
        let long = String(repeating: "x", count: 10_000_000)
        let body = Array(#"{"id": "1", "long_description": ""#.utf8) + Array(long.utf8) + Array(#""}"#.utf8)
        let video = try await Task.detached { try Video(jsonData: Data(body)) }.value
        XCTAssertEqual(video.longDescription?.utf8.count, 10_000_000)
        let playlist = Array(#"{"videos": ["#.utf8) + body + Array("]}".utf8)
        XCTAssertEqual(try Playlist(jsonData: Data(playlist)).videos.first?.longDescription?.count, 10_000_000)
        let errors = Array(#"[{"error_code": "X", "message": ""#.utf8) + Array(long.utf8) + Array(#""}]"#.utf8)
        XCTAssertEqual(PlaybackAPIErrorEntry.parseList(Data(errors))?.first?.message?.count, 10_000_000)
        await assertRefusedEverywhere(Array(body.dropLast(2)), "a 10 MB string cut short")
    }
}
