import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// After the last video ends, Space (or Play) starts it again from its beginning, as a viewer expects of a player
/// left at the end of a film.
final class CoveReplayTests: XCTestCase {
    func testSpaceAfterTheEndPlaysTheVideoAgainFromItsStart() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("cove-replay-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: events) }
        let script = #"""
            app=$0; drive=$1; events=$2; shift 2
            "$app" "$@" > "$events" & pid=$!
            "$drive" cove 60 "wait push button:Pause" "wait push button:Play" "key push button:Play=space" \
                "wait push button:Pause"; status=$?
            sleep 1
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, UITestSupport.helpers + "/atspi-drive",
            events, "--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
            "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID, "--start-at", "8", "--print-events"])
        let status = run.waitForExit(timeout: 90)
        let lines = ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(status, 0, run.allOutput + lines.joined(separator: "\n"))
        let end = try XCTUnwrap(lines.firstIndex { $0.contains(#""event":"End""#) }, lines.joined(separator: "\n"))
        let after = lines[(end + 1)...]
        XCTAssertTrue(after.contains { $0.contains(#""event":"Play""#) }, "played again: \(after)")
        let times = after.compactMap { line -> Double? in
            guard line.contains(#""type":"progress""#), let range = line.range(of: #""time":"#) else { return nil }
            return Double(line[range.upperBound...].prefix { "0123456789.".contains($0) })
        }
        XCTAssertLessThan(times.first ?? 99, 5, "from the beginning, not from the end at 9 s: \(times)")
    }
}
