import FoundationEssentials

/// A playlist response (SDK `BCOVPlaylist`): the playlist's metadata and its videos in order, including error
/// placeholders for entries the API could not deliver.
public struct Playlist: Sendable, Hashable, Decodable {
    public let id: String?
    public let accountID: String?
    public let name: String?
    /// The API's `description`.
    public let shortDescription: String?
    public let referenceID: String?
    /// `EXPLICIT` or a smart-playlist type.
    public let type: String?
    public let videos: [Video]
    /// The playlist object as received.
    public let properties: [String: JSONValue]

    public var count: Int { videos.count }
    /// Videos that can be played (SDK `allPlayableVideos`).
    public var playableVideos: [Video] { videos.filter { !$0.hasError } }
    /// Error placeholders (SDK `allFailedVideos`).
    public var failedVideos: [Video] { videos.filter(\.hasError) }

    public subscript(index: Int) -> Video { videos[index] }

    /// Reads a playlist response; entries of `videos` that are not objects are left out.
    public init(json: JSONValue) throws(PlaybackJSONError) {
        guard case .object(let object) = json else { throw .expectedObject("playlist", found: json) }
        var parts = Parts(JSONFields(object))
        parts.videos = JSONFields(object).array("videos") { (video) throws(PlaybackJSONError) in
            try Video(json: video)
        }
        self.init(parts, properties: object)
    }

    /// Reads a playlist response (see `PlaybackJSON` for what is refused).
    public init(jsonData: Data) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(Playlist.self, from: jsonData)
    }

    /// Decodes a playlist object as `JSONValue` and maps it as `init(json:)` does.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// A playlist from videos the app already has; metadata is read from `properties` (API field names).
    public init(videos: [Video], properties: [String: JSONValue] = [:]) {
        var parts = Parts(JSONFields(properties))
        parts.videos = videos
        self.init(parts, properties: properties)
    }

    /// The fields as read.
    struct Parts {
        var id: String?
        var accountID: String?
        var name: String?
        var shortDescription: String?
        var referenceID: String?
        var type: String?
        var videos: [Video] = []

        /// Everything but the videos.
        init(_ fields: JSONFields) {
            id = fields.identifier("id")
            accountID = fields.identifier("account_id")
            name = fields.string("name")
            shortDescription = fields.string("description")
            referenceID = fields.string("reference_id")
            type = fields.string("type")
        }
    }

    private init(_ parts: consuming Parts, properties: [String: JSONValue]) {
        id = parts.id
        accountID = parts.accountID
        name = parts.name
        shortDescription = parts.shortDescription
        referenceID = parts.referenceID
        type = parts.type
        videos = parts.videos
        self.properties = properties
    }
}
