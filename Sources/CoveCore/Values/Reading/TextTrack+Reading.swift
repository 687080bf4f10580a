/// The members of a `text_tracks[]` entry that `TextTrack` maps.
enum TextTrackField: Int, JSONField {
    case id, src, sources, srclang, label, kind, mimeType, isDefault

    static let table = JSONKeyTable<Self>()

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
        var seen = JSONFieldSet()
        guard var walk = try cursor.openObject() else { return nil }
        let table = TextTrackField.table
        // Taken out while this object is read, so the cursor and the order are not both borrowed at once.
        var order = JSONMemberOrder<TextTrackField>()
        swap(&order, &cursor.builder.textTrackOrder)
        defer { swap(&order, &cursor.builder.textTrackOrder) }
        while let member = try cursor.nextMember(&walk, table, &order) {
            guard case .field(let field) = member, seen.insert(field) else {
                try cursor.skipValue()
                continue
            }
            try parts.read(field, &cursor)
        }
        return TextTrack(consume parts, properties: JSONProperties(cursor.builder.owner, walk.range))
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
