import CoveCore
import CoveGLib
@testable import CoveUI
import Foundation
import XCTest

/// The caption style survives a restart: the store writes the state file's [Caption Style] group after each
/// change, a new store over the file read again starts from it, and the file's other groups are left alone.
final class CaptionStyleStoreTests: XCTestCase {
    private var directory = ""

    override func setUp() {
        directory = NSTemporaryDirectory() + "cove-caption-style-\(getpid())-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testTheStyleSurvivesARestartThroughTheStateFile() throws {
        let directory = directory
        try MainActor.assumeIsolated {
            let path = directory + "/cove/state.ini"
            let first = StateKeyFile(path: path)
            first.set("fr", for: "language", in: "Captions")
            let store = CaptionStyleStore(stateFile: first)
            XCTAssertEqual(store.appearance, .default, "nothing stored yet")
            var style = CaptionAppearance()
            style.fontFamily = .casual
            style.sizePercent = 200
            style.windowColor = .init(rgb: 0x00_00FF, opacity: 0.5)
            style.characterEdge = .uniform
            store.appearance = style

            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains("[Caption Style]"), text)
            XCTAssertTrue(text.contains("font-family=casual"), text)
            XCTAssertTrue(text.contains("window-color=#0000FF"), text)

            // The next run reads it back.
            let restarted = CaptionStyleStore(stateFile: StateKeyFile(path: path))
            XCTAssertEqual(restarted.appearance, style)
            XCTAssertEqual(StateKeyFile(path: path).string("language", in: "Captions"), "fr", "other groups stay")

            // Reset removes the group.
            restarted.reset()
            let reread = StateKeyFile(path: path)
            XCTAssertTrue(reread.groups(withPrefix: CaptionAppearance.keyFileGroup).isEmpty)
            XCTAssertEqual(CaptionStyleStore(stateFile: reread).appearance, .default)
            XCTAssertEqual(reread.string("language", in: "Captions"), "fr")
        }
    }

    func testAHostileGroupIsClampedOrIgnoredAndAFailedWriteIsReported() throws {
        let directory = directory
        try MainActor.assumeIsolated {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/state.ini"
            try """
            [Caption Style]
            size=9999
            font-family=Wingdings
            text-color=#zzzzzz
            background-color=#00FF00
            background-opacity=-3
            character-edge=raised
            """.write(toFile: path, atomically: true, encoding: .utf8)
            let store = CaptionStyleStore(stateFile: StateKeyFile(path: path))
            var expected = CaptionAppearance()
            expected.sizePercent = 300
            expected.backgroundColor = .init(rgb: 0x00_FF00, opacity: 0)
            expected.characterEdge = .raised
            XCTAssertEqual(store.appearance, expected)

            // A file that cannot be written is reported, and the style still applies.
            let blocked = directory + "/blocked"
            try "not a folder".write(toFile: blocked, atomically: true, encoding: .utf8)
            var reported: [String] = []
            let unwritable = CaptionStyleStore(stateFile: StateKeyFile(path: blocked + "/state.ini")) { reported.append($0) }
            unwritable.appearance = expected
            XCTAssertEqual(reported.count, 1, "\(reported)")
            XCTAssertEqual(unwritable.appearance, expected)
        }
    }

    func testObserversAreToldAndRemoved() {
        MainActor.assumeIsolated {
            let store = CaptionStyleStore()
            var seen: [CaptionAppearance] = []
            let id = store.observe { seen.append($0) }
            var big = CaptionAppearance()
            big.sizePercent = 250
            store.appearance = big
            store.appearance = big
            XCTAssertEqual(seen, [big], "told once per change")
            store.removeObserver(id)
            store.reset()
            XCTAssertEqual(seen, [big])
            XCTAssertEqual(store.appearance, .default)
        }
    }
}
