import FoundationEssentials

/// A playlist response (SDK `BCOVPlaylist`): the playlist's metadata and its videos in order, including error
/// placeholders for entries the API could not deliver.
public struct Playlist: Sendable, Hashable {
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
    public var properties: [String: JSONValue] { storedProperties.members }

    private let storedProperties: JSONProperties

    public var count: Int { videos.count }
    /// Videos that can be played (SDK `allPlayableVideos`).
    public var playableVideos: [Video] { videos.filter { !$0.hasError } }
    /// Error placeholders (SDK `allFailedVideos`).
    public var failedVideos: [Video] { videos.filter(\.hasError) }

    public subscript(index: Int) -> Video { videos[index] }

    public init(json: JSONValue) throws(PlaybackJSONError) {
        try self.init(readingValue: json)
    }

    /// Reads a playlist response straight from its bytes.
    public init(jsonData: Data) throws(PlaybackJSONError) {
        self = try Self.mapping(Array(jsonData)).value
    }

    private init(readingValue value: some JSONReadable) throws(PlaybackJSONError) {
        guard let object = value.objectValue else { throw .expectedObject("playlist", found: value) }
        var parts = Parts(JSONFields(object))
        parts.videos = JSONFields(object).array("videos") { (video) throws(PlaybackJSONError) in
            try Video(readingValue: video)
        }
        self.init(parts, properties: object.properties)
    }

    /// A playlist from videos the app already has; metadata is read from `properties` (API field names).
    public init(videos: [Video], properties: [String: JSONValue] = [:]) {
        var parts = Parts(JSONFields(properties))
        parts.videos = videos
        self.init(parts, properties: JSONProperties(properties))
    }

    /// The fields as read; filled from a parsed object or straight from a response's bytes (`Playlist+Reading`).
    struct Parts {
        var id: String?
        var accountID: String?
        var name: String?
        var shortDescription: String?
        var referenceID: String?
        var type: String?
        var videos: [Video] = []

        init() {}

        /// Everything but the videos.
        init(_ fields: JSONFields<some JSONObjectReadable>) {
            id = fields.identifier("id")
            accountID = fields.identifier("account_id")
            name = fields.string("name")
            shortDescription = fields.string("description")
            referenceID = fields.string("reference_id")
            type = fields.string("type")
        }
    }

    init(_ parts: consuming Parts, properties: JSONProperties) {
        id = parts.id
        accountID = parts.accountID
        name = parts.name
        shortDescription = parts.shortDescription
        referenceID = parts.referenceID
        type = parts.type
        videos = parts.videos
        storedProperties = properties
    }
}
