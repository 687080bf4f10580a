/// One request as the emulator received it. Credentials are recorded only as "where and whether valid", never
/// their values, so a test log cannot leak them.
public struct RecordedRequest: Sendable, Equatable {
    /// Where a policy key was found; the API takes the first of these in this order.
    public enum PolicyKeyCarrier: Sendable, Equatable {
        /// `Accept: application/json;pk=KEY`
        case acceptHeader
        /// `Authorization: BCOV-Policy KEY`
        case authorizationHeader
        /// `BCOV-Policy: KEY`
        case policyHeader
    }

    public var method: String
    /// The path as sent, still percent-encoded.
    public var path: String
    /// Decoded query parameters.
    public var query: [String: String]
    public var policyKeyCarrier: PolicyKeyCarrier?
    public var policyKeyMatched: Bool
    public var hasBearerToken: Bool
    /// The Range header of a media request.
    public var range: String?
    /// The client's TCP port: equal across requests that shared one keep-alive connection.
    public var clientPort: Int
    /// When the emulator received it: seconds on the monotonic clock (`PlaybackAPIEmulator.monotonicSeconds()`),
    /// for asserting the order and spacing of beacons.
    public var receivedAt: Double
    /// A GSC request's `accid` and `video` headers, whether it carried `BCOV-Auth` (never its value), its
    /// Content-Type and the body's `session_id`.
    public var gscAccount: String? = nil
    public var gscVideo: String? = nil
    public var hasGSCAuth = false
    public var contentType: String? = nil
    public var gscSessionID: String? = nil

    public var hasPolicyKey: Bool { policyKeyCarrier != nil }
}
