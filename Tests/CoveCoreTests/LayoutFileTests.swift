import FoundationEssentials
import XCTest
@testable import CoveCore

final class LayoutFileTests: XCTestCase {
    private let good = """
        {
          "standard": [
            [{"tag": "playback"}, {"tag": "currentTime", "width": 70},
             {"tag": "progress", "elasticity": 2},
             {"tag": "empty", "id": "logo", "width": 80, "elasticity": 0},
             {"tag": "closedCaption", "removed": true}, {"tag": "screenMode", "width": -1}]
          ],
          "compact": [
            [{"tag": "currentTime"}, {"tag": "progress"}],
            [{"tag": "playback"}, {"tag": "empty", "elasticity": 1}, {"tag": "empty", "id": "logo"},
             {"tag": "screenMode"}]
          ],
          "controlBarHeight": 48, "horizontalItemSpacing": 6, "compactLayoutMaximumWidth": 500
        }
        """

    private func failure(_ text: String) -> LayoutFileError? {
        do {
            _ = try ControlLayout(layoutJSON: text)
            return nil
        } catch {
            return error
        }
    }

    func testReadsAGoodFile() throws {
        let layout = try ControlLayout(layoutJSON: good)
        XCTAssertEqual(layout.standard.map { $0.map(\.tag) },
                       [[.playback, .currentTime, .progress, .empty, .closedCaption, .screenMode]])
        XCTAssertEqual(layout.compact.map { $0.map(\.tag) },
                       [[.currentTime, .progress], [.playback, .empty, .empty, .screenMode]])
        let row = layout.standard[0]
        XCTAssertEqual(row.map(\.resolvedWidth), [36, 70, 60, 80, 36, 36])
        XCTAssertEqual(row.map(\.elasticity), [0, 0, 2, 0, 0, 0])
        XCTAssertEqual(row.map(\.isRemoved), [false, false, false, false, true, false])
        XCTAssertEqual(row[3].identifier, "logo")
        XCTAssertTrue(layout.compact[0][0] === row[1], "a tag in both arrangements is one control")
        XCTAssertTrue(layout.compact[0][1] === row[2], "values given once hold for both appearances")
        XCTAssertTrue(layout.compact[1][2] === row[3], "an empty view is shared by its id")
        XCTAssertNil(layout.compact[1][1].identifier)
        XCTAssertEqual(layout.allLayoutItems.count, 7)
        XCTAssertEqual(layout.controlBarHeight, 48)
        XCTAssertEqual(layout.horizontalItemSpacing, 6)
        XCTAssertEqual(layout.compactLayoutMaximumWidth, 500)
        XCTAssertTrue(layout.frames(forWidth: 499).compact)
    }

    func testTheDocumentedExampleIsAValidFile() throws {
        let format = ControlLayout.layoutFileFormat
        let start = try XCTUnwrap(format.firstRange(of: ".EX\n")).upperBound
        let end = try XCTUnwrap(format[start...].firstRange(of: ".EE")).lowerBound
        let layout = try ControlLayout(layoutJSON: String(format[start..<end]))
        XCTAssertEqual(layout.compact.count, 2)
    }

    func testCompactRowsAreOptional() throws {
        let layout = try ControlLayout(layoutJSON: #"{"standard": [[{"tag": "playback"}]]}"#)
        XCTAssertTrue(layout.compact.isEmpty)
        XCTAssertFalse(layout.frames(forWidth: 100).compact)
        XCTAssertEqual(layout.controlBarHeight, 44)
    }

    func testUnknownTagNamesItsLineAndColumn() throws {
        let text = """
            {
              "standard": [
                [{"tag": "playback"},
                 {"tag": "plaback", "width": 40}]
              ]
            }
            """
        let error = try XCTUnwrap(failure(text))
        XCTAssertEqual(error.problem, .unknownTag("plaback"))
        XCTAssertEqual(error.position, TextPosition(line: 4, column: 14))
        XCTAssertTrue(error.message.hasPrefix("line 4, column 14: "), error.message)
        XCTAssertTrue(error.message.contains("“plaback”"), error.message)
        XCTAssertTrue(error.message.contains("pictureInPicture"), "the message lists the known controls")
    }

    /// Every control can be named in a layout file, Cove's own (volume, overflow) included.
    func testEveryTagCanBeNamedInALayoutFile() throws {
        for tag in ViewTag.allCases {
            let layout = try ControlLayout(layoutJSON: #"{"standard": [[{"tag": "\#(tag.name)"}]]}"#)
            XCTAssertEqual(layout.standard.first?.first?.tag, tag, tag.name)
        }
        let more = try ControlLayout(layoutJSON: #"{"standard": [[{"tag": "playback"}, {"tag": "overflow"}]]}"#)
        XCTAssertEqual(more.standard[0].map(\.tag), [.playback, .overflow])
        XCTAssertEqual(more.standard[0][1].resolvedWidth, 36, "a button's width")
        XCTAssertEqual(ViewTag(name: "overflow")?.rawValue, 202)
        let unknown = try XCTUnwrap(failure(#"{"standard": [[{"tag": "more"}]]}"#))
        XCTAssertTrue(unknown.message.contains("volume, overflow"), unknown.message)
    }

    func testBadValuesNameTheirLine() throws {
        let cases: [(item: String, problem: LayoutFileError.Problem, column: Int)] = [
            (#"{"tag": "playback", "width": "36"}"#, .badWidth, 34),
            (#"{"tag": "playback", "width": -2}"#, .badWidth, 34),
            (#"{"tag": "playback", "width": null}"#, .badWidth, 34),
            (#"{"tag": "progress", "elasticity": -1}"#, .badElasticity, 39),
            (#"{"tag": "progress", "elasticity": true}"#, .badElasticity, 39),
            (#"{"tag": "playback", "removed": "yes"}"#, .badRemoved, 36),
            (#"{"tag": 1}"#, .tagNotAName, 13),
            (#"{"width": 36}"#, .missingTag, 5),
            (#"{"tag": "playback", "elastic": 1}"#, .unknownKey("elastic"), 25),
            (#"{"tag": "playback", "tag": "playback"}"#, .repeatedKey("tag"), 25),
            (#"{"tag": "empty", "id": ""}"#, .badIdentifier, 28),
            (#"{"tag": "playback", "id": "x"}"#, .identifierOnNonEmpty, 31),
            (#""playback""#, .notAControl, 5),
        ]
        for (item, problem, column) in cases {
            let text = "{\n  \"standard\": [\n    [\n    \(item)\n    ]\n  ]\n}"
            let error = failure(text)
            XCTAssertEqual(error?.problem, problem, item)
            XCTAssertEqual(error?.position, TextPosition(line: 4, column: column), item)
            XCTAssertEqual(error?.message.hasPrefix("line 4, column \(column): "), true, item)
        }
    }

    func testStructuralMistakes() {
        let cases: [(text: String, problem: LayoutFileError.Problem, line: Int)] = [
            ("[]", .notALayout, 1),
            ("{\n\"compact\": []\n}", .missingStandardRows, 1),
            ("{\n\"standard\": {}\n}", .notRows("standard"), 2),
            ("{\"standard\": [],\n\"compact\": [{\"tag\": \"playback\"}]}", .notARow, 2),
            ("{\"standard\": [],\n\"rows\": []}", .unknownKey("rows"), 2),
            ("{\"standard\": [],\n\"controlBarHeight\": \"44\"}", .badDimension("controlBarHeight"), 2),
            ("{\"standard\": [],\n\"horizontalItemSpacing\": -8}", .badDimension("horizontalItemSpacing"), 2),
            ("{\"standard\": [[{\"tag\": \"volume\"},\n{\"tag\": \"volume\"}]]}",
             .repeatedControl("volume", firstLine: 1), 2),
            ("{\"standard\": [[{\"tag\": \"empty\", \"id\": \"a\"}],\n[{\"tag\": \"empty\", \"id\": \"a\"}]]}",
             .repeatedControl("empty", firstLine: 1), 2),
            ("{\"standard\": [[{\"tag\": \"progress\", \"elasticity\": 1}]],\n"
                + "\"compact\": [[{\"tag\": \"progress\", \"elasticity\": 2}]]}",
             .conflictingControl("progress", firstLine: 1), 2),
        ]
        for (text, problem, line) in cases {
            let error = failure(text)
            XCTAssertEqual(error?.problem, problem, text)
            XCTAssertEqual(error?.line, line, text)
        }
        // Anonymous spacers may repeat: each is its own view.
        let spacers = try? ControlLayout(layoutJSON: #"{"standard": [[{"tag": "empty"}, {"tag": "empty"}]]}"#)
        XCTAssertEqual(spacers?.allLayoutItems.count, 2)
    }

    func testSyntaxErrorsNameTheirPlace() {
        let cases: [(text: String, problem: LayoutFileError.Problem, line: Int, column: Int)] = [
            ("{\n  \"standard\": [\n    [{\"tag\": \"playback\"}\n    {\"tag\": \"volume\"}]]}",
             .unexpectedCharacter("{"), 4, 5),
            ("{\"standard\": [[]]", .unexpectedEnd, 1, 18),
            ("{\"standard\": [[]]}\n}", .trailingContent, 2, 1),
            ("{\"standard\": [[{\"tag\": \"playback\", \"width\": 01}]]}", .invalidNumber, 1, 45),
            ("{\"standard\": [[{\"tag\": \"playback\", \"width\": 1.}]]}", .invalidNumber, 1, 45),
            ("{\"standard\": [[{\"tag\": \"playback\", \"width\": -}]]}", .invalidNumber, 1, 45),
            ("{\"standard\": [[{\"tag\": \"play\\qback\"}]]}", .invalidEscape, 1, 29),
            ("{\"standard\": [[{\"tag\": \"play\nback\"}]]}", .controlCharacterInString, 1, 29),
            ("{\"standard\": [[{\"tag\": \"x\\ud800\"}]]}", .invalidEscape, 1, 26),
            ("{\"standard\": tru}", .unexpectedCharacter("t"), 1, 14),
            ("{\"standard\": [[{'tag': 1}]]}", .unexpectedCharacter("'"), 1, 17),
            ("{\"é\": ×}", .unexpectedCharacter("×"), 1, 7),
            (String(repeating: "[", count: 100), .tooDeep, 1, 65),
            ("", .unexpectedEnd, 1, 1),
        ]
        for (text, problem, line, column) in cases {
            let error = failure(text)
            XCTAssertEqual(error?.problem, problem, text)
            XCTAssertEqual(error?.position, TextPosition(line: line, column: column), text)
        }
    }

    func testJSONStringsNumbersAndLiteralsAreRead() throws {
        let text = "\u{FEFF}{\"standard\": [[{\"tag\": \"em\\u0070ty\", "
            + "\"id\": \"caf\\u00e9 \\ud83d\\ude00 \\\"\\\\\\/\\t\","
            + " \"width\": 1.5e1, \"elasticity\": 0.25, \"removed\": false}]], \"compactLayoutMaximumWidth\": 4E2}"
        let layout = try ControlLayout(layoutJSON: text)
        let view = layout.standard[0][0]
        XCTAssertEqual(view.tag, .empty)
        XCTAssertEqual(view.identifier, "café 😀 \"\\/\t")
        XCTAssertEqual(view.width, 15)
        XCTAssertEqual(view.elasticity, 0.25)
        XCTAssertEqual(layout.compactLayoutMaximumWidth, 400)
    }

    func testReadsFromAFile() throws {
        let path = FileManager.default.temporaryDirectory
            .appending(path: "cove-layout-\(UInt64.random(in: 0...UInt64.max)).json")
        try Data(good.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        XCTAssertEqual(try ControlLayout(contentsOfLayoutFile: path.path).standard[0].count, 6)

        do {
            _ = try ControlLayout(contentsOfLayoutFile: path.path + ".missing")
            XCTFail("a missing file must be refused")
        } catch {
            XCTAssertNil(error.position)
            guard case .unreadable(let cause) = error.problem else { return XCTFail("\(error.problem)") }
            XCTAssertEqual(error.message, "cannot read the layout file: no such file")
            XCTAssertEqual(cause, "no such file")
        }
        do {
            _ = try ControlLayout(contentsOfLayoutFile: FileManager.default.temporaryDirectory.path)
            XCTFail("a directory must be refused")
        } catch {
            XCTAssertEqual(error.problem, .unreadable("it is a directory"))
        }
    }

    func testUserTextIsNotTakenForAPlaceholder() {
        XCTAssertEqual("a %@ b %@ c".filling("%@", "x"), "a %@ b x c")
        XCTAssertEqual("no placeholder".filling("x"), "no placeholder")
        let error = failure(#"{"standard": [[{"tag": "%@"}]]}"#)
        XCTAssertEqual(error?.problem, .unknownTag("%@"))
        XCTAssertTrue(error?.message.contains("“%@”; the controls are: playback,") == true, error?.message ?? "")
    }
}
