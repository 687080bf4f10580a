import CoveCore
import XCTest

/// The heartbeat rules on a scripted clock: what goes out, when, and what each answer does.
final class HeartbeatScheduleTests: XCTestCase {
    private var schedule = HeartbeatSchedule(retryDelay: 60)

    /// Starts at `now` and returns the heartbeat's id.
    private func start(at now: Double) -> Int {
        let effects = schedule.start(at: now)
        guard case .send(.heartbeat, let id) = effects.first, effects.count == 1 else {
            XCTFail("\(effects)")
            return -1
        }
        return id
    }

    private func heartbeatID(_ effects: [HeartbeatSchedule.Effect], line: UInt = #line) -> Int {
        guard effects.count == 1, case .send(.heartbeat, let id) = effects[0] else {
            XCTFail("expected one heartbeat: \(effects)", line: line)
            return -1
        }
        return id
    }

    func testFirstAtStartThenAtTheServiceInterval() {
        var id = start(at: 100)
        XCTAssertEqual(schedule.receive(.accepted(interval: 2), for: id, at: 100.1), [])
        XCTAssertEqual(schedule.nextWake, 102.1)
        XCTAssertEqual(schedule.wake(at: 101), [], "not before it is due")
        id = heartbeatID(schedule.wake(at: 102.1))
        XCTAssertEqual(schedule.nextWake, nil, "nothing scheduled while one is on its way")
        XCTAssertEqual(schedule.receive(.accepted(interval: 30), for: id, at: 102.2), [])
        XCTAssertEqual(schedule.nextWake, 132.2, "each answer's interval counts")
        XCTAssertEqual(schedule.start(at: 110), [], "already running")
    }

    func testNoIntervalStopsHeartbeatsUntilTheNextStart() {
        let id = start(at: 0)
        XCTAssertEqual(schedule.receive(.accepted(interval: nil), for: id, at: 1), [.heartbeatsStopped])
        XCTAssertEqual(schedule.phase, .quiet)
        XCTAssertNil(schedule.nextWake)
        XCTAssertEqual(schedule.wake(at: 1000), [])
        guard case .send(.end, _) = schedule.stop(at: 1001).first else { return XCTFail("the session is ended") }
        _ = start(at: 1002)
    }

    func testPauseEndsTheSessionAndResumeStartsAgain() {
        let id = start(at: 0)
        _ = schedule.receive(.accepted(interval: 2), for: id, at: 0)
        guard case .send(.end, _) = schedule.stop(at: 1).first else { return XCTFail("DELETE on pause") }
        XCTAssertEqual(schedule.phase, .idle)
        XCTAssertNil(schedule.nextWake, "no heartbeat while paused")
        XCTAssertEqual(schedule.stop(at: 2), [], "ended once")
        _ = start(at: 5)
    }

    func testAPauseWhileTheHeartbeatIsOnItsWayEndsItAndItsLateAnswerIsIgnored() {
        let first = start(at: 0)
        guard case .send(.end, _) = schedule.stop(at: 0.1).first else { return XCTFail("DELETE: it may be registered") }
        XCTAssertEqual(schedule.receive(.accepted(interval: 2), for: first, at: 0.2), [])
        XCTAssertNil(schedule.nextWake, "a late answer does not restart the heartbeat")
        let second = start(at: 1)
        XCTAssertEqual(schedule.receive(.refused(.maxConcurrency, message: nil), for: first, at: 1.1), [],
                       "an older answer never counts")
        XCTAssertEqual(schedule.receive(.accepted(interval: 2), for: second, at: 1.2), [])
        XCTAssertEqual(schedule.nextWake, 3.2)
    }

    func testThreeRetriesAMinuteApartThenUnavailable() {
        var id = start(at: 0)
        for attempt in 1...3 {
            let now = Double(attempt - 1) * 60 + 0.5
            XCTAssertEqual(schedule.receive(.unreachable, for: id, at: now), [])
            XCTAssertEqual(schedule.phase, .retrying(attempt: attempt, at: now + 60))
            XCTAssertEqual(schedule.wake(at: now + 59), [])
            id = heartbeatID(schedule.wake(at: now + 60))
        }
        XCTAssertEqual(schedule.receive(.unreachable, for: id, at: 181), [.unavailable])
        XCTAssertTrue(schedule.isStopped)
        XCTAssertNil(schedule.nextWake)
        _ = start(at: 200)
        XCTAssertEqual(schedule.phase, .awaiting, "Retry starts over")
    }

    func testASuccessResetsTheRetries() {
        var id = start(at: 0)
        _ = schedule.receive(.unreachable, for: id, at: 0)
        id = heartbeatID(schedule.wake(at: 60))
        _ = schedule.receive(.accepted(interval: 10), for: id, at: 60)
        for round in 0..<3 {
            id = heartbeatID(schedule.wake(at: schedule.nextWake!))
            XCTAssertEqual(schedule.receive(.unreachable, for: id, at: 100 + Double(round) * 60), [], "retry \(round + 1)")
        }
        id = heartbeatID(schedule.wake(at: schedule.nextWake!))
        XCTAssertEqual(schedule.receive(.unreachable, for: id, at: 400), [.unavailable])
    }

    func testMaxConcurrencyAsksForTheSessionsThenRefusesWithThem() {
        let id = start(at: 0)
        let effects = schedule.receive(.refused(.maxConcurrency, message: "limit"), for: id, at: 0.1)
        guard effects.count == 1, case .send(.listSessions, let list) = effects[0] else { return XCTFail("\(effects)") }
        XCTAssertTrue(schedule.isStopped)
        let sessions = [ConcurrencySession(sessionID: "a"), ConcurrencySession(sessionID: "b")]
        XCTAssertEqual(schedule.receiveSessions(sessions, for: list + 1), [], "another listing's answer")
        XCTAssertEqual(schedule.receiveSessions(sessions, for: list), [.refused(.maxConcurrency, sessions: sessions)])
        XCTAssertEqual(schedule.stop(at: 1), [], "a refused stream holds no session to end")
        _ = start(at: 2)
    }

    func testAListingThatFailsStillRefuses() {
        let id = start(at: 0)
        guard case .send(.listSessions, let list) = schedule.receive(.refused(.maxConcurrency, message: nil), for: id,
                                                                      at: 0).first else { return XCTFail() }
        XCTAssertEqual(schedule.receiveSessions(nil, for: list), [.refused(.maxConcurrency, sessions: [])])
    }

    func testOtherRefusalsStopAtOnce() {
        for refusal in [StreamConcurrencyRefusal.sessionStopped, .invalidToken, .missingClaim, .featureNotSupported,
                        .playbackNotAllowed] {
            schedule = HeartbeatSchedule()
            var id = start(at: 0)
            _ = schedule.receive(.accepted(interval: 5), for: id, at: 0)
            id = heartbeatID(schedule.wake(at: 5))
            XCTAssertEqual(schedule.receive(.refused(refusal, message: nil), for: id, at: 5), [.refused(refusal, sessions: [])])
            XCTAssertEqual(schedule.phase, .refused(refusal))
            XCTAssertNil(schedule.nextWake)
            XCTAssertEqual(schedule.stop(at: 6), [])
        }
    }
}
