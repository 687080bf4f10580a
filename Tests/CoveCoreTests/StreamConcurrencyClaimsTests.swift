import CoveCore
import FoundationEssentials
import XCTest

/// Reading `uid`, `climit` and `sid` from a Playback Authorization token's payload (no signature check).
final class StreamConcurrencyClaimsTests: XCTestCase {
    /// A JWT with `payload` as its middle part, base64url without padding.
    static func token(_ payload: String, header: String = #"{"alg":"RS256"}"#) -> String {
        func part(_ text: String) -> String {
            String(Data(text.utf8).base64EncodedString().compactMap { character -> Character? in
                character == "+" ? "-" : character == "/" ? "_" : character == "=" ? nil : character
            })
        }
        return part(header) + "." + part(payload) + ".c2ln"
    }

    func testUidClimitAndSid() {
        let claims = StreamConcurrencyClaims(token: Self.token(#"{"uid":"viewer-1","climit":2,"sid":"tv"}"#))
        XCTAssertEqual(claims, StreamConcurrencyClaims(userID: "viewer-1", limit: 2, sessionID: "tv"))
    }

    func testNumbersAndStringsBothRead() {
        let claims = StreamConcurrencyClaims(token: Self.token(#"{"uid":12345,"climit":"3"}"#))
        XCTAssertEqual(claims, StreamConcurrencyClaims(userID: "12345", limit: 3, sessionID: nil))
    }

    func testBase64URLCharactersAndMissingPaddingDecode() {
        // "?>" and "~~" encode to "_" and "-" in base64url; a payload whose length needs padding.
        let claims = StreamConcurrencyClaims(token: Self.token(#"{"uid":"a?>~~","climit":1}"#))
        XCTAssertEqual(claims?.userID, "a?>~~")
    }

    func testWithoutUidOrClimitThereAreNoClaims() {
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token(#"{"climit":2}"#)))
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token(#"{"uid":"v"}"#)))
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token(#"{"uid":"v","climit":0}"#)))
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token(#"{"uid":"","climit":2}"#)))
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token(#"{"uid":"v","climit":1.5}"#)))
    }

    func testWhatIsNotAJWTHasNoClaims() {
        XCTAssertNil(StreamConcurrencyClaims(token: "opaque-token"))
        XCTAssertNil(StreamConcurrencyClaims(token: "a.b"))
        XCTAssertNil(StreamConcurrencyClaims(token: "a.!!!.c"))
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token("[1,2]")))
        XCTAssertNil(StreamConcurrencyClaims(token: Self.token("not json")))
        XCTAssertNil(StreamConcurrencyClaims(token: String(repeating: "a", count: 100_000) + ".b.c"))
    }

    func testTheConfigurationNeedsClaimsAndAHeaderSafeToken() {
        let token = Self.token(#"{"uid":"v","climit":2}"#)
        let configuration = StreamConcurrencyConfiguration(baseURL: nil, accountID: "1", token: token,
                                                           clientSessionID: "run-1")
        XCTAssertEqual(configuration?.sessionsURL, "https://edge-gsc.api.brightcove.com/api/v1/accounts/1/sessions")
        XCTAssertEqual(configuration?.sessionID, "run-1", "without sid, the run's own session ID")
        XCTAssertNil(StreamConcurrencyConfiguration(baseURL: nil, accountID: "1", token: token + "\r\nX: y"))
        XCTAssertNil(StreamConcurrencyConfiguration(baseURL: nil, accountID: "1", token: "opaque"))
        let withSid = StreamConcurrencyConfiguration(baseURL: "http://127.0.0.1:9/", accountID: "a/b",
                                                     token: Self.token(#"{"uid":"v","climit":2,"sid":"s9"}"#))
        XCTAssertEqual(withSid?.sessionID, "s9", "the token's sid wins")
        XCTAssertEqual(withSid?.sessionsURL, "http://127.0.0.1:9/api/v1/accounts/a%2Fb/sessions")
        XCTAssertFalse(String(describing: withSid!).contains("s9."), "no token in a description")
        XCTAssertTrue(String(describing: withSid!).contains("REDACTED"))
    }

    func testRequestsCarryTheHeadersAndBody() throws {
        let token = Self.token(#"{"uid":"v","climit":2}"#)
        let configuration = try XCTUnwrap(StreamConcurrencyConfiguration(
            baseURL: "http://gsc.test", accountID: "77", token: token, clientSessionID: "run-1"))
        let post = configuration.request(.heartbeat, videoID: "v1")
        XCTAssertEqual(post.method, .post)
        XCTAssertEqual(post.url, "http://gsc.test/api/v1/accounts/77/sessions")
        XCTAssertEqual(post.headers, ["accid: 77", "video: v1", "BCOV-Auth: \(token)", "Content-Type: application/json"])
        XCTAssertEqual(post.body, #"{"session_id":"run-1","video_id":"v1"}"#)
        let delete = configuration.request(.end, videoID: "v1")
        XCTAssertEqual(delete.method, .delete)
        XCTAssertEqual(delete.headers, post.headers)
        let list = configuration.request(.listSessions, videoID: "v1")
        XCTAssertEqual(list.method, .get)
        XCTAssertNil(list.body)
        XCTAssertEqual(configuration.request(.heartbeat, videoID: "v\r\nX-Evil: 1").headers[1], "video: vX-Evil: 1")
    }
}
