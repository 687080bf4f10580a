internal import CCrypto
import CoveCore
import FoundationEssentials

/// Expiring media addresses, as a CDN's signed URLs: with `EmulatorCatalog.mediaURLTTL` set, every `/media/…`
/// address in a served video object becomes `/media/exp/<expiry epoch seconds>/<token>/…` and the object carries
/// `manifest_url_ttl`; the token is an HMAC of the expiry under the catalog's secret. The token sits in the path,
/// not the query, so the relative addresses of playlists and segments inherit it. Once expired, or unsigned, a
/// media request is answered 403.
enum ExpiringMediaURLs {
    static let prefix = "exp"
    private static let loopback = "http://127.0.0.1:"

    /// The video object with its media addresses signed to expire `ttl` seconds from `now`.
    static func signing(_ video: JSONValue, ttl: Double, now: Double, secret: [UInt8]) -> JSONValue {
        // Whole seconds, rounded up: an address lives at least `ttl` seconds.
        let expiry = Int((now + ttl).rounded(.up))
        let insert = "/media/" + prefix + "/\(expiry)/" + token(expiry: expiry, secret: secret) + "/"
        func sign(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text):
                // The emulator's own addresses only (it listens on 127.0.0.1): another host's are left alone.
                guard text.hasPrefix(loopback), let range = text.firstRange(of: "/media/"),
                      !text[range.upperBound...].hasPrefix(prefix + "/"),
                      text[..<range.lowerBound].dropFirst(loopback.count).allSatisfy({ $0 != "/" })
                else { return value }
                var signed = text
                signed.replaceSubrange(range, with: insert)
                return .string(signed)
            case .array(let items): return .array(items.map(sign))
            case .object(let fields): return .object(fields.mapValues(sign))
            default: return value
            }
        }
        guard case .object(var fields) = sign(video) else { return video }
        fields["manifest_url_ttl"] = .number(ttl)
        return .object(fields)
    }

    static let denied = EmulatorReply.apiError(403, "ACCESS_DENIED", subcode: "MEDIA_URL",
                                               message: "The media address is unsigned or has expired")

    /// The path below the signature when the request's signature is good and not expired, else nil (a 403).
    static func check(_ segments: ArraySlice<Substring>, now: Double, secret: [UInt8]) -> ArraySlice<Substring>? {
        var rest = segments
        guard rest.popFirst() == Substring(prefix), let expiryText = rest.popFirst(), let expiry = Int(expiryText),
              let given = rest.popFirst(), given == token(expiry: expiry, secret: secret),
              now <= Double(expiry) else { return nil }
        return rest
    }

    /// HMAC-SHA256 of the expiry's decimal digits, 16 bytes in hex.
    static func token(expiry: Int, secret: [UInt8]) -> String {
        let message = Array(String(expiry).utf8)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard HMAC(EVP_sha256(), secret, Int32(secret.count), message, message.count, &digest, &length) != nil else {
            return "invalid"
        }
        return digest.prefix(16).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
