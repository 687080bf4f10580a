/// The members of a `cue_points[]` entry that `CuePoint` maps.
enum CuePointField: Int, JSONOrderedField {
    case time, type, name, id, metadata, forceStop, hyphenatedForceStop

    static let table = JSONKeyTable<Self>()

    static func swapOrder(_ order: inout JSONMemberOrder<Self>, _ state: inout JSONMappingState) {
        swap(&order, &state.cuePointOrder)
    }

    var key: StaticString {
        switch self {
        case .time: "time"
        case .type: "type"
        case .name: "name"
        case .id: "id"
        case .metadata: "metadata"
        case .forceStop: "force_stop"
        case .hyphenatedForceStop: "force-stop"
        }
    }
}

extension CuePoint {
    /// A `cue_points[]` entry read where the cursor stands; nil, with the value passed, when it is not an object
    /// or has no usable `time`.
    static func read(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> CuePoint? {
        var parts = Parts()
        var position: Position?
        var type: String?
        guard var fields = try cursor.openFields(CuePointField.self) else { return nil }
        while let field = try cursor.nextField(&fields) {
            switch field {
            case .time: position = try cursor.readPosition()
            case .type: type = try cursor.readString()
            default: try parts.read(field, &cursor)
            }
        }
        guard let position else { return nil }
        return CuePoint(position: position, type: type, parts: consume parts,
                        properties: JSONProperties(cursor.builder.owner, fields.range))
    }
}

extension CuePoint.Parts {
    fileprivate mutating func read(_ field: CuePointField, _ cursor: inout JSONCursor) throws(JSONSyntaxError) {
        switch field {
        case .name: name = try cursor.readString()
        case .id: id = try cursor.readIdentifier()
        case .metadata: metadata = try cursor.readString()
        case .forceStop: forceStop = try cursor.readBool()
        case .hyphenatedForceStop: hyphenatedForceStop = try cursor.readBool()
        // The position and type, which `read` keeps apart.
        case .time, .type: try cursor.skipValue()
        }
    }
}

extension JSONReader where Builder == JSONMappingState {
    /// `time`: seconds, or "before"/"after".
    fileprivate mutating func readPosition() throws(JSONSyntaxError) -> CuePoint.Position? {
        switch try nextByte() {
        case UInt8(ascii: "\""): CuePoint.position(named: try string().string)
        default: try readNumber().flatMap(CuePoint.position(seconds:))
        }
    }
}
