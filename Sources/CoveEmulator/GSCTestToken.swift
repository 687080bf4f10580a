import CoveCore
import FoundationEssentials

/// JWT-shaped tokens for tests and the demo: a header, a payload with the given claims and a placeholder
/// signature, each base64url without padding. Neither the emulator nor Cove checks signatures.
public enum GSCTestToken {
    public static func make(uid: String?, climit: Int?, sid: String? = nil) -> String {
        var claims: [String: JSONValue] = ["accid": "test", "exp": 4_102_444_800]
        if let uid { claims["uid"] = .string(uid) }
        if let climit { claims["climit"] = .number(Double(climit)) }
        if let sid { claims["sid"] = .string(sid) }
        let header: JSONValue = ["alg": "RS256", "typ": "JWT"]
        return [encode(header), encode(.object(claims)), "c2lnbmF0dXJl"].joined(separator: ".")
    }

    private static func encode(_ value: JSONValue) -> String {
        let data = (try? JSONEncoder().encode(value)) ?? Data()
        return String(data.base64EncodedString().compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }
}
