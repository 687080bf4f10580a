import FoundationEssentials

/// What a media back end reports to the controller; GStreamer specifics stay behind this line (CoveMedia).
public enum EngineSignal: Sendable, Equatable {
    /// Prerolled: the first frame is ready and duration/seekability can be queried. `.duration`, `.seekable` and
    /// `.streams` follow at once, in that order.
    case ready
    case playing
    case paused
    /// Percent 0…100; 100 means enough data to continue.
    case buffering(percent: Int)
    /// Seconds; nil when the stream has no known duration (live).
    case duration(Double?)
    /// The window that can be seeked in; nil when the stream cannot seek. Repeated whenever it moves (live).
    case seekable(SeekableRange?)
    /// What the stream contains; repeated when that changes.
    case streams(EngineStreams)
    /// The streams now decoded; `text` is always nil from an engine that leaves captions to Cove.
    case streamsSelected(audio: String?, text: String?)
    case position(Double)
    case endOfStream
    /// No end of stream came, but the playhead stood at the end with nothing left to fetch (`EndWatch`): the
    /// video is over all the same.
    case endAssumed(at: Double)
    case error(EngineError)
    /// The cues so far of a caption track carried in the video (`cc:1`…`cc:4`: CEA-608 CC1–CC4, listed in
    /// `.streams` once the engine has seen captions on that channel). A cue still showing ends at infinity; the
    /// whole list is sent again whenever it changes.
    case closedCaptionCues(track: String, cues: [CaptionCue])
}

/// What a player has reached in its current load. Each is set by the player when it sends the matching signal
/// (`.ready`, `.playing`, `.endOfStream` or `.endAssumed`, `.error`) and only a new load clears them, but `hasEnded`,
/// which a seek clears.
public struct EngineTransport: Sendable, Equatable {
    public var isReady = false
    /// Playback has started at least once in this load.
    public var hasPlayed = false
    public var hasEnded = false
    public var hasFailed = false

    public init(isReady: Bool = false, hasPlayed: Bool = false, hasEnded: Bool = false, hasFailed: Bool = false) {
        self.isReady = isReady
        self.hasPlayed = hasPlayed
        self.hasEnded = hasEnded
        self.hasFailed = hasFailed
    }

    /// What sending `signal` says of the load, for a player that keeps no other record of it.
    public mutating func record(_ signal: EngineSignal) {
        switch signal {
        case .ready: isReady = true
        case .playing: hasPlayed = true
        case .endOfStream, .endAssumed: hasEnded = true
        case .error: hasFailed = true
        default: break
        }
    }
}

public struct EngineError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The resource could not be opened or read (network, missing file).
        case resource
        /// No decoder or demuxer for the stream.
        case unsupportedFormat
        /// Anything else the back end reported.
        case other
        /// A playlist Cove kept from the demuxer, for the reason given (`HLSMediaPlaylistScreen`).
        case refusedPlaylist(HLSMediaPlaylistScreen.Refusal)
    }
    public var kind: Kind
    /// The back end's own words, for diagnostics; never shown alone to the viewer.
    public var detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }
}

/// A time window in stream seconds.
public struct SeekableRange: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var length: Double { max(0, end - start) }

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }
}

/// One audio rendition or caption track (SDK AVMediaSelectionOption), as the engine names it.
public struct MediaTrack: Sendable, Hashable {
    /// The engine's identifier (a GStreamer stream-id), or "sidecar:N" for the video's Nth `text_tracks` entry.
    public var id: String
    /// BCP 47 / ISO 639 code as the stream declares it.
    public var language: String?
    /// The rendition's own name (HLS NAME, a sidecar `label`).
    public var name: String?
    /// A WebVTT file from the Playback API's `text_tracks`, not a rendition of the stream.
    public var isSidecar: Bool
    /// Audio description, SDH, forced: what the stream declares beside the language.
    public var roles: [TrackRole]
    /// The whole WebVTT file the stream's manifest names for this text track (a DASH text/vtt AdaptationSet
    /// without segments): the engine never decodes text, so Cove loads these cues itself.
    public var webVTTFile: URL?

    public init(id: String, language: String? = nil, name: String? = nil, isSidecar: Bool = false,
                roles: [TrackRole] = [], webVTTFile: URL? = nil) {
        self.id = id
        self.language = language
        self.name = name
        self.isSidecar = isSidecar
        self.roles = roles
        self.webVTTFile = webVTTFile
    }

    public func has(_ role: TrackRole) -> Bool { roles.contains(role) }

    /// The video's `text_tracks[index]` as a caption track.
    public static func sidecar(_ index: Int, _ track: TextTrack) -> MediaTrack {
        MediaTrack(id: "sidecar:\(index)", language: track.srclang, name: track.label, isSidecar: true)
    }

    /// The `text_tracks` index a sidecar track stands for.
    public var sidecarIndex: Int? {
        guard isSidecar, id.hasPrefix("sidecar:") else { return nil }
        return Int(id.dropFirst("sidecar:".count))
    }
}

/// The stream collection of one load.
public struct EngineStreams: Sendable, Equatable {
    public var hasVideo: Bool
    public var audio: [MediaTrack]
    public var text: [MediaTrack]
    /// The video renditions of an adaptive stream (its variants), for the Quality menu.
    public var renditions: [StreamVariant]

    public init(hasVideo: Bool, audio: [MediaTrack] = [], text: [MediaTrack] = [], renditions: [StreamVariant] = []) {
        self.hasVideo = hasVideo
        self.audio = audio
        self.text = text
        self.renditions = renditions
    }
}

/// How to open one source.
public struct EngineLoadOptions: Sendable, Equatable {
    /// Where playback starts, in stream seconds; nil is the stream's own start (the live edge for live).
    public var startPosition: Double?
    /// Caps adaptive streams at this many bits per second; 0 lets the engine choose.
    public var maximumBitrate: Int
    /// Seconds of media to fetch ahead of the playhead; nil leaves the engine's default.
    public var forwardBufferSeconds: Double?
    /// The rendition held (its demuxer bitrate, `StreamVariant.demuxerBitrate`); nil switches adaptively.
    public var heldBitrate: Int?

    public init(startPosition: Double? = nil, maximumBitrate: Int = 0, forwardBufferSeconds: Double? = nil,
                heldBitrate: Int? = nil) {
        self.startPosition = startPosition
        self.maximumBitrate = maximumBitrate
        self.forwardBufferSeconds = forwardBufferSeconds
        self.heldBitrate = heldBitrate
    }
}

/// One media pipeline at a time. The controller creates an engine per session and drops it at the end.
@MainActor
public protocol PlaybackEngine: AnyObject {
    /// Receives every signal on the main actor, in order.
    var signalHandler: (@MainActor (EngineSignal) -> Void)? { get set }
    /// Starts loading `uri` (replacing whatever was loaded) and prerolls to paused; `.ready` follows.
    func load(uri: String, options: EngineLoadOptions)
    func play()
    func pause()
    /// Seeks to `seconds`; accurate within `tolerance`.
    func seek(to seconds: Double, tolerance: Double)
    /// Playback speed, 1 = normal; audio keeps its pitch.
    func setRate(_ rate: Double)
    /// Caps adaptive streams at this many bits per second from now on; 0 lets the engine choose.
    func setMaximumBitrate(_ bitsPerSecond: Int)
    /// Plays the rendition of this demuxer bitrate and stays on it, whatever the bandwidth; nil switches
    /// adaptively again. The place, the audio and the captions stay.
    func holdRendition(bitrate: Int?)
    /// Seconds of media to fetch ahead of the playhead from now on.
    func setForwardBuffer(seconds: Double)
    /// Decodes this audio stream (an id from `.streams`).
    func selectAudioStream(_ id: String)
    /// Shows this text stream (an id from `.streams`, nil for none) where the engine shows its own pictures'
    /// captions: a Cast device's. A local engine never decodes text: Cove draws captions over its pictures.
    func selectTextStream(_ id: String?)
    /// Releases every resource; no signal arrives afterwards.
    func stop()
    /// The pictures this engine decodes, for whatever shows them.
    var videoOutput: VideoOutput { get }
    /// The audio level, 0…1, for this engine's pipeline (it applies once the pipeline exists).
    func setVolume(_ level: Double)
    /// The current load's transport, as the player knows it now: made afresh by every `load`, and read by the
    /// controller, never copied (a session's "ready" or "ended" is its player's).
    var transport: EngineTransport { get }
    /// The latest known position in seconds.
    var position: Double? { get }
    var duration: Double? { get }
    /// How far media has arrived ahead of the playhead, in stream seconds (the SDK slider's buffered region);
    /// nil while unknown.
    var bufferedPosition: Double? { get }
    /// What the engine measures of the rendition playing (analytics' engagement figures); nil when it measures
    /// nothing.
    var statistics: EngineStatistics? { get }
    /// Seconds per frame of the video playing; nil when unknown.
    var frameDuration: Double? { get }
}

extension PlaybackEngine {
    public var statistics: EngineStatistics? { nil }

    public var frameDuration: Double? { nil }

    public func holdRendition(bitrate: Int?) {}

    public func selectTextStream(_ id: String?) {}

    public func load(uri: String) {
        load(uri: uri, options: EngineLoadOptions())
    }
}
