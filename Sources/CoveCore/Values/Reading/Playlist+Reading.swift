/// The members of a playlist object that `Playlist` maps.
enum PlaylistField: Int, JSONOrderedField {
    case id, accountID, name, shortDescription, referenceID, type, videos

    static let table = JSONKeyTable<Self>()

    static func swapOrder(_ order: inout JSONMemberOrder<Self>, _ state: inout JSONMappingState) {
        swap(&order, &state.playlistOrder)
    }

    var key: StaticString {
        switch self {
        case .id: "id"
        case .accountID: "account_id"
        case .name: "name"
        case .shortDescription: "description"
        case .referenceID: "reference_id"
        case .type: "type"
        case .videos: "videos"
        }
    }
}

extension Playlist {
    /// A playlist object read where the cursor stands, its videos on every core; nil, with the value passed, when
    /// it is not an object. Entries of `videos` that are not objects are left out.
    static func read(_ cursor: inout JSONCursor, workers: Int) throws(JSONSyntaxError) -> Playlist? {
        var parts = Parts()
        guard var fields = try cursor.openFields(PlaylistField.self) else { return nil }
        while let field = try cursor.nextField(&fields) {
            switch field {
            case .id: parts.id = try cursor.readIdentifier()
            case .accountID: parts.accountID = try cursor.readIdentifier()
            case .name: parts.name = try cursor.readString()
            case .shortDescription: parts.shortDescription = try cursor.readString()
            case .referenceID: parts.referenceID = try cursor.readString()
            case .type: parts.type = try cursor.readString()
            case .videos:
                parts.videos = try ParallelElements.read(&cursor, workers: workers, telling: VideoField.isVideoOnly) {
                    (cursor) throws(JSONSyntaxError) in try Video.read(&cursor)
                }
            }
        }
        return Playlist(parts, properties: JSONProperties(cursor.builder.owner, fields.range))
    }
}
