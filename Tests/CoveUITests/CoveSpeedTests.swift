import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The speed a viewer chooses plays again at the next launch, for every video but a live stream, which plays at
/// 1× (and leaves the choice as it was); `--print-events` reports the speed playing when it changes.
final class CoveSpeedTests: XCTestCase {
    func testTheChosenSpeedIsKeptAcrossALaunchAndLeftOutForLive() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cove-speed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let api = ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                   "--policy-key", DemoCatalog.policyKey, "--print-events"]
        let environment = ["XDG_STATE_HOME": state.path]
        let events = state.appendingPathComponent("events").path

        // The viewer presses ] twice: 1.5×.
        let script = #"""
            app=$0; drive=$1; events=$2; shift 2
            "$app" "$@" > "$events" & pid=$!
            "$drive" cove 60 "wait push button:Pause" "key push button:Pause=bracketright" \
                "key push button:Pause=bracketright"; status=$?
            sleep 1
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let chooser = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
                                                               events] + api + ["--video-id", DemoCatalog.mp4VideoID],
                                                      environment: environment)
        XCTAssertEqual(chooser.waitForExit(timeout: 90), 0, chooser.allOutput)
        let chosen = ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n")
        XCTAssertEqual(chosen.filter { $0.contains(#""type":"rate""#) }.last, #"{"type":"rate","rate":1.5}"#,
                       chosen.joined(separator: "\n"))

        let again = try CoveProcess(UITestSupport.coveBinary, api + ["--video-id", DemoCatalog.hlsVideoID],
                                    environment: environment)
        defer { again.stop() }
        let lines = again.waitForLines(timeout: 60) { $0.contains(#"{"type":"lifecycle","event":"End"}"#) }
        XCTAssertTrue(lines.contains(#"{"type":"rate","rate":1.5}"#), "the next launch plays at 1.5×: \(again.allOutput)")
        // The speed's flushing seek right after Play rebuffers, but the viewer never paused.
        XCTAssertFalse(lines.contains(#"{"type":"lifecycle","event":"Pause"}"#), lines.joined(separator: "\n"))
        XCTAssertEqual(lines.filter { $0 == #"{"type":"lifecycle","event":"Play"}"# }.count, 1, lines.joined(separator: "\n"))
        again.stop()

        let live = try CoveProcess(UITestSupport.coveBinary, api + ["--video-id", DemoCatalog.liveVideoID],
                                   environment: environment)
        defer { live.stop() }
        let liveLines = live.waitForLines(timeout: 60) { lines in
            lines.contains { $0.contains(#""type":"progress""#) } && lines.contains { $0.contains(#""video_type":"live""#) }
        }
        XCTAssertFalse(liveLines.contains(#"{"type":"rate","rate":1.5}"#), "a live stream plays at 1×: \(live.allOutput)")
        live.stop()
        let file = (try? String(contentsOfFile: state.appendingPathComponent("cove/state.ini").path, encoding: .utf8)) ?? ""
        XCTAssertTrue(file.contains("speed=1.5"), "and the choice stays for the next video: \(file)")
    }
}
