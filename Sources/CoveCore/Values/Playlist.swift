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
        let document = try JSONDocument(checking: jsonData)
        self = try document.withRoot { (root) throws(PlaybackJSONError) in try Playlist(reading: root) }
    }

    /// A playlist read straight from a checked response (see `JSONDocument`). Not generic, so the mapping is
    /// specialised for slices here rather than run through protocol witnesses from another module.
    package init(reading slice: JSONSlice) throws(PlaybackJSONError) {
        guard let object = slice.objectValue else { throw .expectedObject("playlist", found: slice) }
        // Videos are independent: they are mapped on every core, and entries that are not videos left out.
        let videos = ConcurrentMapping.map(Self.videoEntries(of: object)) { try? Video(reading: $0) }
        self.init(object: object, videos: videos.compactMap { $0 })
    }

    /// The `videos` entries of a playlist response still in its bytes.
    package static func videoEntries(of object: JSONSliceObject) -> [JSONSlice] {
        object["videos"]?.arrayValue.map(Array.init) ?? []
    }

    private init(readingValue value: some JSONReadable) throws(PlaybackJSONError) {
        guard let object = value.objectValue else { throw .expectedObject("playlist", found: value) }
        let videos = JSONFields(object).array("videos") { (video) throws(PlaybackJSONError) in
            try Video(readingValue: video)
        }
        self.init(object: object, videos: videos)
    }

    /// A playlist from videos the app already has; metadata is read from `properties` (API field names).
    public init(videos: [Video], properties: [String: JSONValue] = [:]) {
        self.init(object: properties, videos: videos)
    }

    private init(object: some JSONObjectReadable, videos: [Video]) {
        let fields = JSONFields(object)
        id = fields.identifier("id")
        accountID = fields.identifier("account_id")
        name = fields.string("name")
        shortDescription = fields.string("description")
        referenceID = fields.string("reference_id")
        type = fields.string("type")
        self.videos = videos
        storedProperties = object.properties
    }
}
