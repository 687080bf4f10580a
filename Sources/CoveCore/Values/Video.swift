import FoundationEssentials

/// A video as the Playback API describes it (SDK `BCOVVideo`): metadata, renditions, text tracks and cue points.
/// Inside playlists a "video" can also be an error placeholder (`hasError`) for an entry the API could not deliver.
public struct Video: Sendable, Hashable, Decodable {
    /// Who pays for playback (`economics`); only ad-supported videos may show ads.
    public enum Economics: String, Sendable, Hashable {
        case adSupported = "AD_SUPPORTED"
        case free = "FREE"

        /// The API's spelling in any ASCII letter case.
        init?(ignoringCase text: String) {
            if equalsIgnoringASCIICase(text, "AD_SUPPORTED") {
                self = .adSupported
            } else if equalsIgnoringASCIICase(text, "FREE") {
                self = .free
            } else {
                return nil
            }
        }
    }

    /// The projection that marks a 360° video; the only one supported.
    public static let equirectangularProjection = "equirectangular"

    public let id: String?
    public let accountID: String?
    public let name: String?
    public let referenceID: String?
    /// The API's `description`.
    public let shortDescription: String?
    public let longDescription: String?
    /// Seconds (the API sends milliseconds); nil when unknown, as for live streams.
    public let duration: Double?
    public let createdAt: String?
    public let updatedAt: String?
    public let publishedAt: String?
    public let economics: Economics
    public internal(set) var poster: URL?
    public internal(set) var posterSources: [URL]
    public internal(set) var thumbnail: URL?
    public internal(set) var thumbnailSources: [URL]
    public internal(set) var sources: [Source]
    public internal(set) var textTracks: [TextTrack]
    /// Ordered by position: before, then by time, then after.
    public let cuePoints: [CuePoint]
    /// Only string values; the API omits empty fields.
    public let customFields: [String: String]
    public let tags: [String]
    public let projection: String?
    /// Video ID of the bumper to play first: the `bumper_id` custom field (which wins, as in the SDK), else a
    /// top-level `bumper_id`.
    public let bumperID: String?
    public let offlineEnabled: Bool
    public let errorCode: String?
    public let errorSubcode: String?
    public let errorMessage: String?
    /// The video object as received, so fields this model does not map are still available. Decoded when first
    /// read (see `JSONProperties`); addresses the service refused are still in it, so nothing may be fetched from
    /// it.
    public var properties: [String: JSONValue] { storedProperties.object }
    private let storedProperties: JSONProperties

    public var is360: Bool { projection == Self.equirectangularProjection }
    public var hasError: Bool { errorCode != nil }

    /// The placeholder's error as an API error entry, for its viewer-facing message.
    public var apiError: PlaybackAPIErrorEntry? {
        errorCode.map { PlaybackAPIErrorEntry(code: $0, subcode: errorSubcode, message: errorMessage) }
    }

    /// The WebVTT thumbnails track used for thumbnail seeking, if the video has one.
    public var thumbnailsTrack: TextTrack? { textTracks.first { $0.isThumbnails && $0.src != nil } }

    /// The sidecar caption tracks (`text_tracks` of kind captions or subtitles with a URL), each with its index in
    /// `textTracks`, which names it wherever it goes (`sidecar:N` here, trackId N+1 on a Cast device).
    public var sidecarCaptions: [(index: Int, track: TextTrack)] {
        textTracks.enumerated().compactMap { index, track in
            guard track.src != nil, !track.isThumbnails, ["captions", "subtitles"].contains(track.kind) else {
                return nil
            }
            return (index, track)
        }
    }

    /// Reads a single-video response or a `videos[]` entry.
    public init(json: JSONValue) throws(PlaybackJSONError) {
        guard case .object(let object) = json else { throw .expectedObject("video", found: json) }
        self.init(PlaybackJSON.parts(Parts.self, of: object), properties: JSONProperties(object))
    }

    /// Reads a single-video response (see `PlaybackJSON` for what is refused).
    public init(jsonData: Data) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(Video.self, from: jsonData)
    }

    /// Reads a video object; a value that is not an object throws `PlaybackJSONError.unexpectedShape`.
    public init(from decoder: any Decoder) throws {
        self.init(try Parts(from: decoder), properties: JSONProperties(decoder))
    }

    /// A video from sources the app already has (SDK `BCOVVideo(withSources:cuePoints:properties:)`); the other
    /// fields are read from `properties`, which uses the Playback API's field names.
    public init(sources: [Source], cuePoints: [CuePoint] = [], properties: [String: JSONValue] = [:]) {
        var parts = PlaybackJSON.parts(Parts.self, of: properties)
        parts.sources = sources
        parts.cuePoints = cuePoints
        self.init(parts, properties: JSONProperties(properties))
    }

    /// The fields as read, before anything is decided from them.
    struct Parts: FieldParts {
        var id: String?
        var accountID: String?
        var name: String?
        var referenceID: String?
        var shortDescription: String?
        var longDescription: String?
        var duration: Double?
        var createdAt: String?
        var updatedAt: String?
        var publishedAt: String?
        var economics: String?
        var poster: URL?
        var posterSources: [URL] = []
        var thumbnail: URL?
        var thumbnailSources: [URL] = []
        var sources: [Source] = []
        var textTracks: [TextTrack] = []
        var cuePoints: [CuePoint] = []
        var customFields: [String: String] = [:]
        var tags: [String] = []
        var projection: String?
        var bumperID: String?
        var offlineEnabled: Bool?
        var errorCode: String?
        var errorSubcode: String?
        var message: String?
        var errorMessage: String?

        private enum Field: String, CodingKey {
            case id, name, description, duration, economics, poster, thumbnail, sources, tags, projection, message
            case accountID = "account_id", referenceID = "reference_id", longDescription = "long_description"
            case createdAt = "created_at", updatedAt = "updated_at", publishedAt = "published_at"
            case posterSources = "poster_sources", thumbnailSources = "thumbnail_sources"
            case textTracks = "text_tracks", cuePoints = "cue_points", customFields = "custom_fields"
            case bumperID = "bumper_id", offlineEnabled = "offline_enabled"
            case errorCode = "error_code", errorSubcode = "error_subcode", errorMessage = "error_message"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let fields = try PlaybackJSON.object(decoder, keyedBy: Field.self, what: "video")
            let path = JSONProperties.path(of: decoder)
            id = fields.identifier(.id)
            accountID = fields.identifier(.accountID)
            name = fields.string(.name)
            referenceID = fields.string(.referenceID)
            shortDescription = fields.string(.description)
            longDescription = fields.string(.longDescription)
            duration = fields.durationInSeconds(.duration)
            createdAt = fields.string(.createdAt)
            updatedAt = fields.string(.updatedAt)
            publishedAt = fields.string(.publishedAt)
            economics = fields.string(.economics)
            poster = fields.url(.poster)
            posterSources = fields.urlList(.posterSources)
            thumbnail = fields.url(.thumbnail)
            thumbnailSources = fields.urlList(.thumbnailSources)
            sources = fields.elements(.sources, at: path)
            textTracks = fields.elements(.textTracks, at: path)
            cuePoints = fields.elements(.cuePoints, at: path)
            customFields = fields.strings(.customFields)
            tags = fields.elements(.tags)
            projection = fields.string(.projection)
            bumperID = fields.string(.bumperID)
            offlineEnabled = fields.bool(.offlineEnabled)
            errorCode = fields.string(.errorCode)
            errorSubcode = fields.string(.errorSubcode)
            message = fields.string(.message)
            errorMessage = fields.string(.errorMessage)
        }
    }

    private init(_ parts: consuming Parts, properties: JSONProperties) {
        id = parts.id.take()
        accountID = parts.accountID.take()
        name = parts.name.take()
        referenceID = parts.referenceID.take()
        shortDescription = parts.shortDescription.take()
        longDescription = parts.longDescription.take()
        duration = parts.duration
        createdAt = parts.createdAt.take()
        updatedAt = parts.updatedAt.take()
        publishedAt = parts.publishedAt.take()
        // Read before `customFields` moves.
        bumperID = Self.bumperID(parts.customFields["bumper_id"]) ?? Self.bumperID(parts.bumperID)
        economics = parts.economics.flatMap(Economics.init(ignoringCase:)) ?? .adSupported
        poster = parts.poster.take()
        posterSources = parts.posterSources.takeAll()
        thumbnail = parts.thumbnail.take()
        thumbnailSources = parts.thumbnailSources.takeAll()
        sources = parts.sources.takeAll()
        textTracks = parts.textTracks.takeAll()
        cuePoints = parts.cuePoints.takeAll().sortedByPosition()
        customFields = parts.customFields.takeAll()
        tags = parts.tags.takeAll()
        projection = parts.projection.take()
        offlineEnabled = parts.offlineEnabled ?? false
        errorCode = parts.errorCode.take().flatMap { $0.isEmpty ? nil : $0 }
        errorSubcode = parts.errorSubcode.take()
        errorMessage = parts.message.take() ?? parts.errorMessage.take()
        storedProperties = properties
    }

    private static func bumperID(_ text: String?) -> String? {
        text.map(trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A video for a plain URL (SDK `video(withURL:)`); the delivery method is guessed from the extension
    /// (.m3u8 → HLS, .mpd → DASH, .mp4 → MP4).
    public static func video(withURL url: URL) -> Video {
        Video(sources: [Source(url: url)])
    }

    /// A video for a plain URL with the Playback API's `projection` field (`equirectangular` for 360°).
    public static func video(withURL url: URL, projection: String?) -> Video {
        Video(sources: [Source(url: url)], properties: projection.map { ["projection": .string($0)] } ?? [:])
    }

    /// A video for a URL whose delivery method is known (SDK `video(withURL:deliveryMethod:)`).
    public static func video(withURL url: URL, deliveryMethod: DeliveryMethod) -> Video {
        Video(sources: [Source(url: url, deliveryMethod: deliveryMethod)])
    }
}
