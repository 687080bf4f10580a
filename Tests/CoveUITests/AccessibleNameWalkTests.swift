import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// Every control of every window and menu Cove opens reads its name once, as a screen reader reads it over
/// AT-SPI: the player with its Audio & Subtitles, More and Play On menus and Statistics, Caption Style,
/// Preferences, Open URL, Downloads, the keyboard shortcuts, an ad playing, and the start page with its Video
/// Cloud form. A control with no name, a name said twice ("Font Font"), a mnemonic underscore ("_Reset") or a
/// widget class ("GtkToggleButton") fails.
final class AccessibleNameWalkTests: XCTestCase {
    static let controls: Set<String> = [
        "push button", "toggle button", "check box", "radio button", "spin button", "combo box", "slider",
        "scroll bar", "text", "entry", "password text", "menu item", "check menu item", "radio menu item",
        "page tab", "link", "switch",
    ]

    /// Why `name` is not one a screen reader user can use, or nil.
    static func fault(_ name: String) -> String? {
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "no name" }
        if words.count % 2 == 0, words.prefix(words.count / 2).elementsEqual(words.suffix(words.count / 2)) {
            return "said twice"
        }
        if name.range(of: #"(^|\s)_\w"#, options: .regularExpression) != nil { return "a mnemonic underscore" }
        if name.range(of: #"^(Gtk|Adw)[A-Z]"#, options: .regularExpression) != nil { return "a widget class" }
        return nil
    }

    func testTheFaultsAreSeen() {
        XCTAssertEqual(Self.fault(""), "no name")
        XCTAssertEqual(Self.fault("Text size (%) Text size (%)"), "said twice")
        XCTAssertEqual(Self.fault("_Reset Reset"), "a mnemonic underscore")
        XCTAssertEqual(Self.fault("GtkToggleButton"), "a widget class")
        XCTAssertNil(Self.fault("Caption Style…"))
        XCTAssertNil(Self.fault("clip_01.mp4"))
    }

    func testEveryControlOfEveryWindowReadsItsNameOnce() throws {
        let script = #"""
            app=$0; drive=$1; shift 1
            "$app" --demo --video-id 6000000000006 > /dev/null 2>&1 & pid=$!
            "$drive" cove 60 "wait push button:Pause" "tree" \
              "click push button:Audio & Subtitles" "wait check box:Off" "tree" "key push button:More=Escape" "gone check box:Off" \
              "click push button:More" "wait check box:Statistics" "tree" "key push button:More=Escape" "gone check box:Statistics" \
              "key push button:More=i" "wait label:Video ID" "tree" \
              "click push button:More" "wait check box:Statistics" "click push button:Caption Style…" \
              "wait frame:Caption Style" "tree" "key frame:Caption Style=Escape" "gone frame:Caption Style" \
              "click push button:Cast" "wait push button:This Computer" "tree" "key push button:More=Escape" \
              "gone push button:This Computer" \
              "key push button:More=ctrl+comma" "wait frame:Preferences" "tree" "key frame:Preferences=Escape" \
              "gone frame:Preferences" \
              "key push button:More=ctrl+l" "wait frame:Open URL" "tree" "key frame:Open URL=Escape" "gone frame:Open URL" \
              "click push button:More" "wait push button:Downloads" "click push button:Downloads" "wait frame:Downloads" \
              "tree" "key frame:Downloads=Escape" "gone frame:Downloads" \
              "key push button:More=ctrl+question" "wait label:Play or pause" "tree" || status=1
            kill $pid; wait $pid
            "$app" --demo --video-id 6000000000014 > /dev/null 2>&1 & pid=$!
            "$drive" cove 30 "wait push button:Learn More" "tree" || status=2
            kill $pid; wait $pid
            "$app" > /dev/null 2>&1 & pid=$!
            "$drive" cove 60 "wait frame:Cove" "tree" "click push button:Play from Video Cloud…" \
              "wait frame:Play from Video Cloud" "tree" || status=3
            kill $pid; wait $pid
            exit ${status:-0}
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive"])
        XCTAssertEqual(run.waitForExit(timeout: 400), 0, run.allOutput)
        let objects = run.standardOutput.split(separator: "\n").compactMap { line -> (role: String, name: String)? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 3 ? (String(fields[1]), String(fields[2])) : nil
        }
        let windows = Set(objects.filter { $0.role == "frame" }.map(\.name))
        XCTAssertTrue(windows.isSuperset(of: ["Cove demo: two languages", "Caption Style", "Preferences", "Open URL",
                                              "Downloads", "Keyboard Shortcuts", "Cove demo: client-side ads", "Cove",
                                              "Play from Video Cloud"]), "\(windows.sorted())")
        let checked = objects.filter { Self.controls.contains($0.role) }
        XCTAssertGreaterThan(checked.count, 100, "the walk reached the controls")
        let faults = Set(checked.compactMap { object in Self.fault(object.name).map { "\(object.role) “\(object.name)”: \($0)" } })
        XCTAssertEqual(faults.sorted(), [])
    }
}
