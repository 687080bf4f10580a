import FoundationEssentials

/// Why the GSC service refused a stream, by its `error.sub_code` (an empty 4xx body is the SDK's
/// `playbackNotAllowed`; a sub-code Cove does not know counts as that too).
public enum StreamConcurrencyRefusal: Sendable, Equatable {
    case maxConcurrency
    case sessionStopped
    case invalidToken
    /// `MISSING_CLAIM`, and `MISSING_FIELD` (a request field the service wanted: the same fix, a new token).
    case missingClaim
    case featureNotSupported
    case playbackNotAllowed
}

/// What one answer of the GSC service means, before the heartbeat schedule acts on it.
public enum StreamConcurrencyReply: Sendable, Equatable {
    /// A 2xx; `interval` is `heartbeat_interval` in seconds (nil: absent or unusable, so heartbeats stop).
    case accepted(interval: Double?)
    /// A 4xx; `message` is the service's own `error.message`, for diagnostics only.
    case refused(StreamConcurrencyRefusal, message: String?)
    /// No answer (no connection, a timeout), a 5xx, or any other status: worth trying again.
    case unreachable

    /// Bodies are small JSON; anything longer is not read.
    public static let maximumBodyBytes = 64 * 1024
    /// An interval below this is taken as this, so a broken answer cannot make the player hammer the service.
    public static let minimumInterval = 1.0

    /// `status` nil: no answer at all.
    public init(status: Int?, body: [UInt8]) {
        guard let status else {
            self = .unreachable
            return
        }
        let json = body.count <= Self.maximumBodyBytes
            ? try? JSONDecoder().decode(JSONValue.self, from: Data(body)) : nil
        switch status {
        case 200..<300:
            let interval = json?["heartbeat_interval"].flatMap(Self.seconds)
            self = .accepted(interval: interval.map { max(Self.minimumInterval, $0) })
        case 400..<500:
            let error = json?["error"]
            let message = error?["message"]?.stringValue
            self = .refused(Self.refusal(subCode: error?["sub_code"]?.stringValue), message: message)
        default:
            self = .unreachable
        }
    }

    private static func seconds(_ value: JSONValue) -> Double? {
        let number = value.doubleValue ?? value.stringValue.flatMap(Double.init)
        guard let number, number.isFinite, number > 0 else { return nil }
        return number
    }

    private static func refusal(subCode: String?) -> StreamConcurrencyRefusal {
        switch subCode?.uppercased() {
        case "MAX_CONCURRENCY": .maxConcurrency
        case "SESSION_STOPPED": .sessionStopped
        case "INVALID_TOKEN": .invalidToken
        case "MISSING_CLAIM", "MISSING_FIELD": .missingClaim
        case "FEATURE_NOT_SUPPORTED": .featureNotSupported
        default: .playbackNotAllowed
        }
    }
}
