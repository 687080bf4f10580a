import FoundationEssentials

/// One video playing through one engine (SDK `BCOVPlaybackSession`): the SDK-level facts of its playback, a plain
/// value the controller holds and changes in place, one transition at a time. What consumers and the state are
/// handed is a copy as it stood when they were told; the player's own facts (ready, ended, position, buffered)
/// are read from its engine, never copied here. A session with a bumper plays the bumper first, through the same
/// engine.
@MainActor
public struct PlaybackSession {
    /// Tells sessions apart across copies: a loader's late result finds its session, or learns it is gone.
    public struct ID: Hashable, Sendable {
        let value: Int
        @MainActor private static var last = 0
        @MainActor static func next() -> ID {
            last += 1
            return ID(value: last)
        }
    }

    public let id = ID.next()
    public let video: Video
    public let source: Source
    public let engine: any PlaybackEngine
    /// The bumper to play before the content, with the source chosen for it.
    public let bumper: (video: Video, source: Source)?
    /// The Cast device the video plays on (its name), nil when it plays here. A remote session shows no pictures
    /// here and plays no client-side ads (Brightcove's receiver plays none; the creatives would play here).
    public let castDevice: String?
    public var isRemote: Bool { castDevice != nil }
    /// The device's receiver reports this video to Video Cloud Analytics itself (Brightcove's does): Cove does not,
    /// or it would be counted twice.
    public let analyticsOnDevice: Bool
    /// Why a video plays here while a device is chosen (no source it can play, ads it cannot); told when it begins.
    var keptHereBecause: String?
    /// While true the engine plays the bumper: no content events, no seeking.
    public internal(set) var isBumperActive = false
    /// Its player's facts of the load playing (the bumper's while it plays): read there, never copied here.
    public var transport: EngineTransport { engine.transport }
    public internal(set) var isPlaying = false
    /// Waiting for media: `.filling` (BufferEmpty, before LikelyToKeepUp), `.stalled` when that happened while
    /// playing (PlaybackStalled, before PlaybackRecovered).
    public internal(set) var buffering = Buffering.none
    public var isBuffering: Bool { buffering != .none }

    public enum Buffering: Sendable, Equatable {
        case none, filling, stalled
    }
    /// The stream's length as its player told it: nil until told, `.some(nil)` when it has none (live). Told once
    /// is what lets the first `duration` event say "none".
    var toldDuration: Double??
    public var duration: Double? { toldDuration ?? nil }
    public internal(set) var position: Double = 0
    /// The window that can be seeked in, as the player told it: nil until told, `.some(nil)` when it cannot seek.
    var toldSeekableRange: SeekableRange??
    public var seekableRange: SeekableRange? { toldSeekableRange ?? nil }
    /// How far media has arrived ahead of the playhead, in stream seconds, as the engine last measured it.
    public var bufferedPosition: Double? { engine.bufferedPosition }
    public internal(set) var mediaType: MediaType?
    public internal(set) var videoType: VideoType?
    /// A live stream (with or without DVR): it plays at 1× whatever speed was chosen.
    public var playsLive: Bool { videoType == .live || videoType == .liveDVR }
    /// The audio renditions and caption tracks offered (left-out ones removed): nil until the stream has listed
    /// them, so the first listing is reported even when it is empty.
    var offeredTracks: OfferedTracks?
    public var audioTracks: [MediaTrack] { offeredTracks?.audio ?? [] }
    /// The caption choices: the stream's caption renditions, or the video's sidecar WebVTT tracks when it has
    /// none. Forced subtitles are no choice of their own.
    public var captionTracks: [MediaTrack] { offeredTracks?.captions.filter { !$0.has(.forced) } ?? [] }
    /// Forced subtitles, shown by themselves while captions are off and the audio is in their language.
    public var forcedCaptionTracks: [MediaTrack] { offeredTracks?.captions.filter { $0.has(.forced) } ?? [] }
    /// What the captions show: the track chosen, or with captions off, forced subtitles in the audio's language.
    public var shownCaptionTrack: MediaTrack? {
        selectedCaptionTrack ?? MediaSelectionPreferences.forcedCaption(among: forcedCaptionTracks,
                                                                         audio: selectedAudioTrack)
    }

    struct OfferedTracks: Equatable {
        var audio: [MediaTrack]
        var captions: [MediaTrack]
    }
    /// The caption tracks as the stream (or video) listed them, left-out ones included: renditions are matched
    /// by their place in this list.
    var listedCaptionTracks: [MediaTrack] = []
    /// The cues of the caption tracks carried in the video (`cc:N`), as the engine decoded them so far.
    var closedCaptionCues: [String: [CaptionCue]] = [:]
    /// An audio track asked for and not yet confirmed by the engine.
    var requestedAudioTrack: MediaTrack?
    /// Where the engine confirmed `requestedAudioTrack`; once playback has moved on from there, it holds.
    var requestedAudioConfirmedAt: Double?
    /// Audio renditions that failed when chosen (`fellBackFromAudioTrack`): never offered again in this session.
    var leftOutAudioTracks: [MediaTrack] = []
    /// Tracks whose cues could not be loaded (`leaveOutCaptionTrack`): never offered again in this session.
    var leftOutCaptionTracks: [MediaTrack] = []
    public internal(set) var selectedAudioTrack: MediaTrack?
    /// nil is Off.
    public internal(set) var selectedCaptionTrack: MediaTrack?

    /// A play request that came before Ready (or during the bumper); honoured when the content can play.
    /// The viewer wants this video playing (autoplay, or Play pressed), whatever its player does now.
    public internal(set) var wantsPlay = false
    /// Set where a seek, speed change or track switch flushed the pipeline: the buffering that follows is not a
    /// stall. Cleared when that buffering ends, or once playback has moved on a second without any.
    var rebufferExpectedAt: Double?
    /// Where a seek asked to go, until the engine reports a position after it.
    var seekTarget: Double?

    mutating func expectRebuffer() {
        rebufferExpectedAt = position
    }
    /// The window the last `seekable` event told: a live window moves constantly, and is told in steps.
    var seekableTold: SeekableRange?
    /// When the content's, the bumper's and the ad playing's progress is told.
    var progress = ProgressCadence()
    var bumperProgress = ProgressCadence()
    var adProgress = ProgressCadence()
    var cuePoints: CuePointTracker
    /// From the video's chapters track once read; the chapter the last `chapter` event named.
    public internal(set) var chapters: [Chapter] = []
    var chapterIndex: Int?
    /// Between reloading the content (a resume) and its Ready.
    var reload: Reload?
    /// What the current pipeline contains; nil until it says (each load starts afresh).
    var engineStreams: EngineStreams?
    /// Seconds of content played (not seeked over), for the buffer optimisation.
    var watched = 0.0
    var forwardBuffer: Double?
    /// The viewer's caption choice in this session; nil until one is made (the remembered language applies).
    var captionChoice: CaptionChoice?
    /// The stream's video renditions (its variants with a picture size), once listed.
    public internal(set) var renditions: [StreamVariant] = []
    public internal(set) var qualityChoice = QualityChoice.automatic
    /// Server-side ads (see PlaybackController+Ads): the stream the VMAP names, and the tracker that follows its
    /// breaks; nil without a VMAP, or when it could not be read (then `source.url` plays without ads).
    public internal(set) var adTracker: AdTracker?
    var streamURL: URL
    /// The source's VMAP: not fetched yet, on its way (the content loads when it is read), or fetched (or failed)
    /// once, which a reload does not repeat.
    var adsLoad = AdsLoad.notStarted

    enum AdsLoad: Equatable {
        case notStarted, loading, done
    }
    /// Where a seek that crossed an ad break goes once the break has played (content seconds).
    var seekAfterAds: Double?
    /// Where the content starts, in content seconds (a resume at a remembered place); nil is its beginning.
    public internal(set) var startPosition: Double?
    /// Client-side ads (see PlaybackController+ClientAds); nil when the video has none.
    var clientAds: ClientAds?
    /// Every step on the way to them, for the ad inspector.
    public internal(set) var adInspection: [AdInspectionEntry] = []
    /// The player whose pictures and sound the viewer has now: a client-side ad's creative while one plays.
    public var activePlayer: any PlaybackEngine { clientAds?.running?.creative?.player ?? engine }
    /// Warnings found while reading the VMAP, given at Ready (a preloaded session has no listeners before).
    var adWarnings: [PlaybackEvent] = []

    enum Reload: Equatable {
        /// `resumeVideo(at:autoPlay:)`: ResumeBegin, then ResumeComplete or ResumeFail instead of Ready or Fail.
        case resume
    }

    init(video: Video, source: Source, engine: any PlaybackEngine, bumper: (video: Video, source: Source)?,
         castDevice: String? = nil, analyticsOnDevice: Bool = false) {
        self.castDevice = castDevice
        self.analyticsOnDevice = analyticsOnDevice
        self.video = video
        self.source = source
        self.engine = engine
        self.bumper = bumper
        streamURL = source.url
        cuePoints = CuePointTracker(cuePoints: video.cuePoints)
    }

    /// Content seconds at a stream time: inside an ad, its break's place in the content.
    public func contentTime(atStream seconds: Double) -> Double {
        adTracker?.timeline.contentTime(atStream: seconds) ?? seconds
    }

    /// Stream seconds at a content time, after every break at or before it.
    public func streamTime(atContent seconds: Double) -> Double {
        adTracker?.timeline.streamTime(atContent: seconds) ?? seconds
    }

    /// The content's length: the stream's without its ads.
    public var contentDuration: Double? {
        duration.map { streamLength in adTracker?.timeline.contentLength(ofStream: streamLength) ?? streamLength }
    }

    public var contentPosition: Double { contentTime(atStream: position) }

    /// The seekable window in content seconds.
    public var contentSeekableRange: SeekableRange? {
        seekableRange.map { SeekableRange(start: contentTime(atStream: $0.start), end: contentTime(atStream: $0.end)) }
    }

    /// Where the player is now, in stream seconds: its own position while playing (it moves between progress
    /// signals), else the last one reported, or a seek's target until the seek lands.
    public var streamPlayhead: Double {
        guard isPlaying, seekTarget == nil, let now = engine.position else { return position }
        return now
    }

    /// An ad is playing (or a seek is on its way through one): the viewer cannot seek.
    public var isInAd: Bool { adTracker?.current != nil || seekAfterAds != nil || clientAds?.running != nil }

    /// The content's sidecar caption tracks (`text_tracks` of kind captions/subtitles with a URL).
    var sidecarTracks: [MediaTrack] {
        video.sidecarCaptions.map(MediaTrack.sidecar)
    }

    /// The `text_tracks` entry of a sidecar caption track.
    public func sidecarTextTrack(for track: MediaTrack) -> TextTrack? {
        guard let index = track.sidecarIndex, video.textTracks.indices.contains(index) else { return nil }
        return video.textTracks[index]
    }
}
