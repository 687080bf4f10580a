import FoundationEssentials

/// The claims of a Playback Authorization token that Generic Stream Concurrency needs: who watches (`uid`), how
/// many streams they may have at once (`climit`) and, optionally, the session (`sid`). Read from the JWT's payload
/// without checking its signature: the GSC service checks it, and a player holds no key to check it with.
public struct StreamConcurrencyClaims: Sendable, Equatable {
    public var userID: String
    public var limit: Int
    public var sessionID: String?

    public init(userID: String, limit: Int, sessionID: String? = nil) {
        self.userID = userID
        self.limit = limit
        self.sessionID = sessionID
    }

    /// A payload is a token's middle part; more than this is not a token a player was given.
    static let maximumTokenLength = 64 * 1024

    /// nil when `token` is not a JWT (three dot-separated parts, the middle one base64url JSON), or lacks `uid` or
    /// a positive `climit`.
    public init?(token: String) {
        guard let payload = Self.payload(of: token) else { return nil }
        guard let userID = Self.text(payload["uid"]), !userID.isEmpty,
              let limit = Self.count(payload["climit"]), limit > 0 else { return nil }
        self.init(userID: userID, limit: limit, sessionID: Self.text(payload["sid"]).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The payload object of a JWT, or nil.
    public static func payload(of token: String) -> [String: JSONValue]? {
        guard token.utf8.count <= maximumTokenLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = base64URLDecoded(parts[1]),
              let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        return value.objectValue
    }

    static func base64URLDecoded(_ text: Substring) -> [UInt8]? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        // JWTs leave the padding out.
        while standard.utf8.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map(Array.init)
    }

    /// Services write ids as strings or numbers.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number) where number.isFinite && number == number.rounded() && abs(number) < 1e15:
            String(Int(number))
        default: nil
        }
    }

    private static func count(_ value: JSONValue?) -> Int? {
        switch value {
        case .number(let number) where number.isFinite && number == number.rounded() && number < 1e9: Int(number)
        case .string(let text): Int(text)
        default: nil
        }
    }
}
