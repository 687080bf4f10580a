import CoveApp
import CoveCore
import Foundation
import XCTest

/// The application's shell as a GNOME user meets it, in the real `cove`: light or dark as the desktop says
/// (GSettings' keyfile backend stands for the desktop's settings, with no portal on the test's bus), or as
/// Preferences fixed it; the primary menu and About over AT-SPI; Preferences kept under $XDG_CONFIG_HOME. Each
/// window is captured from the X server (ximagesrc) and judged by its mean brightness; with COVE_SCREENSHOT_DIR
/// set, the PNGs are kept there (data/screenshots).
final class CoveShellTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        folders = []
    }

    private func folder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cove-shell-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    /// A config folder whose GSettings say `color-scheme`, and Cove's settings file if given.
    private func desktop(colorScheme: String, settings: String? = nil) throws -> URL {
        let config = try folder("config")
        let gsettings = config.appendingPathComponent("glib-2.0/settings")
        try FileManager.default.createDirectory(at: gsettings, withIntermediateDirectories: true)
        try "[org/gnome/desktop/interface]\ncolor-scheme='\(colorScheme)'\n"
            .write(to: gsettings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        if let settings {
            try FileManager.default.createDirectory(at: config.appendingPathComponent("cove"), withIntermediateDirectories: true)
            try settings.write(to: config.appendingPathComponent("cove/settings.ini"), atomically: true, encoding: .utf8)
        }
        return config
    }

    /// Starts `cove` (the start page), captures it, then Preferences (Ctrl+,), Downloads (its button) and About
    /// (the primary menu's last item); returns each window's mean brightness (0–255) by name.
    private func brightness(config: URL, suffix: String, language: String = "en") throws -> [String: Double] {
        let shots = try folder("shots")
        let script = #"""
            app=$0; drive=$1; out=$2
            "$app" > /dev/null 2>&1 & pid=$!
            snap() {
              wid=$(timeout 20 xdotool search --sync --onlyvisible --name "^$1\$" | head -1)
              [ -n "$wid" ] || return 1
              # The pointer out of the picture (the clicks left it on a button).
              xdotool mousemove 1279 799
              sleep 1
              for format in GRAY8 png; do
                if [ $format = png ]; then encode="pngenc ! filesink location=$out/$2.png"
                else encode="video/x-raw,format=GRAY8 ! filesink location=$out/$2.gray"; fi
                gst-launch-1.0 -q ximagesrc xid=$wid num-buffers=1 use-damage=false ! videoconvert ! $encode || return 1
              done
            }
            "$drive" cove 60 "wait push button:$3" && snap Cove start-page \
              && "$drive" cove 30 "key push button:$3=ctrl+comma" "wait frame:$4" && snap "$4" preferences \
              && "$drive" cove 30 "key frame:$4=Escape" "gone frame:$4" "click push button:$5" "wait frame:$5" \
              && snap "$5" downloads \
              && "$drive" cove 30 "key frame:$5=Escape" "gone frame:$5" "click push button:$6" "click menu item:$7" \
                   "wait frame:$7" && snap "$7" about; status=$?
            kill $pid; wait $pid
            exit $status
            """#
        let names = language == "ar" ? ["فتح ملف…", "التفضيلات", "التنزيلات", "القائمة الرئيسية", "عن Cove"]
            : ["Open File…", "Preferences", "Downloads", "Main Menu", "About Cove"]
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
                                                           shots.path] + names,
                                                  environment: ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path,
                                                                "XDG_STATE_HOME": try folder("state").path,
                                                                "LANGUAGE": language])
        XCTAssertEqual(run.waitForExit(timeout: 150), 0, run.allOutput)
        var result: [String: Double] = [:]
        for name in ["start-page", "preferences", "downloads", "about"] {
            let gray = try Data(contentsOf: shots.appendingPathComponent(name + ".gray"))
            XCTAssertGreaterThan(gray.count, 10_000, "\(name): a window's worth of pixels")
            result[name] = Double(gray.reduce(0) { $0 + Int($1) }) / Double(max(gray.count, 1))
            if let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"] {
                let target = URL(fileURLWithPath: directory).appendingPathComponent("\(name)-\(suffix).png")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: shots.appendingPathComponent(name + ".png"), to: target)
            }
        }
        return result
    }

    func testTheShellFollowsTheDesktopsDarkAndLightStyles() throws {
        let dark = try brightness(config: try desktop(colorScheme: "prefer-dark"), suffix: "dark")
        for (window, value) in dark { XCTAssertLessThan(value, 90, "\(window) is dark with prefer-dark: \(dark)") }
        let light = try brightness(config: try desktop(colorScheme: "default"), suffix: "light")
        for (window, value) in light { XCTAssertGreaterThan(value, 170, "\(window) is light by default: \(light)") }
    }

    func testAStyleChosenInPreferencesWinsOverTheDesktops() throws {
        let dark = try brightness(config: try desktop(colorScheme: "default", settings: "[Preferences]\nstyle=dark\n"),
                                  suffix: "chosen-dark")
        for (window, value) in dark { XCTAssertLessThan(value, 90, "\(window): Dark chosen: \(dark)") }
        let light = try brightness(config: try desktop(colorScheme: "prefer-dark", settings: "[Preferences]\nstyle=light\n"),
                                   suffix: "chosen-light")
        for (window, value) in light { XCTAssertGreaterThan(value, 170, "\(window): Light chosen: \(light)") }
    }

    func testInArabicTheShellIsDarkAndTranslated() throws {
        let dark = try brightness(config: try desktop(colorScheme: "prefer-dark"), suffix: "dark-ar", language: "ar")
        for (window, value) in dark { XCTAssertLessThan(value, 90, "\(window): \(dark)") }
    }

    /// The menu found by its name lists its items in order; About Cove opens the About window with the version.
    /// Over the player too: the header bar over the picture holds the same menu.
    func testThePrimaryMenuListsItsItemsAndAboutShowsTheVersion() throws {
        let script = #"""
            app=$0; drive=$1; version=$2
            "$app" > /dev/null 2>&1 & pid=$!
            "$drive" cove 60 "wait push button:Open File…" "click push button:Main Menu" "wait menu item:About Cove" \
              "tree" "click menu item:About Cove" "wait frame:About Cove" "wait label:$version"; status=$?
            kill $pid; wait $pid
            [ $status = 0 ] || exit $status
            "$app" --demo > /dev/null 2>&1 & pid=$!
            "$drive" cove 60 "wait push button:Pause" "click push button:Main Menu" "wait menu item:Keyboard Shortcuts" \
              "click menu item:Keyboard Shortcuts" "wait frame:Keyboard Shortcuts"; status=$?
            kill $pid; wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
                                                           CoveVersion.string],
                                                  environment: ["XDG_CONFIG_HOME": try folder("config").path,
                                                                "XDG_STATE_HOME": try folder("state").path])
        XCTAssertEqual(run.waitForExit(timeout: 150), 0, run.allOutput)
        let items = run.standardOutput.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 3 && fields[1] == "menu item" ? String(fields[2]) : nil
        }
        let expected = MainActor.assumeIsolated { PrimaryMenu.sections.flatMap { $0.map(\.label) } }
        XCTAssertEqual(items, expected)
        XCTAssertEqual(expected, ["Open File…", "Open URL…", "Play from Video Cloud…", "Downloads", "Preferences",
                                  "Keyboard Shortcuts", "About Cove"])
    }

    /// A switch turned on over AT-SPI lands in $XDG_CONFIG_HOME/cove/settings.ini (not in the state file) and is
    /// on when Preferences opens at the next launch.
    func testPreferencesChangedOverATSPILandInTheConfigFolderAndHold() throws {
        let config = try folder("config"), state = try folder("state")
        let script = #"""
            app=$0; drive=$1; name=$2
            "$app" > /dev/null 2>&1 & pid=$!
            "$drive" cove 60 "wait push button:Open File…" "key push button:Open File…=ctrl+comma" "wait frame:Preferences" \
              "unchecked check box:$name" "click check box:$name" "checked check box:$name"; status=$?
            kill $pid; wait $pid
            [ $status = 0 ] || exit $status
            "$app" > /dev/null 2>&1 & pid=$!
            "$drive" cove 60 "wait push button:Open File…" "key push button:Open File…=ctrl+comma" "wait frame:Preferences" \
              "checked check box:$name"; status=$?
            kill $pid; wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
                                                           "Always resume where I left off"],
                                                  environment: ["XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": state.path])
        XCTAssertEqual(run.waitForExit(timeout: 150), 0, run.allOutput)
        let settings = try String(contentsOf: config.appendingPathComponent("cove/settings.ini"), encoding: .utf8)
        XCTAssertTrue(settings.contains("[Preferences]") && settings.contains("always_resume=true"), settings)
        let stateFile = (try? String(contentsOf: state.appendingPathComponent("cove/state.ini"), encoding: .utf8)) ?? ""
        XCTAssertFalse(stateFile.contains("[Preferences]"), stateFile)
    }
}
