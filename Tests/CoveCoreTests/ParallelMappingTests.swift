import FoundationEssentials
import XCTest
@testable import CoveCore

/// A large playlist read on several cores: the cuts between them, the runs meeting, and bodies that break or fool
/// the cutting, all against one core and against parsing.
final class ParallelMappingTests: XCTestCase {
    /// A playlist large enough for several runs, written to trip a splitter that did not follow strings: names
    /// holding brackets, commas, braces and escaped quotes, pretty-printed entries, placeholders and entries that are
    /// not videos.
    private static func longPlaylist(count: Int) -> String {
        let entries = (0..<count).map { index -> String in
            switch index % 50 {
            case 7: return #"{"id": "\#(index)", "error_code": "VIDEO_NOT_PLAYABLE", "message": "gone"}"#
            case 13: return #""not a video }, { \"id\": \"x\" ]""#
            case 29: return "null"
            default:
                let name = #"Video \#(index) }, {\"id\": \"fake\"}, ] [ \\ é"#
                return #"""
                {
                  "id": "\#(index)", "name": "\#(name)", "tags": ["a,b", "]"],
                  "sources": [{"src": "https://m.example/\#(index).m3u8", "type": "application/x-mpegURL"},
                              {"src": "https://m.example/\#(index).mp4", "container": "MP4", "size": \#(index)}],
                  "custom_fields": {"k": "},{", "n": \#(index)}, "cue_points": [{"time": 1.5}, {"time": "before"}]
                }
                """#
            }
        }
        let videos = "[\n  " + entries.joined(separator: ",\n  ") + "\n]"
        return #"{"id": "9", "name": "Long", "videos": \#(videos), "type": "EXPLICIT"}"#
    }

    func testALongPlaylistReadsTheSameOnOneCoreAndOnMany() throws {
        let count = ParallelElements.minimumBytesPerWorker * 5 / 300
        let body = Array(Self.longPlaylist(count: count).utf8)
        XCTAssertGreaterThan(body.count, ParallelElements.minimumBytesPerWorker * 4, "long enough for four runs")
        let fromJSONValue = try Playlist(json: JSONValue(parsing: body))
        for workers in [1, 2, 3, 4] {
            let mapped = try Playlist.mapping(body, workers: workers)
            XCTAssertEqual(mapped.value, fromJSONValue, "\(workers) workers")
            XCTAssertFalse(mapped.sawOtherAddress)
            XCTAssertEqual(mapped.value.type, "EXPLICIT", "members after the videos are read too")
        }
        let expectedIDs = (0..<count).filter { $0 % 50 != 13 && $0 % 50 != 29 }.map(String.init)
        XCTAssertEqual(fromJSONValue.videos.map(\.id), expectedIDs)
        XCTAssertEqual(fromJSONValue.failedVideos.count, (0..<count).filter { $0 % 50 == 7 }.count)
        XCTAssertEqual(fromJSONValue.videos[0].name, #"Video 0 }, {"id": "fake"}, ] [ \ é"#)
    }

    /// A long body broken anywhere (in the first run, the last, or cut short) fails as a whole on every core
    /// count, as it does when parsed.
    func testABrokenLongPlaylistFailsAsAWhole() throws {
        let count = ParallelElements.minimumBytesPerWorker * 5 / 300
        let body = Array(Self.longPlaylist(count: count).utf8)
        var broken: [[UInt8]] = [Array(body.dropLast(3))]
        let separator = Array(",\n  ".utf8)
        for fraction in [0.2, 0.5, 0.8] {
            // Between two videos, so the damage is outside any string.
            var at = Int(Double(body.count) * fraction)
            while !body[at...].starts(with: separator) { at += 1 }
            at += 1
            // A stray quote opens a string that swallows the structure after it.
            var quoted = body
            quoted.insert(UInt8(ascii: "\""), at: at)
            var garbage = body
            garbage.insert(contentsOf: Array("}}".utf8), at: at)
            broken += [quoted, garbage]
        }
        for bytes in broken {
            XCTAssertThrowsError(try JSONValue(parsing: bytes))
            for workers in [1, 2, 4] {
                XCTAssertThrowsError(try Playlist.mapping(bytes, workers: workers)) { error in
                    guard case .notJSON = error as? PlaybackJSONError else { return XCTFail("\(error)") }
                }
            }
        }
    }

    /// The runs a long playlist is cut into start at videos, whether the cut is guessed near each share or found
    /// by scanning, and read on their own they meet: the parallel read is what happens, not the fallback.
    func testALongPlaylistIsCutIntoRunsThatMeet() throws {
        let count = ParallelElements.minimumBytesPerWorker * 5 / 300
        let body = Array(Self.longPlaylist(count: count).utf8)
        let videosAt = body.firstIndex(of: UInt8(ascii: "["))!
        try body.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer, owner: JSONBytes(body))
            cursor.index = videosAt
            let guessed = try XCTUnwrap(ParallelElements.guessedRuns(of: cursor, workers: 4,
                                                                    telling: VideoField.isVideoOnly))
            let scanned = try XCTUnwrap(ParallelElements.scannedRuns(of: cursor, workers: 4))
            for runs in [guessed, scanned] {
                XCTAssertEqual(runs.count, 4)
                for start in runs {
                    let before = String(decoding: buffer[..<start].suffix(4), as: UTF8.self)
                    XCTAssertTrue(before == ",\n  " || before == "[\n  ", "an element starts here, not \(before)")
                }
                let read = try XCTUnwrap(ParallelElements.read(runs, cursor) { (cursor) throws(JSONSyntaxError) in
                    try Video.read(&cursor)
                })
                XCTAssertEqual(read.elements.count,
                               count - (0..<count).filter { $0 % 50 == 13 || $0 % 50 == 29 }.count)
                XCTAssertEqual(buffer[read.end - 1], UInt8(ascii: "]"), "the last run ends past the array")
            }
        }
    }

    /// Objects nested in videos that look like videos (a variant with a poster) mislead the guess; the runs then
    /// do not meet, the exact scan cuts instead, and the playlist reads the same.
    func testAMisleadingGuessFallsBackToTheScan() throws {
        let videos = (0..<700).map { index in
            #"{"id": "\#(index)", "poster": "https://i.example/\#(index).jpg", "#
                + #""variants": [{"poster": "x"}, {"poster": "y"}, {"poster": "z"}, {"poster": "w"}, "#
                + #"{"poster": "v"}, {"poster": "u"}], "long_description": "\#(String(repeating: "x", count: 200))"}"#
        }
        let body = Array((#"{"videos": ["# + videos.joined(separator: ", ") + "]}").utf8)
        XCTAssertGreaterThan(body.count, ParallelElements.minimumBytesPerWorker * 2)
        try body.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer, owner: JSONBytes(body))
            cursor.index = body.firstIndex(of: UInt8(ascii: "["))!
            let guessed = try XCTUnwrap(ParallelElements.guessedRuns(of: cursor, workers: 2,
                                                                    telling: VideoField.isVideoOnly))
            XCTAssertEqual(String(decoding: buffer[guessed[1]...].prefix(8), as: UTF8.self), #"{"poster"#,
                           "the guess lands on a variant")
            XCTAssertNil(ParallelElements.read(guessed, cursor) { (cursor) throws(JSONSyntaxError) in
                try Video.read(&cursor)
            }, "runs cut inside a video do not meet")
        }
        let mapped = try Playlist.mapping(body, workers: 2).value
        XCTAssertEqual(mapped, try Playlist(json: JSONValue(parsing: body)))
        XCTAssertEqual(mapped.videos.map(\.id), (0..<700).map(String.init))
    }

    /// The splitter's scan: the element starts it finds are real ones, the first at or after each target.
    func testTheScanFindsElementStarts() {
        let text = #"[{"a": "],{"}, "x\"]", [1, [2]], {"b": {}} ,  3]"#
        let bytes = Array(text.utf8)
        let starts = bytes.withUnsafeBufferPointer { JSONScan.elementStarts($0, from: 1, atOrAfter: [2, 16, 31]) }
        let elements = starts.map { String(decoding: bytes[$0...].prefix(3), as: UTF8.self) }
        XCTAssertEqual(elements, [#""x\"#, "[1,", #"{"b"#])
        let pastTheEnd = bytes.withUnsafeBufferPointer { JSONScan.elementStarts($0, from: 1, atOrAfter: [40, 100]) }
        XCTAssertEqual(pastTheEnd.map { bytes[$0] }, [UInt8(ascii: "3")], "none past the array's end")
    }

    /// Damaged bodies, made at random but the same every run: whatever the damage, the one-pass mapping on two cores
    /// fails exactly when parsing fails, with the same kind of error, and otherwise gives the same playlist.
    func testDamagedBodiesAgreeWithParsing() throws {
        let count = ParallelElements.minimumBytesPerWorker * 3 / 400
        let original = Array(Self.longPlaylist(count: count).utf8)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let structural = Array(#"{}[]:,"\ 0-e"#.utf8)
        var agreed = (valid: 0, invalid: 0)
        for _ in 0..<80 {
            var body = original
            for _ in 0..<(1 + next(3)) {
                let at = next(body.count)
                switch next(4) {
                case 0: body.remove(at: at)
                case 1: body.insert(structural[next(structural.count)], at: at)
                case 2: body[at] = structural[next(structural.count)]
                default: body.removeLast(next(64) + 1)
                }
            }
            let parsed = Result { () throws(PlaybackJSONError) in try Playlist(json: JSONValue(parsing: body)) }
            let mapped = Result { () throws(PlaybackJSONError) in try Playlist.mapping(body, workers: 2).value }
            switch (parsed, mapped) {
            case (.success(let parsed), .success(let mapped)):
                XCTAssertEqual(mapped, parsed)
                agreed.valid += 1
            case (.failure(let parsed), .failure(let mapped)):
                XCTAssertEqual(Self.kind(of: mapped), Self.kind(of: parsed))
                agreed.invalid += 1
            default:
                XCTFail("parsing gave \(parsed), one-pass mapping \(mapped)")
            }
        }
        XCTAssertGreaterThan(agreed.invalid, 30, "most damage breaks the JSON")
        XCTAssertGreaterThan(agreed.valid, 3, "some damage stays inside strings")
    }

    private static func kind(of error: PlaybackJSONError) -> String {
        switch error {
        case .notJSON: "not JSON"
        case .unexpectedShape: "unexpected shape"
        }
    }
}
