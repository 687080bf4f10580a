import FoundationEssentials

/// A point on the timeline where something should happen (SDK `BCOVCuePoint`): an ad slot, a code hook, a chapter.
public struct CuePoint: Sendable, Hashable, Decodable {
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
    /// The cue point object as received (see `Video.properties`).
    public var properties: [String: JSONValue] { storedProperties.object }
    fileprivate var storedProperties: JSONProperties

    /// Seconds for a timed cue point; nil for before/after.
    public var time: Double? {
        if case .time(let seconds) = position { seconds } else { nil }
    }

    /// Builds a cue point (SDK `cuePoint(withType:positionInSeconds:properties:)`); name, id, metadata and
    /// force-stop are read from `properties`.
    public init(position: Position, type: String? = nil, properties: [String: JSONValue] = [:]) {
        self.init(position: position, type: type, parts: PlaybackJSON.parts(Parts.self, of: properties),
                  properties: JSONProperties(properties))
    }

    /// Reads a `cue_points[]` entry: `time` in seconds, or "before"/"after". Nil when there is no usable position.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, case let parts = PlaybackJSON.parts(Parts.self, of: object),
              let position = parts.position else { return nil }
        self.init(position: position, type: parts.type, parts: parts, properties: JSONProperties(object))
    }

    /// Reads a `cue_points[]` entry; one without a usable position throws, and its array leaves it out.
    public init(from decoder: any Decoder) throws {
        let parts = try Parts(from: decoder)
        guard let position = parts.position else { throw UnusableElement() }
        self.init(position: position, type: parts.type, parts: parts, properties: JSONProperties(elementOf: decoder))
    }

    /// The fields as read.
    struct Parts: FieldParts {
        var position: Position?
        var type: String?
        var name: String?
        var id: String?
        var metadata: String?
        var forceStop: Bool?
        /// The API reference spells it `force-stop`, real responses `force_stop`.
        var hyphenatedForceStop: Bool?

        private enum Field: String, CodingKey {
            case time, type, name, id, metadata
            case forceStop = "force_stop", hyphenatedForceStop = "force-stop"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let fields = try PlaybackJSON.object(decoder, keyedBy: Field.self, what: "cue point")
            position = fields.double(.time).flatMap(CuePoint.position(seconds:))
                ?? fields.string(.time).flatMap(CuePoint.position(named:))
            type = fields.string(.type)
            name = fields.string(.name)
            id = fields.identifier(.id)
            metadata = fields.string(.metadata)
            forceStop = fields.bool(.forceStop)
            hyphenatedForceStop = fields.bool(.hyphenatedForceStop)
        }
    }

    private init(position: Position, type: String?, parts: consuming Parts, properties: JSONProperties) {
        self.position = position
        self.type = type
        storedProperties = properties
        name = parts.name.take()
        id = parts.id.take()
        metadata = parts.metadata.take()
        forceStop = parts.forceStop ?? parts.hyphenatedForceStop ?? false
    }

    private static func position(seconds: Double) -> Position? {
        seconds.isFinite ? .time(seconds) : nil
    }

    private static func position(named name: String) -> Position? {
        if equalsIgnoringASCIICase(name, "before") { return .before }
        if equalsIgnoringASCIICase(name, "after") { return .after }
        return nil
    }
}

extension Array where Element == CuePoint {
    /// Orders by position; equal positions keep their original order so the API's order stays meaningful.
    func sortedByPosition() -> [CuePoint] {
        var index = 1
        while index < count, self[index - 1].position <= self[index].position { index += 1 }
        if index >= count { return self }
        return enumerated()
            .sorted { $0.element.position != $1.element.position
                ? $0.element.position < $1.element.position : $0.offset < $1.offset }
            .map(\.element)
    }
}

extension CuePoint: PlacedInDocument {
    func placed(in parent: [JSONPathStep], member: String, index: Int) -> CuePoint {
        var placed = self
        placed.storedProperties = storedProperties.placed(in: parent, member: member, index: index)
        return placed
    }
}
