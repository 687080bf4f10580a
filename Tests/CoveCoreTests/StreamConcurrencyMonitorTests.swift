import CoveCore
import FoundationEssentials
import Synchronization
import XCTest

/// The monitor over a controller with a scripted engine, a scripted clock and scheduler, and a transport that
/// records requests and answers as the test says: heartbeats follow play, pause, end and quit; refusals pause the
/// video and report their codes.
@MainActor
final class StreamConcurrencyMonitorTests: XCTestCase {
    final class ScriptedTransport: StreamConcurrencyTransport, Sendable {
        private let sent = Mutex<[(StreamConcurrencyRequest, @Sendable (StreamConcurrencyResponse) -> Void)]>([])

        func send(_ request: StreamConcurrencyRequest,
                  completion: @escaping @Sendable (StreamConcurrencyResponse) -> Void) {
            sent.withLock { $0.append((request, completion)) }
        }

        var methods: [StreamConcurrencyRequest.Method] { sent.withLock { $0.map(\.0.method) } }

        /// Answers the oldest request not yet answered.
        func answer(_ status: Int?, _ body: String = "") {
            let next = sent.withLock { list -> (@Sendable (StreamConcurrencyResponse) -> Void)? in
                guard let index = list.indices.first(where: { !answered.withLock { $0 }.contains($0) }) else { return nil }
                answered.withLock { _ = $0.insert(index) }
                return list[index].1
            }
            next?(StreamConcurrencyResponse(status: status, body: Array(body.utf8)))
        }

        private let answered = Mutex<Set<Int>>([])
    }

    final class ScriptedScheduler: PlaybackScheduler {
        final class Work: ScheduledWork {
            let due: Double
            let run: @MainActor () -> Void
            var cancelled = false
            init(due: Double, run: @escaping @MainActor () -> Void) {
                self.due = due
                self.run = run
            }
            func cancel() { cancelled = true }
        }

        var now = 1_000.0
        var pending: [Work] = []

        func schedule(after seconds: Double, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork {
            let item = Work(due: now + seconds, run: work)
            pending.append(item)
            return item
        }

        /// Moves the clock to `time`, running what falls due.
        func advance(to time: Double) {
            now = time
            let due = pending.filter { !$0.cancelled && $0.due <= time }
            pending.removeAll { item in item.cancelled || due.contains { $0 === item } }
            for item in due { item.run() }
        }
    }

    private var harness: ControllerHarness!
    private var transport: ScriptedTransport!
    private var scheduler: ScriptedScheduler!
    private var monitor: StreamConcurrencyMonitor!

    override func setUp() async throws {
        harness = ControllerHarness()
        transport = ScriptedTransport()
        scheduler = ScriptedScheduler()
        let token = StreamConcurrencyClaimsTests.token(#"{"uid":"viewer","climit":2}"#)
        let configuration = try XCTUnwrap(StreamConcurrencyConfiguration(baseURL: "http://gsc.test", accountID: "1",
                                                                         token: token, retryDelay: 60))
        let scheduler = scheduler!
        monitor = StreamConcurrencyMonitor(controller: harness.controller, configuration: configuration,
                                           transport: transport, scheduler: scheduler, clock: { scheduler.now })
        harness.controller.autoPlay = true
        harness.controller.setVideos([Fixtures.video("v1")])
        harness.engine.prerollVOD(duration: 30)
    }

    /// Lets the answers' hops to the main actor run.
    private func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    private func play() { harness.engine.send(.playing) }

    private func errorCodes() -> [String] {
        harness.events.compactMap { if case .error(let code, _) = $0 { code } else { nil } }
    }

    func testHeartbeatsWhilePlayingEndOnPauseAndStartAgainOnResume() async {
        play()
        XCTAssertEqual(transport.methods, [.post], "the first at playback start")
        transport.answer(200, #"{"heartbeat_interval":2}"#)
        await settle()
        scheduler.advance(to: 1_002)
        XCTAssertEqual(transport.methods, [.post, .post], "then at the interval")
        transport.answer(200, #"{"heartbeat_interval":2}"#)
        await settle()
        harness.engine.send(.paused)
        XCTAssertEqual(transport.methods, [.post, .post, .delete])
        scheduler.advance(to: 1_010)
        XCTAssertEqual(transport.methods.count, 3, "none while paused")
        play()
        XCTAssertEqual(transport.methods.last, .post, "resumed: a new session")
        XCTAssertEqual(errorCodes(), [])
    }

    func testTerminateEndsTheSession() async {
        play()
        transport.answer(200, #"{"heartbeat_interval":2}"#)
        await settle()
        harness.controller.stop()
        XCTAssertEqual(transport.methods, [.post, .delete])
    }

    func testMaxConcurrencyPausesAndReportsWithTheSessions() async {
        play()
        transport.answer(403, #"{"error":{"sub_code":"MAX_CONCURRENCY"}}"#)
        await settle()
        XCTAssertEqual(transport.methods, [.post, .get])
        transport.answer(200, #"[{"session_id":"tv-1","last_seen":1000},{"session_id":"phone-2","last_seen":1000}]"#)
        await settle()
        XCTAssertEqual(errorCodes(), ["GSC_MAX_CONCURRENCY"])
        XCTAssertTrue(harness.lines.contains { $0.contains("tv-1") && $0.contains("phone-2") && $0.contains(" 2 videos") })
        XCTAssertTrue(harness.lines.contains(#"{"type":"lifecycle","event":"Error"}"#))
        XCTAssertEqual(harness.engine.calls.last, .pause, "playback stops")
        XCTAssertTrue(monitor.offersRetry)
        harness.engine.send(.paused)
        XCTAssertEqual(transport.methods.count, 2, "nothing to end")

        var restarted = false
        monitor.onRestart = { restarted = true }
        monitor.retry()
        XCTAssertEqual(harness.engine.calls.last, .play)
        play()
        XCTAssertEqual(transport.methods.last, .post, "Retry sends a heartbeat")
        XCTAssertTrue(restarted)
        transport.answer(200, #"{"heartbeat_interval":2}"#)
        await settle()
        XCTAssertFalse(monitor.offersRetry)
    }

    func testEachRefusalHasItsCode() async {
        let cases = [("SESSION_STOPPED", "GSC_SESSION_STOPPED"), ("INVALID_TOKEN", "GSC_INVALID_TOKEN"),
                     ("MISSING_CLAIM", "GSC_MISSING_CLAIM"), ("FEATURE_NOT_SUPPORTED", "GSC_FEATURE_NOT_SUPPORTED")]
        for (subCode, code) in cases {
            harness.engine.send(.paused)
            play()
            transport.answer(403, #"{"error":{"sub_code":"\#(subCode)"}}"#)
            await settle()
            XCTAssertEqual(errorCodes().last, code)
        }
        harness.engine.send(.paused)
        play()
        transport.answer(403)
        await settle()
        XCTAssertEqual(errorCodes().last, "GSC_PLAYBACK_NOT_ALLOWED")
    }

    func testUnreachableRetriesEveryMinuteThreeTimesThenStops() async {
        play()
        transport.answer(nil)
        await settle()
        for retry in 1...3 {
            scheduler.advance(to: 1_000 + Double(retry) * 60 - 1)
            XCTAssertEqual(transport.methods.count, retry, "not before the minute")
            scheduler.advance(to: 1_000 + Double(retry) * 60)
            XCTAssertEqual(transport.methods.count, retry + 1)
            transport.answer(retry == 2 ? nil : 503)
            await settle()
        }
        XCTAssertEqual(errorCodes(), ["GSC_UNAVAILABLE"])
        XCTAssertEqual(harness.engine.calls.last, .pause)
        scheduler.advance(to: 2_000)
        XCTAssertEqual(transport.methods.count, 4, "no more")
    }

    func testDetachEndsAndStopsListening() async {
        play()
        transport.answer(200, #"{"heartbeat_interval":2}"#)
        await settle()
        monitor.detach()
        XCTAssertEqual(transport.methods, [.post, .delete])
        harness.engine.send(.paused)
        play()
        scheduler.advance(to: 1_100)
        XCTAssertEqual(transport.methods.count, 2)
    }
}
