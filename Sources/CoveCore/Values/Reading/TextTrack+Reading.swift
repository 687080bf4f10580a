/// The members of a `text_tracks[]` entry that `TextTrack` maps.
enum TextTrackField: Int, JSONOrderedField {
    case id, src, sources, srclang, label, kind, mimeType, isDefault

    static let table = JSONKeyTable<Self>()

    static func swapOrder(_ order: inout JSONMemberOrder<Self>, _ state: inout JSONMappingState) {
        swap(&order, &state.textTrackOrder)
    }

    var key: StaticString {
        switch self {
        case .id: "id"
        case .src: "src"
        case .sources: "sources"
        case .srclang: "srclang"
        case .label: "label"
        case .kind: "kind"
        case .mimeType: "mime_type"
        case .isDefault: "default"
        }
    }
}

extension TextTrack {
    /// A `text_tracks[]` entry read where the cursor stands; nil, with the value passed, when it is not an object.
    static func read(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> TextTrack? {
        var parts = Parts()
        guard var fields = try cursor.openFields(TextTrackField.self) else { return nil }
        while let field = try cursor.nextField(&fields) {
            try parts.read(field, &cursor)
        }
        return TextTrack(consume parts, properties: JSONProperties(cursor.builder.owner, fields.range))
    }
}

extension TextTrack.Parts {
    fileprivate mutating func read(_ field: TextTrackField, _ cursor: inout JSONCursor) throws(JSONSyntaxError) {
        switch field {
        case .id: id = try cursor.readIdentifier()
        case .src: src = try cursor.readURL()
        case .sources: sources = try cursor.readURLList()
        case .srclang: srclang = try cursor.readString()
        case .label: label = try cursor.readString()
        case .kind: kind = try cursor.readString()
        case .mimeType: mimeType = try cursor.readString()
        case .isDefault: isDefault = try cursor.readBool()
        }
    }
}
