import CoveCore
import FoundationEssentials

/// The parts of an HTTP request the emulator's routes look at, copied out of libsoup on the server thread.
struct EmulatorRequest: Sendable {
    var method: String
    var rawPath: String
    var rawQuery: String?
    var accept: String?
    var authorization: String?
    var policyHeader: String?
    var range: String?
    /// Generic Stream Concurrency's headers: `accid`, `video` and `BCOV-Auth` (the token).
    var gscAccount: String?
    var gscVideo: String?
    var gscAuth: String?
    var contentType: String?
    /// The request body (GSC's JSON), at most `maximumBodyBytes`.
    var body: [UInt8] = []
    var clientPort: Int
    /// Seconds on the monotonic clock (`PlaybackAPIEmulator.monotonicSeconds()`) when the handler got it.
    var receivedAt: Double = 0

    /// The policy key and where it came from, in the API's order of precedence.
    var policyKey: (carrier: RecordedRequest.PolicyKeyCarrier, key: String)? {
        if let accept, let key = Self.policyKey(inAccept: accept) { return (.acceptHeader, key) }
        if let authorization, let key = Self.credential(authorization, scheme: "BCOV-Policy") {
            return (.authorizationHeader, key)
        }
        if let policyHeader {
            let key = policyHeader.trimmingSpaces
            if !key.isEmpty { return (.policyHeader, key) }
        }
        return nil
    }

    static let maximumBodyBytes = 64 * 1024

    /// `session_id` from a GSC body.
    var gscSessionID: String? {
        guard !body.isEmpty, let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return nil }
        return json["session_id"]?.stringValue
    }

    var bearerToken: String? { authorization.flatMap { Self.credential($0, scheme: "Bearer") } }

    /// Finds `pk=KEY` among the media-type parameters of any entry of an Accept header.
    private static func policyKey(inAccept accept: String) -> String? {
        for mediaRange in accept.split(separator: ",") {
            for parameter in mediaRange.split(separator: ";").dropFirst() {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingSpaces.lowercased() == "pk" {
                    let key = parts[1].trimmingSpaces
                    if !key.isEmpty { return key }
                }
            }
        }
        return nil
    }

    /// The credential after an Authorization scheme name (compared case-insensitively).
    private static func credential(_ header: String, scheme: String) -> String? {
        let parts = header.trimmingSpaces.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == scheme.lowercased() else { return nil }
        let value = parts[1].trimmingSpaces
        return value.isEmpty ? nil : value
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
