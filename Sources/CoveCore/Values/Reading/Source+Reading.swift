/// The members of a `sources[]` entry that `Source` maps.
enum SourceField: Int, JSONOrderedField {
    case src, type, container, codec, averageBitrate, width, height, size, duration, extXVersion, keySystems

    static let table = JSONKeyTable<Self>()

    static func swapOrder(_ order: inout JSONMemberOrder<Self>, _ state: inout JSONMappingState) {
        swap(&order, &state.sourceOrder)
    }

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
        guard var fields = try cursor.openFields(SourceField.self) else { return nil }
        while let field = try cursor.nextField(&fields) {
            if field == .src {
                address = try cursor.readURL()
            } else {
                try parts.read(field, &cursor)
            }
        }
        guard let address else { return nil }
        return Source(consume parts, address: address, deliveryMethod: nil,
                      properties: JSONProperties(cursor.builder.owner, fields.range))
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
