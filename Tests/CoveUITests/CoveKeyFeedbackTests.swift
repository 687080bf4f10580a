import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// What a key did is said on screen and to the screen reader: each notice is an alert the AT-SPI client reads by
/// its words, in the viewer's language.
final class CoveKeyFeedbackTests: XCTestCase {
    func testEachKeysNoticeIsReadOverATSPI() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        // A state of its own: the speed `]` sets is kept for the next launch.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("cove-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let script = #"""
            app=$0; drive=$1; shift 1
            "$app" "$@" > /dev/null & pid=$!
            "$drive" cove 60 "wait push button:Pause" "key push button:Pause=Down" "wait alert:Volume 90 %" \
                "key push button:Pause=m" "wait alert:Muted" "key push button:Pause=bracketright" \
                "wait alert:Speed: 1.25×" "key push button:Pause=c" "wait alert:Captions: English" \
                "key push button:Pause=a" "wait alert:Audio: Deutsch" \
                "key push button:Pause=Right" "wait alert:+10 s" "gone alert:+10 s"; status=$?
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
            "--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
            "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.languagesVideoID],
            environment: ["XDG_STATE_HOME": state.path])
        XCTAssertEqual(run.waitForExit(timeout: 90), 0, run.allOutput)
    }
}
