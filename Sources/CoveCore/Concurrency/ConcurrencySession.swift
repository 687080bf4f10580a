import FoundationEssentials

/// One of the viewer's sessions as the GSC service lists them (the Android SDK's `ConcurrencySession`).
public struct ConcurrencySession: Sendable, Equatable {
    public var sessionID: String
    public var endViewerID: String?
    /// Seconds since 1970; nil when the service did not say.
    public var lastSeen: Double?
    public var isStopped: Bool
    public var ttl: Double?

    public init(sessionID: String, endViewerID: String? = nil, lastSeen: Double? = nil, isStopped: Bool = false,
                ttl: Double? = nil) {
        self.sessionID = sessionID
        self.endViewerID = endViewerID
        self.lastSeen = lastSeen
        self.isStopped = isStopped
        self.ttl = ttl
    }

    /// The sessions in a `GET …/sessions` answer: a bare array, or the first array inside an object (the shape was
    /// not documented). Entries without a `session_id` are left out; at most `limit` are kept.
    public static func list(from body: [UInt8], limit: Int = 20) -> [ConcurrencySession] {
        guard body.count <= StreamConcurrencyReply.maximumBodyBytes,
              let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return [] }
        let entries = json.arrayValue
            ?? json.objectValue?.keys.sorted().lazy.compactMap { json[$0]?.arrayValue }.first ?? []
        return Array(entries.lazy.compactMap(Self.init(json:)).prefix(limit))
    }

    init?(json: JSONValue) {
        guard let id = Self.text(json["session_id"]), !id.isEmpty else { return nil }
        self.init(sessionID: id, endViewerID: Self.text(json["end_viewer_id"]),
                  lastSeen: json["last_seen"].flatMap(Self.epochSeconds),
                  isStopped: json["stopped"]?.boolValue ?? false, ttl: json["session_ttl"]?.doubleValue)
    }

    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): String(text.prefix(200))
        case .number(let number) where number.isFinite && abs(number) < 1e15: String(Int(number))
        default: nil
        }
    }

    /// Seconds or milliseconds since 1970 (a number past 10^11 can only be milliseconds).
    private static func epochSeconds(_ value: JSONValue) -> Double? {
        guard let number = value.doubleValue ?? value.stringValue.flatMap(Double.init), number.isFinite,
              number > 0 else { return nil }
        return number > 1e11 ? number / 1000 : number
    }
}
