import FoundationEssentials
import XCTest
@testable import CoveCore

/// Layout files that are broken or hostile: each gets a clear error with its place, never a crash, a stack overflow
/// or a layout the toolkit cannot take.
final class LayoutFileHostileInputTests: XCTestCase {
    private let good = #"{"standard": [[{"tag": "playback"}, {"tag": "progress", "elasticity": 1}]]}"#

    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line)
        -> LayoutFileError.Problem? {
        do {
            _ = try ControlLayout(layoutJSON: text)
            XCTFail("accepted", file: file, line: line)
            return nil
        } catch {
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
            XCTAssertNotNil(error.position, file: file, line: line)
            return error.problem
        }
    }

    func testHundredsOfThousandsOfOpenBracketsAreTooDeep() {
        let depth = 300_000
        XCTAssertEqual(problem(String(repeating: "[", count: depth)), .tooDeep)
        XCTAssertEqual(problem(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)), .tooDeep)
        XCTAssertEqual(problem(#"{"standard": "# + String(repeating: #"[{"a": "#, count: depth)), .tooDeep)
    }

    /// The UI turns every size into a 32-bit pixel count; a huge number (or `1e999`, infinity) would trap there.
    func testHugeNumbersAreRefused() {
        let cases: [(String, LayoutFileError.Problem)] = [
            (#"{"standard": [[{"tag": "playback", "width": 1e12}]]}"#, .tooLarge("width", maximum: 10_000)),
            (#"{"standard": [[{"tag": "playback", "width": 1e999}]]}"#, .invalidNumber),
            (#"{"standard": [[{"tag": "progress", "elasticity": 1e300}]]}"#, .tooLarge("elasticity", maximum: 1_000)),
            (#"{"standard": [[{"tag": "playback"}]], "controlBarHeight": 3e9}"#,
             .tooLarge("controlBarHeight", maximum: 10_000)),
            (#"{"standard": [[{"tag": "playback"}]], "horizontalItemSpacing": 10000.5}"#,
             .tooLarge("horizontalItemSpacing", maximum: 10_000)),
            (#"{"standard": [[]], "compactLayoutMaximumWidth": "# + String(repeating: "9", count: 400) + "}",
             .invalidNumber),
            (#"{"standard": [[]], "compactLayoutMaximumWidth": 1"# + String(repeating: "0", count: 300) + "}",
             .tooLarge("compactLayoutMaximumWidth", maximum: 10_000)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(problem(text), expected, String(text.prefix(80)))
        }
        let message = LayoutFileError(position: TextPosition(line: 1, column: 5),
                                      problem: .tooLarge("width", maximum: 10_000)).message
        XCTAssertTrue(message.contains("“width”") && message.contains("10000"), message)
    }

    func testTooManyRowsOrControlsAreRefused() {
        let row = #"[{"tag": "playback"}]"#
        XCTAssertEqual(problem(#"{"standard": ["# + Array(repeating: row, count: 17).joined(separator: ",") + "]}"),
                       .tooManyRows("standard", maximum: 16))
        let spacer = #"{"tag": "empty"}"#
        XCTAssertEqual(problem(#"{"standard": [["# + Array(repeating: spacer, count: 65).joined(separator: ",") + "]]}"),
                       .tooManyControls(maximum: 64))
    }

    /// The largest layout the limits allow still lays out in sizes a 32-bit pixel count holds.
    func testTheLargestAllowedLayoutFitsThirtyTwoBitPixels() throws {
        let spacer = #"{"tag": "empty", "width": 10000, "elasticity": 1000}"#
        let row = "[" + Array(repeating: spacer, count: 64).joined(separator: ",") + "]"
        let layout = try ControlLayout(layoutJSON: #"{"standard": ["# + Array(repeating: row, count: 16)
            .joined(separator: ",") + #"], "controlBarHeight": 10000, "horizontalItemSpacing": 10000}"#)
        let limit = Double(Int32.max)
        for width in [0, 320, 1280, limit] {
            let result = layout.frames(forWidth: width)
            XCTAssertLessThan(result.height, limit)
            for view in layout.allLayoutItems {
                guard let frame = result[view] else { continue }
                for value in [frame.x, frame.y, frame.width, frame.height] {
                    XCTAssertTrue(value.isFinite && abs(value) < limit, "\(frame) at \(width)")
                }
            }
        }
    }

    func testInvalidUTF8LoneSurrogatesAndNULs() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "cove-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "layout.json").path
        // A byte that is not UTF-8 inside a tag name reads as U+FFFD and names the tag as written.
        try Data(#"{"standard": [[{"tag": "play"#.utf8 + [0xFF, 0xC3] + #"back"}]]}"#.utf8)
            .write(to: URL(filePath: path))
        XCTAssertThrowsError(try ControlLayout(contentsOfLayoutFile: path)) { error in
            XCTAssertEqual((error as? LayoutFileError)?.problem, .unknownTag("play\u{FFFD}\u{FFFD}back"))
            XCTAssertEqual((error as? LayoutFileError)?.position, TextPosition(line: 1, column: 24))
        }
        try Data([0xFE, 0xFF, 0x00, 0x7B]).write(to: URL(filePath: path))
        XCTAssertThrowsError(try ControlLayout(contentsOfLayoutFile: path)) { error in
            XCTAssertEqual((error as? LayoutFileError)?.problem, .unexpectedCharacter("\u{FFFD}"))
        }
        XCTAssertEqual(problem(#"{"standard": [[{"tag": "\ud800"}]]}"#), .invalidEscape, "a lone high surrogate")
        XCTAssertEqual(problem(#"{"standard": [[{"tag": "\udc00x"}]]}"#), .invalidEscape, "a lone low surrogate")
        XCTAssertEqual(problem("{\"standard\": [[{\"tag\": \"play\0back\"}]]}"), .controlCharacterInString)
        XCTAssertEqual(problem("{\"standard\": [[]]}\0"), .trailingContent)
        XCTAssertEqual(problem("\0"), .unexpectedCharacter("\0"))
    }

    func testEveryTruncationIsAClearError() {
        for length in 0..<good.count {
            let cut = String(good.prefix(length))
            XCTAssertNotNil(problem(cut), cut)
        }
        XCTAssertEqual(problem(String(good.dropLast())), .unexpectedEnd)
    }

    func testTenMegabyteStringsAndLines() {
        let big = String(repeating: "a", count: 10 * 1024 * 1024)
        XCTAssertEqual(problem(#"{"standard": [[{"tag": ""# + big + #""}]]}"#), .unknownTag(big))
        XCTAssertEqual(problem(#"{""# + big + #"": 1}"#), .unknownKey(big))
        XCTAssertEqual(problem(#"{"standard": ""# + big), .unexpectedEnd)
        let spaces = String(repeating: " ", count: 10 * 1024 * 1024)
        XCTAssertNoThrow(try ControlLayout(layoutJSON: spaces + good + spaces))
    }
}
