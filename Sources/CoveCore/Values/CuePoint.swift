import FoundationEssentials

/// A point on the timeline where something should happen (SDK `BCOVCuePoint`): an ad slot, a code hook, a chapter.
public struct CuePoint: Sendable, Hashable {
    /// Where the cue point sits: at a time, or before/after the content (pre-roll and post-roll slots).
    /// The case order is the timeline order (synthesised `Comparable`): before < any time < after.
    public enum Position: Sendable, Hashable, Comparable {
        case before
        case time(Double)
        case after
    }

    /// The SDK's type names for ad cue points.
    public static let typeAdSlot = "BCOVAdSlot"
    public static let typeAdCompanion = "BCOVAdCompanion"

    public let position: Position
    /// Free-form (`AD`, `CODE`, …); the player core does not interpret it.
    public let type: String?
    public let name: String?
    public let id: String?
    public let metadata: String?
    /// Whether playback should stop at this point.
    public let forceStop: Bool
    /// The cue point object as received.
    public var properties: [String: JSONValue] { storedProperties.members }

    private let storedProperties: JSONProperties

    /// Seconds for a timed cue point; nil for before/after.
    public var time: Double? {
        if case .time(let seconds) = position { seconds } else { nil }
    }

    /// Builds a cue point (SDK `cuePoint(withType:positionInSeconds:properties:)`); name, id, metadata and
    /// force-stop are read from `properties`.
    public init(position: Position, type: String? = nil, properties: [String: JSONValue] = [:]) {
        self.init(position: position, type: type, object: properties)
    }

    private init(position: Position, type: String?, object: some JSONObjectReadable) {
        self.position = position
        self.type = type
        storedProperties = object.properties
        let fields = JSONFields(object)
        name = fields.string("name")
        id = fields.identifier("id")
        metadata = fields.string("metadata")
        // The API reference spells it `force-stop`, real responses `force_stop`.
        forceStop = fields.bool("force_stop") ?? fields.bool("force-stop") ?? false
    }

    /// Reads a `cue_points[]` entry: `time` in seconds, or "before"/"after". Nil when there is no usable position.
    public init?(json: JSONValue) {
        self.init(reading: json)
    }

    init?(reading value: some JSONReadable) {
        guard let object = value.objectValue, let position = object["time"].flatMap(Self.position) else { return nil }
        self.init(position: position, type: object["type"]?.stringValue, object: object)
    }

    private static func position(_ value: some JSONReadable) -> Position? {
        if let seconds = value.doubleValue { return seconds.isFinite ? .time(seconds) : nil }
        switch value.stringValue?.lowercased() {
        case "before": return .before
        case "after": return .after
        default: return nil
        }
    }
}

extension Array where Element == CuePoint {
    /// Orders by position; equal positions keep their original order so the API's order stays meaningful.
    func sortedByPosition() -> [CuePoint] {
        if zip(self, dropFirst()).allSatisfy({ $0.position <= $1.position }) { return self }
        return enumerated()
            .sorted { $0.element.position != $1.element.position
                ? $0.element.position < $1.element.position : $0.offset < $1.offset }
            .map(\.element)
    }
}
