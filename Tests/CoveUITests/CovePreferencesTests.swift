import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// Preferences as the real cove keeps them: what the window saved plays the next launch's video, cove.conf wins
/// for what it names, and Ctrl+, opens the window with every row named for the screen reader.
final class CovePreferencesTests: XCTestCase {
    private func folder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cove-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func audioTrack(state: URL, config: URL) throws -> String? {
        let run = try CoveProcess(UITestSupport.coveBinary, ["--demo", "--video-id", DemoCatalog.languagesVideoID,
                                                              "--print-events"],
                                  environment: ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": config.path])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 90) { lines in
            lines.contains { $0.contains(#""type":"progress""#) && !$0.contains(#""time":0"#) }
        }
        return lines.last { $0.contains(#""type":"audio_track""#) }
    }

    func testWhatPreferencesSavedPlaysAndCoveConfWins() throws {
        let state = try folder("state"), config = try folder("config")
        defer {
            try? FileManager.default.removeItem(at: state)
            try? FileManager.default.removeItem(at: config)
        }
        try FileManager.default.createDirectory(at: state.appendingPathComponent("cove"), withIntermediateDirectories: true)
        try "[Preferences]\naudio_language=de\n".write(to: state.appendingPathComponent("cove/state.ini"), atomically: true,
                                                       encoding: .utf8)
        let saved = try audioTrack(state: state, config: config)
        XCTAssertTrue(saved?.contains(#""name":"Deutsch""#) == true, saved ?? "no audio_track line")
        // What an earlier Cove kept in the state file moved to the settings file, once.
        let settings = try String(contentsOf: config.appendingPathComponent("cove/settings.ini"), encoding: .utf8)
        XCTAssertTrue(settings.contains("[Preferences]") && settings.contains("audio_language=de"), settings)
        let stateFile = try String(contentsOf: state.appendingPathComponent("cove/state.ini"), encoding: .utf8)
        XCTAssertFalse(stateFile.contains("[Preferences]"), stateFile)

        try FileManager.default.createDirectory(at: config.appendingPathComponent("cove"), withIntermediateDirectories: true)
        try "[Playback]\naudio_language=en\nprefer_audio_description=true\n"
            .write(to: config.appendingPathComponent("cove/cove.conf"), atomically: true, encoding: .utf8)
        let named = try audioTrack(state: state, config: config)
        XCTAssertTrue(named?.contains(#""name":"English (described)""#) == true, named ?? "no audio_track line")
    }

    func testControlCommaOpensPreferencesWithEveryRowNamed() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let script = #"""
            app=$0; drive=$1; shift 1
            "$app" "$@" > /dev/null & pid=$!
            "$drive" cove 60 "wait push button:Pause" "key push button:Pause=ctrl+comma" "wait frame:Preferences" \
                "wait combo box:Audio language" "wait combo box:Captions" "wait combo box:Quality" \
                "wait check box:Prefer audio description" "wait push button:Caption Style…" \
                "wait check box:Send Viewing Statistics"; status=$?
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
            "--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
            "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID])
        XCTAssertEqual(run.waitForExit(timeout: 90), 0, run.allOutput)
    }
}
