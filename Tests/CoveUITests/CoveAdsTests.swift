import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove` playing the demo's stitched SSAI video from an emulator of the test's own, which records every
/// beacon hit: the beacons of a whole play, the content-time events, and the resume place after quitting.
final class CoveAdsTests: XCTestCase {
    private static let plan = StitchPlan.demo

    private func startEmulator() throws -> PlaybackAPIEmulator {
        try UITestSupport.startDemoCatalogEmulator()
    }

    private func startCove(_ emulator: PlaybackAPIEmulator, _ extra: [String] = [],
                           environment: [String: String] = [:]) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary,
                        ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                         "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.adsVideoID,
                         "--ad-config-id", DemoCatalog.adConfigID, "--print-events"] + extra,
                        environment: environment)
    }

    private func events(_ lines: [String]) -> [JSONValue] {
        lines.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }

    /// What a whole play must send, in order: each break's start, each ad's impression to completion, the break's
    /// end; the content impression once the content first plays (after the pre-roll).
    private var wholePlayBeacons: [String] {
        let key = "/beacons/" + DemoCatalog.adsVideoID
        var expected: [String] = []
        for stitchBreak in Self.plan.breaks {
            expected.append("\(key)/\(stitchBreak.id)/breakStart")
            for ad in stitchBreak.ads {
                expected += ["Impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
                             "complete"].map { "\(key)/\(stitchBreak.id)/\(ad.id)/\($0)" }
            }
            expected.append("\(key)/\(stitchBreak.id)/breakEnd")
            if stitchBreak.contentOffset == 0 { expected.append("\(key)/content/impression") }
        }
        return expected
    }

    func testAWholePlaySendsEveryBeaconOnceInOrderWithContentTimeEvents() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let run = try startCove(emulator)
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 120) { $0.contains { $0.contains(#""event":"End""#) } }
        let events = events(lines)
        XCTAssertTrue(lines.contains { $0.contains(#""event":"End""#) }, run.allOutput)
        // The sender is off the main thread: the last beacons may still be on their way when End is printed.
        let deadline = Date().addingTimeInterval(10)
        while emulator.beaconHits.count < wholePlayBeacons.count, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertEqual(emulator.beaconHits.map(\.path), wholePlayBeacons)
        XCTAssertFalse(emulator.requests.contains { $0.path.hasPrefix("/beacons/") && ($0.hasPolicyKey || $0.hasBearerToken) },
                       "no beacon carries a credential")

        XCTAssertEqual(events.first { $0["type"] == "duration" }?["duration"], 12, "the content's length")
        let progress = events.filter { $0["type"] == "progress" }
        XCTAssertFalse(progress.isEmpty)
        XCTAssertTrue(progress.allSatisfy { ($0["time"]?.doubleValue ?? -1) <= 12.01 }, "content time")
        XCTAssertTrue(progress.allSatisfy { $0["stream_time"]?.doubleValue != nil }, "with the stream time beside it")
        let enters = events.filter { $0["event"] == "AdSequenceEnter" }.compactMap { $0["ad_sequence"]?["id"]?.stringValue }
        XCTAssertEqual(enters, Self.plan.breaks.map(\.id))
        let adProgress = events.filter { $0["event"] == "AdProgress" }
        XCTAssertFalse(adProgress.isEmpty)
        XCTAssertTrue(adProgress.allSatisfy { ($0["time"]?.doubleValue ?? -1) < 6.01 }, "an ad's own time")
    }

    func testQuittingMidContentKeepsAContentPlaceThatResumesAfterThePreRoll() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let stateHome = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cove-ads-\(UUID())")
        defer { try? FileManager.default.removeItem(at: stateHome) }
        let first = try startCove(emulator, environment: ["XDG_STATE_HOME": stateHome.path])
        // Content 2.5 s is stream 6.5 s, after the 4 s pre-roll.
        _ = first.waitForLines(timeout: 60) { lines in
            self.events(lines).contains { ($0["stream_time"]?.doubleValue ?? 0) >= 6.5 }
        }
        kill(first.pid, SIGTERM)
        XCTAssertEqual(first.waitForExit(timeout: 20), 0, first.allOutput)
        let state = try String(contentsOfFile: stateHome.path + "/cove/state.ini", encoding: .utf8)
        let position = state.split(separator: "\n").first { $0.hasPrefix("position=") }
            .flatMap { Double($0.dropFirst("position=".count)) }
        XCTAssertNotNil(position, state)
        XCTAssertTrue((2...4).contains(position ?? -1), "a content place, not the stream's: \(state)")
        XCTAssertTrue(state.contains("ad-config-id=\(DemoCatalog.adConfigID)"), state)

        // Played again from that place (as the start page's recently played list does): no pre-roll.
        let again = try startCove(emulator, ["--start-at", String(position ?? 0)],
                                  environment: ["XDG_STATE_HOME": stateHome.path])
        defer { again.stop() }
        let lines = again.waitForLines(timeout: 60) { lines in
            self.events(lines).contains { $0["type"] == "progress" }
        }
        let events = events(lines)
        XCTAssertFalse(events.contains { $0["event"] == "AdSequenceEnter" }, again.allOutput)
        let firstProgress = events.first { $0["type"] == "progress" }?["time"]?.doubleValue ?? -1
        XCTAssertEqual(firstProgress, position ?? 0, accuracy: 1, again.standardOutput)
    }

    /// Plays until the stream (or, without ads, the content) has reached `seconds`.
    private func play(_ emulator: PlaybackAPIEmulator, video: String, adConfig: String,
                      until seconds: Double = 1) throws -> [JSONValue] {
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                   "--policy-key", DemoCatalog.policyKey, "--video-id", video,
                                   "--ad-config-id", adConfig, "--print-events"])
        defer { run.stop() }
        return events(run.waitForLines(timeout: 60) { lines in
            self.events(lines).contains { ($0["stream_time"]?.doubleValue ?? $0["time"]?.doubleValue ?? 0) >= seconds }
        })
    }

    private func warningCodes(_ events: [JSONValue]) -> [String] {
        events.filter { $0["type"] == "warning" }.compactMap { $0["code"]?.stringValue }
    }

    func testWithoutAReadableVMAPTheStreamPlaysWithoutAdsAndAWarning() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        for video in [SSAICatalog.missingVMAPVideoID, SSAICatalog.malformedVMAPVideoID] {
            let events = try play(emulator, video: video, adConfig: SSAICatalog.adConfigID)
            XCTAssertEqual(warningCodes(events), [AdErrorCode.timelineLoadError], video)
            XCTAssertEqual(events.first { $0["type"] == "duration" }?["duration"], 36, "the whole stream, as content")
            XCTAssertFalse(events.contains { $0["event"] == "AdEnter" }, video)
            XCTAssertTrue(events.contains { $0["type"] == "progress" }, video)
        }
        // Asked for with an ad configuration the account does not have: the answer names no VMAP.
        let events = try play(emulator, video: DemoCatalog.adsVideoID, adConfig: "no-such-configuration")
        XCTAssertEqual(warningCodes(events), [AdErrorCode.vmapMissing])
        XCTAssertTrue(events.contains { $0["type"] == "progress" })
    }

    func testAnAdWithTwoLinearsIsNotCountedButKeepsItsTime() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        // A second into the ad: it would have been counted by then.
        let events = try play(emulator, video: SSAICatalog.twoLinearsVideoID, adConfig: SSAICatalog.adConfigID,
                              until: 9)
        XCTAssertEqual(warningCodes(events), [AdErrorCode.adLeftOut])
        XCTAssertEqual(events.first { $0["type"] == "duration" }?["duration"], 12, "content time stays right")
        XCTAssertTrue(emulator.beaconHits.contains { $0.path.contains("/pre-1/start") })
        XCTAssertFalse(emulator.beaconHits.contains { $0.path.contains("/\(SSAICatalog.twoLinearsAdID)/") })
    }

    /// A screen reader presses Skip Ad (over AT-SPI, as a viewer's assistive technology does) once the skippable
    /// ad offers it: `skip` is sent and `complete` never is, and the content comes back.
    func testSkipAdPressedOverATSPISendsSkipAndNoComplete() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let run = try SkipAdPress.run(["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                       "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.adsVideoID,
                                       "--ad-config-id", DemoCatalog.adConfigID, "--print-events"],
                                      breakID: "MidRoll_8_0")
        XCTAssertEqual(run.status, 0, "Skip Ad appeared, was pressed, and cove still ran: " + run.output)
        let text = run.output
        let lines = events(run.events)
        XCTAssertTrue(lines.contains { $0["event"] == "AdSkipped" && $0["ad"]?["id"] == "mid8-1" }, text)
        let key = "/beacons/\(DemoCatalog.adsVideoID)/MidRoll_8_0"
        let hits = emulator.beaconHits.map(\.path).filter { $0.hasPrefix(key) }
        XCTAssertTrue(hits.contains("\(key)/mid8-1/skip"), "\(hits)")
        XCTAssertFalse(hits.contains("\(key)/mid8-1/complete"), "no complete after a skip: \(hits)")
        XCTAssertEqual(hits.last, "\(key)/breakEnd", "\(hits)")
        let skipped = lines.firstIndex { $0["event"] == "AdSkipped" } ?? 0
        let resumed = lines[skipped...].first { $0["type"] == "progress" }?["time"]?.doubleValue ?? -1
        XCTAssertEqual(resumed, 8, accuracy: 0.6, "the content resumes after the break")
    }
}
