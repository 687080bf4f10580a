import CoveCore
import XCTest

/// The sentences the viewer reads: each reason its own, the limit and the sessions named.
final class StreamConcurrencyMessagesTests: XCTestCase {
    func testMaxConcurrencyNamesTheLimitAndListsActiveSessions() {
        let now = 1_700_000_000.0
        let sessions = [ConcurrencySession(sessionID: "living-room", lastSeen: now - 5),
                        ConcurrencySession(sessionID: "phone", lastSeen: now - 180),
                        ConcurrencySession(sessionID: "old", lastSeen: now - 7200, isStopped: true)]
        let text = StreamConcurrencyMessages.message(for: .maxConcurrency, limit: 2, sessions: sessions, now: now)
        XCTAssertEqual(text, """
            Your account can play 2 videos at a time, and that many are playing now.
            Playing now:
            living-room, last seen just now
            phone, last seen 3 minutes ago
            Stop one of them, then press Retry.
            """)
        let single = StreamConcurrencyMessages.message(for: .maxConcurrency, limit: 1, sessions: [], now: now)
        XCTAssertEqual(single, "Your account can play 1 video at a time, and that many are playing now.\n"
                       + "Stop one of them, then press Retry.")
    }

    func testLastSeenInHours() {
        let text = StreamConcurrencyMessages.message(
            for: .maxConcurrency, limit: 3, sessions: [ConcurrencySession(sessionID: "tv", lastSeen: 0)], now: 7300)
        XCTAssertTrue(text.contains("tv, last seen 2 hours ago"), text)
    }

    func testEveryReasonHasItsOwnSentence() {
        let refusals: [StreamConcurrencyRefusal] = [.maxConcurrency, .sessionStopped, .invalidToken, .missingClaim,
                                                    .featureNotSupported, .playbackNotAllowed]
        let texts = refusals.map { StreamConcurrencyMessages.message(for: $0, limit: 2) }
            + [StreamConcurrencyMessages.unavailable]
        XCTAssertEqual(Set(texts).count, texts.count)
        XCTAssertTrue(texts.allSatisfy { !$0.isEmpty && !$0.contains("%") })
    }
}
