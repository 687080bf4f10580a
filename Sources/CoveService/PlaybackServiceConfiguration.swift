/// Where and how `PlaybackService` asks the Playback API (SDK `BCOVPlaybackServiceRequestFactory`).
/// Its descriptions and mirror never show the policy key, the token or extra header values.
public struct PlaybackServiceConfiguration: Sendable, Equatable {
    public static let defaultBaseURL = "https://edge.api.brightcove.com/playback/v1"
    /// Playback Rights / Edge Playback Authorization: requests carrying a token go here.
    public static let defaultAuthBaseURL = "https://edge-auth.api.brightcove.com/playback/v1"

    public var accountID: String
    /// Sent as `Accept: application/json;pk=KEY` (no CORS pre-flight, accepted by the API like `BCOV-Policy`).
    public var policyKey: String?
    /// A Playback Rights JWT, sent as `Authorization: Bearer TOKEN` to `authBaseURL`.
    public var authToken: String?
    public var baseURL: String
    public var authBaseURL: String
    /// Seconds.
    public var connectTimeout: Double
    /// Seconds for the whole request, connection included.
    public var requestTimeout: Double
    /// Extra headers on every request (SDK `additionalHTTPRequestHeaders`). `Accept` and `Authorization` are the
    /// service's own and are not overridden; names or values with line breaks are dropped.
    public var additionalHeaders: [String: String]
    /// A larger (decoded) body is refused with `.responseTooLarge`.
    public var maximumResponseBytes: Int

    public init(accountID: String, policyKey: String? = nil, authToken: String? = nil,
                baseURL: String = Self.defaultBaseURL, authBaseURL: String = Self.defaultAuthBaseURL,
                connectTimeout: Double = 10, requestTimeout: Double = 30, additionalHeaders: [String: String] = [:],
                maximumResponseBytes: Int = 16 * 1024 * 1024) {
        self.accountID = accountID
        self.policyKey = policyKey
        self.authToken = authToken
        self.baseURL = baseURL
        self.authBaseURL = authBaseURL
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.additionalHeaders = additionalHeaders
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// Everything that must never appear in a log line or error text.
    var secrets: [String] {
        [policyKey, authToken].compactMap { $0 } + additionalHeaders.values.filter { $0.count >= 8 }
    }
}

extension PlaybackServiceConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        let headers = additionalHeaders.keys.sorted().map { "\($0): REDACTED" }.joined(separator: ", ")
        return "PlaybackServiceConfiguration(accountID: \(accountID), policyKey: \(Self.redacted(policyKey)), "
            + "authToken: \(Self.redacted(authToken)), baseURL: \(baseURL), authBaseURL: \(authBaseURL), "
            + "connectTimeout: \(connectTimeout), requestTimeout: \(requestTimeout), additionalHeaders: [\(headers)], "
            + "maximumResponseBytes: \(maximumResponseBytes))"
    }

    public var debugDescription: String { description }

    /// `dump()` and debuggers go through the mirror, so it carries the redacted forms too.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "accountID": accountID, "policyKey": Self.redacted(policyKey), "authToken": Self.redacted(authToken),
            "baseURL": baseURL, "authBaseURL": authBaseURL, "connectTimeout": connectTimeout,
            "requestTimeout": requestTimeout, "additionalHeaders": additionalHeaders.keys.sorted(),
            "maximumResponseBytes": maximumResponseBytes,
        ])
    }

    private static func redacted(_ secret: String?) -> String { secret == nil ? "nil" : "REDACTED" }
}
