import CoveCore
import XCTest

/// What each answer of the GSC service means, and the session list.
final class StreamConcurrencyReplyTests: XCTestCase {
    private func reply(_ status: Int?, _ body: String = "") -> StreamConcurrencyReply {
        StreamConcurrencyReply(status: status, body: Array(body.utf8))
    }

    private func refusal(_ subCode: String) -> String {
        #"{"error":{"code":403,"sub_code":"\#(subCode)","message":"m"}}"#
    }

    func testAcceptedWithAndWithoutAnInterval() {
        XCTAssertEqual(reply(200, #"{"heartbeat_interval":60}"#), .accepted(interval: 60))
        XCTAssertEqual(reply(200, #"{"heartbeat_interval":"30"}"#), .accepted(interval: 30))
        XCTAssertEqual(reply(200, #"{"heartbeat_interval":0.2}"#), .accepted(interval: 1), "a floor of a second")
        XCTAssertEqual(reply(200, "{}"), .accepted(interval: nil))
        XCTAssertEqual(reply(200, #"{"heartbeat_interval":-5}"#), .accepted(interval: nil))
        XCTAssertEqual(reply(204), .accepted(interval: nil))
    }

    func testEachSubCodeIsItsOwnRefusal() {
        let expected: [(String, StreamConcurrencyRefusal)] = [
            ("MAX_CONCURRENCY", .maxConcurrency), ("SESSION_STOPPED", .sessionStopped),
            ("INVALID_TOKEN", .invalidToken), ("MISSING_CLAIM", .missingClaim), ("MISSING_FIELD", .missingClaim),
            ("FEATURE_NOT_SUPPORTED", .featureNotSupported), ("SOMETHING_NEW", .playbackNotAllowed),
        ]
        for (subCode, refusal) in expected {
            XCTAssertEqual(reply(403, self.refusal(subCode)), .refused(refusal, message: "m"), subCode)
        }
        XCTAssertEqual(reply(403), .refused(.playbackNotAllowed, message: nil), "an empty 4xx")
        XCTAssertEqual(reply(400, "<html>"), .refused(.playbackNotAllowed, message: nil))
    }

    func testNoAnswerAnd5xxAreUnreachable() {
        XCTAssertEqual(reply(nil), .unreachable)
        XCTAssertEqual(reply(500, refusal("MAX_CONCURRENCY")), .unreachable)
        XCTAssertEqual(reply(503), .unreachable)
        XCTAssertEqual(reply(302), .unreachable, "a redirect is not followed")
    }

    func testCodesAreDistinct() {
        let refusals: [StreamConcurrencyRefusal] = [.maxConcurrency, .sessionStopped, .invalidToken, .missingClaim,
                                                    .featureNotSupported, .playbackNotAllowed]
        let codes = refusals.map(StreamConcurrencyErrorCode.code(for:)) + [StreamConcurrencyErrorCode.unavailable]
        XCTAssertEqual(Set(codes).count, codes.count)
        XCTAssertEqual(StreamConcurrencyErrorCode.code(for: .maxConcurrency), "GSC_MAX_CONCURRENCY")
    }

    func testSessionListsInEitherShape() {
        let entries = #"[{"session_id":"a","end_viewer_id":"v","last_seen":1700000000000,"stopped":false,"session_ttl":120},"#
            + #"{"session_id":"b","last_seen":1700000100},{"end_viewer_id":"no id"}]"#
        let bare = ConcurrencySession.list(from: Array(entries.utf8))
        XCTAssertEqual(bare, [ConcurrencySession(sessionID: "a", endViewerID: "v", lastSeen: 1_700_000_000, ttl: 120),
                              ConcurrencySession(sessionID: "b", lastSeen: 1_700_000_100)])
        XCTAssertEqual(ConcurrencySession.list(from: Array(#"{"sessions":\#(entries)}"#.utf8)), bare)
        XCTAssertEqual(ConcurrencySession.list(from: Array("nonsense".utf8)), [])
    }
}
