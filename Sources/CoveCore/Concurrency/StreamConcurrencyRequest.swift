import FoundationEssentials

/// One request to the GSC service, built here so CoveService only moves bytes.
public struct StreamConcurrencyRequest: Sendable, Equatable {
    public enum Method: String, Sendable {
        case post = "POST"
        case delete = "DELETE"
        case get = "GET"
    }

    public var method: Method
    public var url: String
    /// "Name: value" lines; they carry the token, so never print them.
    public var headers: [String]
    /// JSON, or nil for none.
    public var body: String?

    public init(method: Method, url: String, headers: [String], body: String?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// What came back: `status` nil when nothing did (no connection, a timeout, a body over the cap).
public struct StreamConcurrencyResponse: Sendable, Equatable {
    public var status: Int?
    public var body: [UInt8]

    public init(status: Int?, body: [UInt8] = []) {
        self.status = status
        self.body = body
    }
}

/// Sends GSC requests off the main thread, in the order given (a DELETE must not overtake the POST before it),
/// and calls `completion` on any thread. CoveService's `StreamConcurrencyClient` is the app's.
public protocol StreamConcurrencyTransport: AnyObject, Sendable {
    func send(_ request: StreamConcurrencyRequest,
              completion: @escaping @Sendable (StreamConcurrencyResponse) -> Void)
}

/// Where and as whom the heartbeats go. Built only when the feature applies (see `init?`).
public struct StreamConcurrencyConfiguration: Sendable, Equatable {
    public static let defaultBaseURL = "https://edge-gsc.api.brightcove.com"

    public var baseURL: String
    public var accountID: String
    public var token: String
    public var claims: StreamConcurrencyClaims
    /// Sent in the body as `session_id`: the token's `sid` if it has one, else this run's session ID, so the
    /// service can tell two players of one viewer apart.
    public var sessionID: String
    public var retryDelay: Double

    /// nil unless `token` is a JWT with `uid` and `climit` that fits in a header line.
    public init?(baseURL: String?, accountID: String, token: String, retryDelay: Double = 60,
                 clientSessionID: String = PlayerSessionID.current) {
        guard !token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
              let claims = StreamConcurrencyClaims(token: token) else { return nil }
        var base = baseURL ?? Self.defaultBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.accountID = accountID
        self.token = token
        self.claims = claims
        self.sessionID = claims.sessionID ?? clientSessionID
        self.retryDelay = retryDelay
    }

    /// `{base}/api/v1/accounts/{account}/sessions`: the one address for every method.
    public var sessionsURL: String {
        "\(baseURL)/api/v1/accounts/\(Self.pathSegment(accountID))/sessions"
    }

    public func request(_ kind: HeartbeatSchedule.Request, videoID: String?) -> StreamConcurrencyRequest {
        var headers = ["accid: \(Self.headerValue(accountID))", "BCOV-Auth: \(token)"]
        if let videoID { headers.insert("video: \(Self.headerValue(videoID))", at: 1) }
        switch kind {
        case .heartbeat, .end:
            headers.append("Content-Type: application/json")
            let body = JSONLine.object([("session_id", .string(sessionID)), ("video_id", .optional(videoID))])
            return StreamConcurrencyRequest(method: kind == .heartbeat ? .post : .delete, url: sessionsURL,
                                            headers: headers, body: body)
        case .listSessions:
            return StreamConcurrencyRequest(method: .get, url: sessionsURL, headers: headers, body: nil)
        }
    }

    /// Unreserved characters as they are, every other byte as %XX: an account ID stays one path segment.
    private static func pathSegment(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var result = ""
        for byte in text.utf8 {
            let scalar = UnicodeScalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return result
    }

    /// A line break would start a header of its own.
    private static func headerValue(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
    }
}

extension StreamConcurrencyConfiguration: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "StreamConcurrencyConfiguration(baseURL: \(baseURL), accountID: \(accountID), token: REDACTED, "
            + "uid: \(claims.userID), climit: \(claims.limit))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "accountID": accountID, "token": "REDACTED",
                                "limit": claims.limit, "retryDelay": retryDelay])
    }
}
