/// The members of a `sources[]` entry that `Source` maps.
enum SourceField: Int, JSONField {
    case src, type, container, codec, averageBitrate, width, height, size, duration, extXVersion, keySystems

    static let table = JSONKeyTable<Self>()

    var key: StaticString {
        switch self {
        case .src: "src"
        case .type: "type"
        case .container: "container"
        case .codec: "codec"
        case .averageBitrate: "avg_bitrate"
        case .width: "width"
        case .height: "height"
        case .size: "size"
        case .duration: "duration"
        case .extXVersion: "ext_x_version"
        case .keySystems: "key_systems"
        }
    }
}

extension Source {
    /// A `sources[]` entry read where the cursor stands; nil, with the value passed, when it is not an object or
    /// has no usable `src`.
    static func read(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> Source? {
        var parts = Parts()
        var address: LazyURL?
        var seen = JSONFieldSet()
        guard var walk = try cursor.openObject() else { return nil }
        let table = SourceField.table
        // Taken out while this object is read, so the cursor and the order are not both borrowed at once.
        var order = JSONMemberOrder<SourceField>()
        swap(&order, &cursor.builder.sourceOrder)
        defer { swap(&order, &cursor.builder.sourceOrder) }
        while let member = try cursor.nextMember(&walk, table, &order) {
            guard case .field(let field) = member, seen.insert(field) else {
                try cursor.skipValue()
                continue
            }
            if field == .src {
                address = try cursor.readURL()
            } else {
                try parts.read(field, &cursor)
            }
        }
        guard let address else { return nil }
        return Source(consume parts, address: address, deliveryMethod: nil,
                      properties: JSONProperties(cursor.builder.owner, walk.range))
    }
}

extension Source.Parts {
    fileprivate mutating func read(_ field: SourceField, _ cursor: inout JSONCursor) throws(JSONSyntaxError) {
        switch field {
        case .src: break // the address, which `read` keeps apart: a source without one is no source
        case .type: type = try cursor.readString()
        case .container: container = try cursor.readString()
        case .codec: codec = try cursor.readString()
        case .averageBitrate: averageBitrate = try cursor.readInt()
        case .width: width = try cursor.readInt()
        case .height: height = try cursor.readInt()
        case .size: size = try cursor.readInt()
        case .duration: duration = try cursor.readDuration()
        case .extXVersion: extXVersion = try cursor.readVersion()
        case .keySystems: keySystems = try cursor.readObjectMembers()
        }
    }
}

extension JSONReader where Builder == JSONMappingState {
    /// `ext_x_version`: a string, or an integer written as one.
    fileprivate mutating func readVersion() throws(JSONSyntaxError) -> String? {
        switch try nextByte() {
        case UInt8(ascii: "\""): try string().string
        default: try readInt().map(String.init)
        }
    }
}
