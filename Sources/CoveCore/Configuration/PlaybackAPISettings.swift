/// Where and how to reach the Playback API, as far as one source of settings knows it: the command line, the
/// environment or the key file. Layers combine with `overlaid(on:)`; absent fields (nil) fall through.
/// Descriptions and the mirror never show the policy key or header values.
public struct PlaybackAPISettings: Sendable, Equatable {
    public var accountID: String?
    public var policyKey: String?
    public var baseURL: String?
    public var authBaseURL: String?
    /// Seconds.
    public var connectTimeout: Double?
    /// Seconds for a whole request.
    public var requestTimeout: Double?
    /// Extra request headers by name.
    public var headers: [String: String]
    /// Generic Stream Concurrency asked for (the SDK's `streamConcurrencyEnabled`); it applies only to a video
    /// fetched with a token that carries `uid` and `climit`.
    public var streamConcurrency: Bool?
    /// The GSC service's base URL; nil: `StreamConcurrencyConfiguration.defaultBaseURL`.
    public var gscBaseURL: String?

    public init(accountID: String? = nil, policyKey: String? = nil, baseURL: String? = nil,
                authBaseURL: String? = nil, connectTimeout: Double? = nil, requestTimeout: Double? = nil,
                headers: [String: String] = [:], streamConcurrency: Bool? = nil, gscBaseURL: String? = nil) {
        self.accountID = accountID
        self.policyKey = policyKey
        self.baseURL = baseURL
        self.authBaseURL = authBaseURL
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.headers = headers
        self.streamConcurrency = streamConcurrency
        self.gscBaseURL = gscBaseURL
    }

    /// These settings where they are set, `fallback`'s elsewhere; headers are merged, these winning per name.
    public func overlaid(on fallback: PlaybackAPISettings) -> PlaybackAPISettings {
        PlaybackAPISettings(
            accountID: accountID ?? fallback.accountID, policyKey: policyKey ?? fallback.policyKey,
            baseURL: baseURL ?? fallback.baseURL, authBaseURL: authBaseURL ?? fallback.authBaseURL,
            connectTimeout: connectTimeout ?? fallback.connectTimeout,
            requestTimeout: requestTimeout ?? fallback.requestTimeout,
            headers: fallback.headers.merging(headers) { _, own in own },
            streamConcurrency: streamConcurrency ?? fallback.streamConcurrency, gscBaseURL: gscBaseURL ?? fallback.gscBaseURL)
    }

    /// True for an absolute http:// or https:// URL, the only schemes the Playback API is reached by.
    public static func isHTTPURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://"))
            && !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }
}

/// A setting from the environment or the key file that cannot be used; `message` is one translated line that names
/// the variable, or the file and line.
public struct ConfigurationError: Error, Sendable, Equatable {
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

extension PlaybackAPISettings: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "PlaybackAPISettings(accountID: \(accountID ?? "nil"), policyKey: \(policyKey == nil ? "nil" : "REDACTED"), "
            + "baseURL: \(baseURL ?? "nil"), authBaseURL: \(authBaseURL ?? "nil"), "
            + "connectTimeout: \(connectTimeout.map { "\($0)" } ?? "nil"), "
            + "requestTimeout: \(requestTimeout.map { "\($0)" } ?? "nil"), "
            + "headers: [\(headers.keys.sorted().map { "\($0): REDACTED" }.joined(separator: ", "))], "
            + "streamConcurrency: \(streamConcurrency.map { "\($0)" } ?? "nil"), gscBaseURL: \(gscBaseURL ?? "nil"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["accountID": accountID as Any, "policyKey": policyKey == nil ? "nil" : "REDACTED",
                                "baseURL": baseURL as Any, "authBaseURL": authBaseURL as Any,
                                "connectTimeout": connectTimeout as Any, "requestTimeout": requestTimeout as Any,
                                "headers": headers.keys.sorted(), "streamConcurrency": streamConcurrency as Any,
                                "gscBaseURL": gscBaseURL as Any])
    }
}
