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
    public internal(set) var videos: [Video]
    /// The playlist object as received (see `Video.properties`).
    public var properties: [String: JSONValue] { storedProperties.object }
    private let storedProperties: JSONProperties

    public var count: Int { videos.count }
    /// Videos that can be played (SDK `allPlayableVideos`).
    public var playableVideos: [Video] { videos.filter { !$0.hasError } }
    /// Error placeholders (SDK `allFailedVideos`).
    public var failedVideos: [Video] { videos.filter(\.hasError) }

    public subscript(index: Int) -> Video { videos[index] }

    /// Reads a playlist response; entries of `videos` that are not objects are left out.
    public init(json: JSONValue) throws(PlaybackJSONError) {
        guard case .object(let object) = json else { throw .expectedObject("playlist", found: json) }
        self.init(PlaybackJSON.parts(Parts.self, of: object), properties: JSONProperties(object))
    }

    /// Reads a playlist response (see `PlaybackJSON` for what is refused).
    public init(jsonData: Data) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(Playlist.self, from: jsonData)
    }

    /// Reads a playlist object; a value that is not an object throws `PlaybackJSONError.unexpectedShape`.
    public init(from decoder: any Decoder) throws {
        self.init(try Parts(from: decoder), properties: JSONProperties(decoder))
    }

    /// A playlist from videos the app already has; metadata is read from `properties` (API field names).
    public init(videos: [Video], properties: [String: JSONValue] = [:]) {
        var parts = PlaybackJSON.parts(Parts.self, of: properties)
        parts.videos = videos
        self.init(parts, properties: JSONProperties(properties))
    }

    /// The fields as read.
    struct Parts: FieldParts {
        var id: String?
        var accountID: String?
        var name: String?
        var shortDescription: String?
        var referenceID: String?
        var type: String?
        var videos: [Video] = []

        private enum Field: String, CodingKey {
            case id, name, description, type, videos
            case accountID = "account_id", referenceID = "reference_id"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let fields = try PlaybackJSON.object(decoder, keyedBy: Field.self, what: "playlist")
            id = fields.identifier(.id)
            accountID = fields.identifier(.accountID)
            name = fields.string(.name)
            shortDescription = fields.string(.description)
            referenceID = fields.string(.referenceID)
            type = fields.string(.type)
            videos = fields.elements(.videos)
        }
    }

    private init(_ parts: consuming Parts, properties: JSONProperties) {
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
