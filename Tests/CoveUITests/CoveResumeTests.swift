import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// A video left midway and started again from its beginning: Cove offers Resume (pressed over AT-SPI, it goes
/// where the viewer left), and with `always_resume=true` it starts there without asking.
final class CoveResumeTests: XCTestCase {
    private static func times(_ lines: [String]) -> [Double] {
        lines.compactMap { line -> Double? in
            guard line.contains(#""type":"progress""#), let range = line.range(of: #""time":"#) else { return nil }
            return Double(line[range.upperBound...].prefix { "0123456789.".contains($0) })
        }
    }

    func testAVideoLeftMidwayIsOfferedAndAlwaysResumed() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cove-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/cove"),
                                                withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let api = ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                   "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID, "--print-events"]
        let environment = ["XDG_STATE_HOME": home.appendingPathComponent("state").path,
                           "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]

        // Watched to 0:04, then the window closes.
        let first = try CoveProcess(UITestSupport.coveBinary, api, environment: environment)
        _ = first.waitForLines(timeout: 60) { (Self.times($0).last ?? 0) >= 4 }
        first.stop()
        let state = (try? String(contentsOfFile: home.appendingPathComponent("state/cove/state.ini").path,
                                 encoding: .utf8)) ?? ""
        XCTAssertTrue(state.contains("position=4") || state.contains("position=5"), state)

        // Started again: the offer, and Resume pressed as a screen reader presses it.
        let events = home.appendingPathComponent("events").path
        let script = #"""
            app=$0; drive=$1; events=$2; shift 2
            "$app" "$@" > "$events" & pid=$!
            "$drive" cove 60 "wait push button:Pause" "click push button:Resume"; status=$?
            sleep 1.5
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let offered = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary,
                                                               UITestSupport.helpers + "/atspi-drive", events] + api,
                                                      environment: environment)
        XCTAssertEqual(offered.waitForExit(timeout: 90), 0, offered.allOutput)
        let resumed = ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        let times = Self.times(resumed)
        XCTAssertTrue(zip(times, times.dropFirst()).contains { $1 - $0 >= 2 && $1 >= 4 },
                      "Resume went on from where it was left: \(times)")

        // With "Always resume where I left off", no question: it starts there.
        try "[Playback]\nalways_resume=true\n".write(to: home.appendingPathComponent("config/cove/cove.conf"),
                                                     atomically: true, encoding: .utf8)
        let always = try CoveProcess(UITestSupport.coveBinary, api, environment: environment)
        let lines = always.waitForLines(timeout: 60) { Self.times($0).count >= 2 }
        always.stop()
        let played = Self.times(lines).filter { $0 > 0 }
        XCTAssertGreaterThanOrEqual(played.first ?? 0, 4, "\(Self.times(lines))")

        // `--start-at 0` is a start asked for: from the beginning, not resumed even then.
        let fromStart = try CoveProcess(UITestSupport.coveBinary, api + ["--start-at", "0"], environment: environment)
        defer { fromStart.stop() }
        let started = fromStart.waitForLines(timeout: 60) { Self.times($0).filter { $0 > 0 }.count >= 2 }
        XCTAssertLessThan(Self.times(started).filter { $0 > 0 }.first ?? 99, 2, "\(Self.times(started))")
    }
}
