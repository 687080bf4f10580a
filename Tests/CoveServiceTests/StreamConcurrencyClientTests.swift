import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// The libcurl client against the emulator's GSC service over loopback: the requests as the service sees them,
/// the limit per viewer, the listing, DELETE, and each failure switch as the answer the player interprets.
final class StreamConcurrencyClientTests: XCTestCase {
    private var emulator: PlaybackAPIEmulator!
    private let client = StreamConcurrencyClient(connectTimeout: 5, requestTimeout: 5)

    override func setUpWithError() throws {
        var catalog = EmulatorFixture.catalog()
        catalog.gsc = GSCEmulatorSettings(heartbeatInterval: 2)
        emulator = try EmulatorFixture.startEmulator(catalog)
    }

    override func tearDown() {
        emulator?.stop()
    }

    private func configuration(uid: String? = "viewer", climit: Int? = 2, sid: String? = nil,
                               run: String) throws -> StreamConcurrencyConfiguration {
        let token = GSCTestToken.make(uid: uid ?? "x", climit: climit ?? 1, sid: sid)
        return try XCTUnwrap(StreamConcurrencyConfiguration(baseURL: emulator.gscBaseURL,
                                                            accountID: EmulatorFixture.accountID, token: token,
                                                            clientSessionID: run))
    }

    private func send(_ request: StreamConcurrencyRequest) async -> StreamConcurrencyResponse {
        await withCheckedContinuation { continuation in
            client.send(request) { continuation.resume(returning: $0) }
        }
    }

    private func reply(_ request: StreamConcurrencyRequest) async -> StreamConcurrencyReply {
        let response = await send(request)
        return StreamConcurrencyReply(status: response.status, body: response.body)
    }

    func testHeartbeatReachesTheServiceWithItsHeadersAndBody() async throws {
        let configuration = try configuration(run: "run-a")
        let answer = await reply(configuration.request(.heartbeat, videoID: "1001"))
        XCTAssertEqual(answer, .accepted(interval: 2))
        let recorded = try XCTUnwrap(emulator.gscRequests.last)
        XCTAssertEqual(recorded.method, "POST")
        XCTAssertEqual(recorded.path, "/api/v1/accounts/\(EmulatorFixture.accountID)/sessions")
        XCTAssertEqual(recorded.gscAccount, EmulatorFixture.accountID)
        XCTAssertEqual(recorded.gscVideo, "1001")
        XCTAssertTrue(recorded.hasGSCAuth)
        XCTAssertEqual(recorded.contentType, "application/json")
        XCTAssertEqual(recorded.gscSessionID, "run-a")
        XCTAssertFalse(recorded.hasPolicyKey || recorded.hasBearerToken, "no policy key, no Authorization header")
        XCTAssertEqual(emulator.gscSessions.map(\.key), ["run-a"])
    }

    func testTheLimitPerViewerTheListingAndDelete() async throws {
        let first = try configuration(run: "run-1")
        let second = try configuration(run: "run-2")
        let third = try configuration(run: "run-3")
        let other = try configuration(uid: "someone-else", run: "run-4")
        for configuration in [first, second, other] {
            let answer = await reply(configuration.request(.heartbeat, videoID: "1001"))
            XCTAssertEqual(answer, .accepted(interval: 2))
        }
        let refused = await reply(third.request(.heartbeat, videoID: "1001"))
        guard case .refused(.maxConcurrency, _) = refused else { return XCTFail("\(refused)") }
        let again = await reply(first.request(.heartbeat, videoID: "1002"))
        XCTAssertEqual(again, .accepted(interval: 2), "a refresh is not a new stream")

        let list = await send(third.request(.listSessions, videoID: "1001"))
        XCTAssertEqual(list.status, 200)
        let sessions = ConcurrencySession.list(from: list.body)
        XCTAssertEqual(sessions.map(\.sessionID).sorted(), ["run-1", "run-2"], "the viewer's own, not another's")
        XCTAssertTrue(sessions.allSatisfy { abs(($0.lastSeen ?? 0) - Date().timeIntervalSince1970) < 30 })

        let ended = await send(second.request(.end, videoID: "1001"))
        XCTAssertEqual(ended.status.map { (200..<300).contains($0) }, true)
        XCTAssertEqual(emulator.gscRequests.last?.method, "DELETE")
        let admitted = await reply(third.request(.heartbeat, videoID: "1001"))
        XCTAssertEqual(admitted, .accepted(interval: 2), "a slot freed by DELETE")
    }

    func testASessionNotRefreshedExpires() async throws {
        let first = try configuration(climit: 1, run: "run-1")
        let second = try configuration(climit: 1, run: "run-2")
        _ = await reply(first.request(.heartbeat, videoID: "1001"))
        let refused = await reply(second.request(.heartbeat, videoID: "1001"))
        guard case .refused(.maxConcurrency, _) = refused else { return XCTFail("\(refused)") }
        try await Task.sleep(for: .seconds(4.3))
        let admitted = await reply(second.request(.heartbeat, videoID: "1001"))
        XCTAssertEqual(admitted, .accepted(interval: 2), "gone after twice the interval")
    }

    func testAStoppedSessionIsRefusedAtItsNextHeartbeat() async throws {
        let configuration = try configuration(sid: "living-room", run: "run-1")
        _ = await reply(configuration.request(.heartbeat, videoID: "1001"))
        XCTAssertEqual(emulator.gscSessions.map(\.key), ["living-room"], "keyed by the token's sid")
        XCTAssertTrue(emulator.stopGSCSession("living-room"))
        let answer = await reply(configuration.request(.heartbeat, videoID: "1001"))
        guard case .refused(.sessionStopped, _) = answer else { return XCTFail("\(answer)") }
    }

    func testEachFailureSwitch() async throws {
        let configuration = try configuration(run: "run-1")
        let expected: [(GSCEmulatorSettings.Failure, StreamConcurrencyReply)] = [
            (.serverError, .unreachable),
            (.missingInterval, .accepted(interval: nil)),
            (.featureDisabled, .refused(.featureNotSupported,
                                        message: "Stream Concurrency feature has not been enabled for this account")),
            (.missingClaim, .refused(.missingClaim, message: "Injected fault")),
            (.invalidToken, .refused(.invalidToken, message: "Injected fault")),
            (.emptyRefusal, .refused(.playbackNotAllowed, message: nil)),
        ]
        for (failure, reply) in expected {
            emulator.catalog.gsc.failure = failure
            let answer = await self.reply(configuration.request(.heartbeat, videoID: "1001"))
            XCTAssertEqual(answer, reply, "\(failure)")
        }
    }

    func testATokenWithoutTheClaimsIsMissingClaimAndNoTokenInvalid() async throws {
        let configuration = try configuration(run: "run-1")
        var request = configuration.request(.heartbeat, videoID: "1001")
        let noClaims = GSCTestToken.make(uid: nil, climit: nil)
        request.headers = request.headers.map { $0.hasPrefix("BCOV-Auth:") ? "BCOV-Auth: \(noClaims)" : $0 }
        let missing = await reply(request)
        guard case .refused(.missingClaim, _) = missing else { return XCTFail("\(missing)") }
        request.headers.removeAll { $0.hasPrefix("BCOV-Auth:") }
        let invalid = await reply(request)
        guard case .refused(.invalidToken, _) = invalid else { return XCTFail("\(invalid)") }
    }

    func testNoServerIsNoAnswerAndAQuitWaitIsBounded() async throws {
        let configuration = try configuration(run: "run-1")
        emulator.stop()
        let answer = await reply(configuration.request(.heartbeat, videoID: "1001"))
        XCTAssertEqual(answer, .unreachable)
        XCTAssertTrue(client.waitUntilSent(timeout: 0.5), "nothing queued")
    }
}
