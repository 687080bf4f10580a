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
    public let poster: URL?
    public let posterSources: [URL]
    public let thumbnail: URL?
    public let thumbnailSources: [URL]
    public let sources: [Source]
    public let textTracks: [TextTrack]
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
    /// The video object as received, so fields this model does not map are still available.
    public let properties: [String: JSONValue]

    public var is360: Bool { projection == Self.equirectangularProjection }
    public var hasError: Bool { errorCode != nil }

    /// The placeholder's error as an API error entry, for its viewer-facing message.
    public var apiError: PlaybackAPIErrorEntry? {
        errorCode.map { PlaybackAPIErrorEntry(code: $0, subcode: errorSubcode, message: errorMessage) }
    }

    /// The WebVTT thumbnails track used for thumbnail seeking, if the video has one.
    public var thumbnailsTrack: TextTrack? { textTracks.first { $0.isThumbnails && $0.src != nil } }

    /// Reads a single-video response or a `videos[]` entry.
    public init(json: JSONValue) throws(PlaybackJSONError) {
        guard case .object(let object) = json else { throw .expectedObject("video", found: json) }
        self.init(Parts(JSONFields(object)), properties: object)
    }

    /// Reads a single-video response (see `PlaybackJSON` for what is refused).
    public init(jsonData: Data) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(Video.self, from: jsonData)
    }

    /// Decodes a video object as `JSONValue` and maps it as `init(json:)` does; a value that is not an object
    /// throws `PlaybackJSONError.unexpectedShape`.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// A video from sources the app already has (SDK `BCOVVideo(withSources:cuePoints:properties:)`); the other
    /// fields are read from `properties`, which uses the Playback API's field names.
    public init(sources: [Source], cuePoints: [CuePoint] = [], properties: [String: JSONValue] = [:]) {
        var parts = Parts(JSONFields(properties))
        parts.sources = sources
        parts.cuePoints = cuePoints
        self.init(parts, properties: properties)
    }

    /// The fields as read, before anything is decided from them.
    struct Parts {
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

        init(_ fields: JSONFields) {
            id = fields.identifier("id")
            accountID = fields.identifier("account_id")
            name = fields.string("name")
            referenceID = fields.string("reference_id")
            shortDescription = fields.string("description")
            longDescription = fields.string("long_description")
            duration = fields.durationInSeconds("duration")
            createdAt = fields.string("created_at")
            updatedAt = fields.string("updated_at")
            publishedAt = fields.string("published_at")
            economics = fields.string("economics")
            poster = fields.url("poster")
            posterSources = fields.urlList("poster_sources")
            thumbnail = fields.url("thumbnail")
            thumbnailSources = fields.urlList("thumbnail_sources")
            sources = fields.array("sources") { Source(json: $0) }
            textTracks = fields.array("text_tracks") { TextTrack(json: $0) }
            cuePoints = fields.array("cue_points") { CuePoint(json: $0) }
            customFields = fields.strings("custom_fields")
            tags = fields.array("tags") { $0.stringValue }
            projection = fields.string("projection")
            bumperID = fields.string("bumper_id")
            offlineEnabled = fields.bool("offline_enabled")
            errorCode = fields.string("error_code")
            errorSubcode = fields.string("error_subcode")
            message = fields.string("message")
            errorMessage = fields.string("error_message")
        }
    }

    private init(_ parts: consuming Parts, properties: [String: JSONValue]) {
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
        self.properties = properties
    }

    private static func bumperID(_ text: String?) -> String? {
        text.map(trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A video for a plain URL (SDK `video(withURL:)`); the delivery method is guessed from the extension
    /// (.m3u8 → HLS, .mpd → DASH, .mp4 → MP4).
    public static func video(withURL url: URL) -> Video {
        Video(sources: [Source(url: url)])
    }

    /// A video for a URL whose delivery method is known (SDK `video(withURL:deliveryMethod:)`).
    public static func video(withURL url: URL, deliveryMethod: DeliveryMethod) -> Video {
        Video(sources: [Source(url: url, deliveryMethod: deliveryMethod)])
    }
}
