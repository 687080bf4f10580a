/// The media namespace's JSON (`urn:x-cast:com.google.cast.media`), both ways: LOAD, PLAY, PAUSE, SEEK, STOP,
/// GET_STATUS, SET_PLAYBACK_RATE, EDIT_TRACKS_INFO, QUEUE_* from a sender; MEDIA_STATUS, LOAD_FAILED,
/// LOAD_CANCELLED, INVALID_REQUEST from the app. The protocol keys each message by `type` and shares one set of
/// fields among them, so this is one value with the fields each type uses.
public struct CastMediaMessage: Codable, Sendable, Equatable {
    public var type: String
    public var requestId: Int?
    public var mediaSessionId: Int?
    /// LOAD: what to play.
    public var media: CastMediaInformation?
    /// LOAD, SEEK: where.
    public var currentTime: Double?
    /// SEEK: `PLAYBACK_START` or `PLAYBACK_PAUSE` after it.
    public var resumeState: String?
    public var autoplay: Bool?
    /// LOAD, EDIT_TRACKS_INFO: the text and audio tracks on.
    public var activeTrackIds: [Int]?
    /// SET_PLAYBACK_RATE.
    public var playbackRate: Double?
    /// LOAD: what a custom receiver reads (Brightcove's: the catalog parameters).
    public var customData: JSONValue?
    /// MEDIA_STATUS.
    public var status: [CastMediaStatus]?
    /// LOAD_FAILED, INVALID_REQUEST.
    public var reason: String?
    /// LOAD_FAILED: the queue item and the receiver's error code (104: the media could not be fetched).
    public var itemId: Int?
    public var detailedErrorCode: Int?
    /// QUEUE_LOAD: the items and the one to start with; QUEUE_UPDATE: how many items to move by.
    public var items: [CastQueueItem]?
    public var startIndex: Int?
    public var jump: Int?

    public init(type: String, requestId: Int? = nil, mediaSessionId: Int? = nil, media: CastMediaInformation? = nil,
                currentTime: Double? = nil, resumeState: String? = nil, autoplay: Bool? = nil,
                activeTrackIds: [Int]? = nil, playbackRate: Double? = nil, customData: JSONValue? = nil,
                status: [CastMediaStatus]? = nil, reason: String? = nil, itemId: Int? = nil,
                detailedErrorCode: Int? = nil, items: [CastQueueItem]? = nil, startIndex: Int? = nil,
                jump: Int? = nil) {
        self.type = type
        self.requestId = requestId
        self.mediaSessionId = mediaSessionId
        self.media = media
        self.currentTime = currentTime
        self.resumeState = resumeState
        self.autoplay = autoplay
        self.activeTrackIds = activeTrackIds
        self.playbackRate = playbackRate
        self.customData = customData
        self.status = status
        self.reason = reason
        self.itemId = itemId
        self.detailedErrorCode = detailedErrorCode
        self.items = items
        self.startIndex = startIndex
        self.jump = jump
    }
}

/// One video of a queue (a playlist cast as a whole, played on by the device at each end).
public struct CastQueueItem: Codable, Sendable, Equatable {
    public var itemId: Int?
    public var media: CastMediaInformation
    public var autoplay: Bool?
    public var startTime: Double?
    public var activeTrackIds: [Int]?

    public init(itemId: Int? = nil, media: CastMediaInformation, autoplay: Bool? = nil, startTime: Double? = nil,
                activeTrackIds: [Int]? = nil) {
        self.itemId = itemId
        self.media = media
        self.autoplay = autoplay
        self.startTime = startTime
        self.activeTrackIds = activeTrackIds
    }
}

public struct CastMediaInformation: Codable, Sendable, Equatable {
    public var contentId: String
    public var contentUrl: String?
    public var contentType: String
    /// `BUFFERED`, `LIVE` or `NONE`.
    public var streamType: String
    /// Seconds; absent for live.
    public var duration: Double?
    public var metadata: CastMediaMetadata?
    public var tracks: [CastMediaTrack]?
    public var customData: JSONValue?

    public init(contentId: String, contentUrl: String? = nil, contentType: String, streamType: String,
                duration: Double? = nil, metadata: CastMediaMetadata? = nil, tracks: [CastMediaTrack]? = nil,
                customData: JSONValue? = nil) {
        self.contentId = contentId
        self.contentUrl = contentUrl
        self.contentType = contentType
        self.streamType = streamType
        self.duration = duration
        self.metadata = metadata
        self.tracks = tracks
        self.customData = customData
    }
}

public struct CastMediaMetadata: Codable, Sendable, Equatable {
    public struct Image: Codable, Sendable, Equatable {
        public var url: String
        public init(url: String) { self.url = url }
    }

    /// 0: generic media.
    public var metadataType: Int
    public var title: String?
    public var subtitle: String?
    public var images: [Image]?

    public init(metadataType: Int = 0, title: String?, subtitle: String? = nil, images: [Image]? = nil) {
        self.metadataType = metadataType
        self.title = title
        self.subtitle = subtitle
        self.images = images
    }
}

/// A text or audio track of the media: sidecar captions carry their address (`trackContentId`).
public struct CastMediaTrack: Codable, Sendable, Equatable {
    public var trackId: Int
    /// `TEXT`, `AUDIO` or `VIDEO`.
    public var type: String
    /// For text: `SUBTITLES`, `CAPTIONS`, `DESCRIPTIONS`, `CHAPTERS`, `METADATA`.
    public var subtype: String?
    public var trackContentId: String?
    public var trackContentType: String?
    public var language: String?
    public var name: String?

    public init(trackId: Int, type: String, subtype: String? = nil, trackContentId: String? = nil,
                trackContentType: String? = nil, language: String? = nil, name: String? = nil) {
        self.trackId = trackId
        self.type = type
        self.subtype = subtype
        self.trackContentId = trackContentId
        self.trackContentType = trackContentType
        self.language = language
        self.name = name
    }
}

/// The state of one media session on the device.
public struct CastMediaStatus: Codable, Sendable, Equatable {
    public var mediaSessionId: Int
    public var playbackRate: Double
    /// `IDLE`, `BUFFERING`, `PLAYING` or `PAUSED`.
    public var playerState: String
    public var currentTime: Double
    /// Bits: PAUSE 1, SEEK 2, STREAM_VOLUME 4, STREAM_MUTE 8, … EDIT_TRACKS 4096, PLAYBACK_RATE 8192.
    public var supportedMediaCommands: Int
    public var volume: CastVolume
    /// With IDLE: `FINISHED`, `CANCELLED`, `INTERRUPTED` or `ERROR`.
    public var idleReason: String?
    public var activeTrackIds: [Int]?
    public var media: CastMediaInformation?
    /// The queue item playing, when a queue plays.
    public var currentItemId: Int?

    public init(mediaSessionId: Int, playbackRate: Double, playerState: String, currentTime: Double,
                supportedMediaCommands: Int, volume: CastVolume, idleReason: String? = nil,
                activeTrackIds: [Int]? = nil, media: CastMediaInformation? = nil, currentItemId: Int? = nil) {
        self.mediaSessionId = mediaSessionId
        self.playbackRate = playbackRate
        self.playerState = playerState
        self.currentTime = currentTime
        self.supportedMediaCommands = supportedMediaCommands
        self.volume = volume
        self.idleReason = idleReason
        self.activeTrackIds = activeTrackIds
        self.media = media
        self.currentItemId = currentItemId
    }
}
