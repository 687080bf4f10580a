/// The members of a video object that `Video` maps.
enum VideoField: Int, JSONOrderedField {
    case id, accountID, name, referenceID, shortDescription, longDescription, duration, createdAt, updatedAt
    case publishedAt, economics, poster, posterSources, thumbnail, thumbnailSources, sources, textTracks, cuePoints
    case customFields, tags, projection, bumperID, offlineEnabled, errorCode, errorSubcode, message, errorMessage

    static let table = JSONKeyTable<Self>()

    static func swapOrder(_ order: inout JSONMemberOrder<Self>, _ state: inout JSONMappingState) {
        swap(&order, &state.videoOrder)
    }

    var key: StaticString {
        switch self {
        case .id: "id"
        case .accountID: "account_id"
        case .name: "name"
        case .referenceID: "reference_id"
        case .shortDescription: "description"
        case .longDescription: "long_description"
        case .duration: "duration"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        case .publishedAt: "published_at"
        case .economics: "economics"
        case .poster: "poster"
        case .posterSources: "poster_sources"
        case .thumbnail: "thumbnail"
        case .thumbnailSources: "thumbnail_sources"
        case .sources: "sources"
        case .textTracks: "text_tracks"
        case .cuePoints: "cue_points"
        case .customFields: "custom_fields"
        case .tags: "tags"
        case .projection: "projection"
        case .bumperID: "bumper_id"
        case .offlineEnabled: "offline_enabled"
        case .errorCode: "error_code"
        case .errorSubcode: "error_subcode"
        case .message: "message"
        case .errorMessage: "error_message"
        }
    }
}

extension VideoField {
    /// Names only a video has, never an object nested in one (a rendition, a text track, a cue point, an image, a
    /// variant): where one of these is a member, a video starts. Playlists are cut between cores by them.
    private static let videoOnly: [StaticString] = [
        "text_tracks", "cue_points", "poster_sources", "thumbnail_sources", "economics", "offline_enabled",
        "published_at", "reference_id", "poster", "thumbnail",
    ]

    static func isVideoOnly(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        videoOnly.contains { key in
            key.utf8CodeUnitCount == name.count && key.withUTF8Buffer { JSONScan.equal($0, name) }
        }
    }
}

extension Video {
    /// A video object read where the cursor stands; nil, with the value passed, when it is not an object.
    static func read(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> Video? {
        var parts = Parts()
        guard var fields = try cursor.openFields(VideoField.self) else { return nil }
        while let field = try cursor.nextField(&fields) {
            try parts.read(field, &cursor)
        }
        // The last use of `parts`, so its values move into the video instead of being copied.
        return Video(consume parts, properties: JSONProperties(cursor.builder.owner, fields.range))
    }
}

extension Video.Parts {
    fileprivate mutating func read(_ field: VideoField, _ cursor: inout JSONCursor) throws(JSONSyntaxError) {
        switch field {
        case .id: id = try cursor.readIdentifier()
        case .accountID: accountID = try cursor.readIdentifier()
        case .name: name = try cursor.readString()
        case .referenceID: referenceID = try cursor.readString()
        case .shortDescription: shortDescription = try cursor.readString()
        case .longDescription: longDescription = try cursor.readString()
        case .duration: duration = try cursor.readDuration()
        case .createdAt: createdAt = try cursor.readString()
        case .updatedAt: updatedAt = try cursor.readString()
        case .publishedAt: publishedAt = try cursor.readString()
        case .economics: economics = try cursor.readString()
        case .poster: poster = try cursor.readURL()
        case .posterSources: posterSources = try cursor.readURLList()
        case .thumbnail: thumbnail = try cursor.readURL()
        case .thumbnailSources: thumbnailSources = try cursor.readURLList()
        case .sources: sources = try cursor.readElements { (cursor) throws(JSONSyntaxError) in try Source.read(&cursor) }
        case .textTracks:
            textTracks = try cursor.readElements { (cursor) throws(JSONSyntaxError) in try TextTrack.read(&cursor) }
        case .cuePoints:
            cuePoints = try cursor.readElements { (cursor) throws(JSONSyntaxError) in try CuePoint.read(&cursor) }
        case .customFields: customFields = try cursor.readStrings()
        case .tags: tags = try cursor.readElements { (cursor) throws(JSONSyntaxError) in try cursor.readString() }
        case .projection: projection = try cursor.readString()
        case .bumperID: bumperID = try cursor.readString()
        case .offlineEnabled: offlineEnabled = try cursor.readBool()
        case .errorCode: errorCode = try cursor.readString()
        case .errorSubcode: errorSubcode = try cursor.readString()
        case .message: message = try cursor.readString()
        case .errorMessage: errorMessage = try cursor.readString()
        }
    }
}
