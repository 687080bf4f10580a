import CGLib
import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove` with `--stream-concurrency` against the emulator's GSC service (2 s heartbeats): heartbeats
/// while playing, the session ended on pause, end and quit, three players of one viewer with a limit of two, and
/// every refusal as its own error event.
final class CoveStreamConcurrencyTests: XCTestCase {
    private static let videoID = "7700000000001"
    private static let accountID = UITestSupport.accountID
    nonisolated(unsafe) private static var media: String?

    /// A 40 s clip, small so three players decode it at once on two cores.
    private static func mediaRoot() throws -> String {
        if let media { return media }
        let directory = NSTemporaryDirectory() + "cove-gsc-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try MediaEncoder.encodeMP4(to: directory + "/long.mp4", seconds: 40, width: 160, height: 90)
        media = directory
        return directory
    }

    private func catalog(_ mediaBaseURL: String, _ root: String) -> EmulatorCatalog {
        var catalog = EmulatorCatalog(accountID: Self.accountID, policyKey: UITestSupport.policyKey, videos: [[
            "id": .string(Self.videoID), "account_id": .string(Self.accountID), "name": "GSC test clip",
            "sources": [["src": .string(mediaBaseURL + "/long.mp4"), "type": "video/mp4", "container": "MP4"]],
        ]], mediaRoot: root)
        catalog.gsc = GSCEmulatorSettings(heartbeatInterval: 2)
        return catalog
    }

    private func startEmulator() throws -> PlaybackAPIEmulator {
        let root = try Self.mediaRoot()
        let emulator = PlaybackAPIEmulator(catalog: catalog("", root))
        try emulator.start()
        emulator.catalog = catalog(emulator.mediaBaseURL, root)
        return emulator
    }

    private func arguments(_ emulator: PlaybackAPIEmulator, token: String, concurrency: Bool = true) -> [String] {
        ["--playback-api-auth-base", emulator.authBaseURL, "--account-id", Self.accountID, "--video-id", Self.videoID,
         "--auth-token", token, "--gsc-base", emulator.gscBaseURL, "--print-events"]
            + (concurrency ? ["--stream-concurrency"] : [])
    }

    private func startCove(_ emulator: PlaybackAPIEmulator, token: String, concurrency: Bool = true,
                           environment: [String: String] = [:]) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary, arguments(emulator, token: token, concurrency: concurrency),
                        environment: environment)
    }

    private func events(_ text: String) -> [JSONValue] {
        text.split(separator: "\n").compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }

    private func errors(_ run: CoveProcess) -> [JSONValue] { events(run.standardOutput).filter { $0["type"] == "error" } }

    private func wait(timeout: Double = 30, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    private func methods(_ emulator: PlaybackAPIEmulator) -> [String] { emulator.gscRequests.map(\.method) }

    func testHeartbeatsEveryIntervalWhilePlayingEndedOnPauseStartedOnResumeAndEndedOnQuit() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let peer = try TestBusPeer(address: bus.address)
        defer { peer.stop() }
        let token = GSCTestToken.make(uid: "viewer-1", climit: 2)
        let run = try startCove(emulator, token: token, environment: bus.environment)
        defer { run.stop() }

        wait { self.methods(emulator).count >= 3 }
        let posts = emulator.gscRequests.filter { $0.method == "POST" }
        XCTAssertGreaterThanOrEqual(posts.count, 3, run.allOutput)
        for (earlier, later) in zip(posts, posts.dropFirst()) {
            XCTAssertEqual(later.receivedAt - earlier.receivedAt, 2, accuracy: 0.6, "at the service's interval")
        }
        let first = try XCTUnwrap(posts.first)
        XCTAssertEqual(first.gscAccount, Self.accountID)
        XCTAssertEqual(first.gscVideo, Self.videoID)
        XCTAssertTrue(first.hasGSCAuth)
        XCTAssertEqual(first.contentType, "application/json")
        XCTAssertEqual(emulator.gscSessions.count, 1)

        func command(_ method: String) {
            var failure: String?
            let reply = peer.call("org.mpris.MediaPlayer2.cove", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                  method, nil, failure: &failure)
            if let reply { g_variant_unref(reply) }
            XCTAssertNil(failure, method)
        }
        command("Pause")
        wait { self.methods(emulator).last == "DELETE" }
        XCTAssertEqual(methods(emulator).last, "DELETE", "paused: the session ends")
        XCTAssertEqual(emulator.gscSessions.count, 0)
        let afterPause = emulator.gscRequests.count
        Thread.sleep(forTimeInterval: 3)
        XCTAssertEqual(emulator.gscRequests.count, afterPause, "no heartbeat while paused")

        command("Play")
        wait { self.methods(emulator).count > afterPause }
        XCTAssertEqual(methods(emulator).dropFirst(afterPause).first, "POST", "resumed: it starts again")
        wait { emulator.gscRequests.filter { $0.method == "POST" }.count >= posts.count + 2 }
        XCTAssertEqual(emulator.gscSessions.count, 1)

        kill(run.pid, SIGTERM)
        XCTAssertEqual(run.waitForExit(timeout: 10), 0, run.allOutput)
        XCTAssertEqual(methods(emulator).last, "DELETE", "a clean quit ends the session before exiting")
        XCTAssertEqual(emulator.gscSessions.count, 0)
        XCTAssertFalse(run.allOutput.contains(token), "the token is never printed")
        XCTAssertEqual(errors(run).count, 0, run.standardOutput)
    }

    /// Two players of a viewer with `climit=2` play; the third is refused with the two listed, and plays once
    /// one of the others quits and Retry is pressed (over AT-SPI, as a screen reader would).
    func testTheThirdPlayerOfALimitOfTwoIsRefusedThenPlaysAfterRetry() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let token = GSCTestToken.make(uid: "viewer-2", climit: 2)
        let first = try startCove(emulator, token: token)
        defer { first.stop() }
        wait { emulator.gscSessions.count == 1 }
        let second = try startCove(emulator, token: token)
        defer { second.stop() }
        wait { emulator.gscSessions.count == 2 }
        let sessions = emulator.gscSessions.map(\.key)
        XCTAssertEqual(sessions.count, 2, first.allOutput + second.allOutput)

        let helpers = UITestSupport.helpers
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gsc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let eventsFile = directory.appendingPathComponent("events").path
        let go = directory.appendingPathComponent("go").path
        let script = #"""
            app=$0; press=$1; events=$2; go=$3; shift 3
            "$app" "$@" > "$events" & pid=$!
            status=0
            for i in $(seq 1 600); do [ -f "$go" ] && break; sleep 0.1; done
            "$press" cove 60 "Retry" || status=1
            # Until it plays again: a progress event after the second Play.
            for i in $(seq 1 300); do [ "$(grep -c '"event":"Play"' "$events")" -ge 2 ] && break; sleep 0.1; done
            sleep 1.5
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let third = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, helpers + "/atspi-press",
                                                             eventsFile, go] + arguments(emulator, token: token))
        defer { third.stop() }
        func thirdEvents() -> [JSONValue] {
            events((try? String(contentsOfFile: eventsFile, encoding: .utf8)) ?? "")
        }
        wait(timeout: 60) { thirdEvents().contains { $0["type"] == "error" } }
        let refusal = try XCTUnwrap(thirdEvents().first { $0["type"] == "error" }, third.allOutput)
        XCTAssertEqual(refusal["code"], "GSC_MAX_CONCURRENCY")
        let message = refusal["message"]?.stringValue ?? ""
        XCTAssertTrue(message.contains("2 videos at a time"), message)
        for session in sessions { XCTAssertTrue(message.contains(session), "\(session) listed in: \(message)") }
        XCTAssertTrue(emulator.gscRequests.contains { $0.method == "GET" }, "the sessions were asked for")
        XCTAssertEqual(emulator.gscSessions.count, 2, "the third holds no slot")

        kill(first.pid, SIGTERM)
        XCTAssertEqual(first.waitForExit(timeout: 10), 0)
        wait { emulator.gscSessions.count == 1 }
        XCTAssertTrue(FileManager.default.createFile(atPath: go, contents: nil))
        XCTAssertEqual(third.waitForExit(timeout: 90), 0, "Retry was found and pressed: " + third.allOutput)
        let after = thirdEvents()
        let errorIndex = after.firstIndex { $0["type"] == "error" } ?? after.count
        XCTAssertTrue(after[errorIndex...].contains { $0["event"] == "Play" }, "it plays after Retry")
        XCTAssertTrue(after[errorIndex...].contains { ($0["time"]?.doubleValue ?? 0) > 1 && $0["type"] == "progress" },
                      "and keeps playing")
        XCTAssertEqual(after.filter { $0["type"] == "error" }.count, 1, "refused once only")
        XCTAssertFalse(second.allOutput.contains(#""type":"error""#), second.standardOutput)
    }

    /// Each failure switch of the service, and a session stopped on the service, gives its own error code; the
    /// video pauses under the message.
    func testEachRefusalIsItsOwnError() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let cases: [(GSCEmulatorSettings.Failure, String)] = [
            (.featureDisabled, "GSC_FEATURE_NOT_SUPPORTED"), (.missingClaim, "GSC_MISSING_CLAIM"),
            (.invalidToken, "GSC_INVALID_TOKEN"), (.emptyRefusal, "GSC_PLAYBACK_NOT_ALLOWED"),
            (.serverError, "GSC_UNAVAILABLE"),
        ]
        for (failure, code) in cases {
            emulator.catalog.gsc.failure = failure
            emulator.clearRequests()
            // Retries a fifth of a second apart instead of a minute.
            let run = try startCove(emulator, token: GSCTestToken.make(uid: "viewer-3", climit: 2),
                                    environment: ["COVE_GSC_RETRY_DELAY": "0.2"])
            wait { !self.errors(run).isEmpty }
            XCTAssertEqual(errors(run).map { $0["code"]?.stringValue }, [code], run.allOutput)
            wait(timeout: 5) { self.events(run.standardOutput).contains { $0["event"] == "Pause" } }
            XCTAssertTrue(events(run.standardOutput).contains { $0["event"] == "Pause" }, "playback stops: \(code)")
            if failure == .serverError {
                XCTAssertEqual(methods(emulator).filter { $0 == "POST" }.count, 4, "the first and three retries")
            }
            run.stop()
        }

        emulator.catalog.gsc.failure = nil
        emulator.clearRequests()
        let run = try startCove(emulator, token: GSCTestToken.make(uid: "viewer-3", climit: 2, sid: "tv"))
        defer { run.stop() }
        wait { emulator.gscSessions.count == 1 }
        emulator.stopGSCSession("tv")
        wait(timeout: 10) { !self.errors(run).isEmpty }
        XCTAssertEqual(errors(run).map { $0["code"]?.stringValue }, ["GSC_SESSION_STOPPED"], run.allOutput)
    }

    func testWithoutAnIntervalHeartbeatsStopAndWithoutClaimsOrTheOptionNoneAreSent() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        emulator.catalog.gsc.failure = .missingInterval
        let quiet = try startCove(emulator, token: GSCTestToken.make(uid: "viewer-4", climit: 2))
        wait { quiet.standardOutput.contains(#""type":"progress""#) && !emulator.gscRequests.isEmpty }
        Thread.sleep(forTimeInterval: 4.5)
        XCTAssertEqual(methods(emulator), ["POST"], "one heartbeat, then none: the answer named no interval")
        XCTAssertEqual(errors(quiet).count, 0, quiet.standardOutput)
        quiet.stop()

        emulator.catalog.gsc.failure = nil
        emulator.clearRequests()
        let noClaims = try startCove(emulator, token: GSCTestToken.make(uid: nil, climit: nil))
        defer { noClaims.stop() }
        let off = try startCove(emulator, token: GSCTestToken.make(uid: "viewer-4", climit: 2), concurrency: false)
        defer { off.stop() }
        wait { [noClaims, off].allSatisfy { self.events($0.standardOutput).contains { ($0["time"]?.doubleValue ?? 0) > 2 } } }
        XCTAssertTrue(noClaims.standardOutput.contains(#""code":"GSC_NOT_APPLICABLE""#), noClaims.standardOutput)
        XCTAssertEqual(emulator.gscRequests.count, 0, "nothing sent without the claims or the option")
        XCTAssertTrue(emulator.requests.contains { $0.hasBearerToken }, "the video was fetched with the token")
    }
}
