/// The one player state every view reads (the slider, the time labels, the buttons, the menus, the captions,
/// MPRIS, the window title, the inhibitor, the recents). Only the controller writes it: after every engine signal
/// and every command it derives each field from its session in one place (`PlaybackController+State`), then
/// tells the observers what changed. A view that needs "the playhead", "can seek" or "the title" reads it here,
/// never from the engine or a formula of its own.
@MainActor
public final class PlayerState {
    public enum Status: Sendable, Equatable {
        /// No video (nothing loaded yet, or the queue was cleared).
        case idle
        /// A session is opening its source (or reloading after a failure); a bumper counts as loading the content.
        case loading
        case paused
        case playing
        /// The viewer wants it playing and it waits for media.
        case buffering
        case ended
        /// With the translated sentence the viewer is shown.
        case failed(message: String)
    }

    /// What changed in one update, so an observer redraws only that.
    public struct Changes: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let session = Changes(rawValue: 1 << 0)
        public static let status = Changes(rawValue: 1 << 1)
        public static let position = Changes(rawValue: 1 << 2)
        public static let duration = Changes(rawValue: 1 << 3)
        public static let seekable = Changes(rawValue: 1 << 4)
        public static let rate = Changes(rawValue: 1 << 5)
        public static let volume = Changes(rawValue: 1 << 6)
        public static let title = Changes(rawValue: 1 << 7)
        public static let tracks = Changes(rawValue: 1 << 8)
        public static let captions = Changes(rawValue: 1 << 9)
        public static let projection = Changes(rawValue: 1 << 10)
        public static let buffered = Changes(rawValue: 1 << 11)
        /// The ad playing, its progress, or the breaks' slider ticks.
        public static let ad = Changes(rawValue: 1 << 12)
        /// The current video's place in the queue, and whether there is one to go to before or after it.
        public static let queue = Changes(rawValue: 1 << 13)
        /// `videoOutput` is another player's (a client-side ad's creative, or the content's again).
        public static let videoOutput = Changes(rawValue: 1 << 14)
        /// `adInspection` gained a step.
        public static let adInspection = Changes(rawValue: 1 << 15)
        public static let all = Changes(rawValue: .max)
    }

    public internal(set) var status = Status.idle
    /// Content seconds as the controller last learned them (progress, a seek, the end). `playhead` is finer.
    public internal(set) var position = 0.0
    /// Content seconds; nil while unknown and for live streams.
    public internal(set) var duration: Double?
    /// The window that can be seeked in, in content seconds.
    public internal(set) var seekableRange: SeekableRange?
    /// Whether a seek is possible now: after Ready, not during a bumper, not failed, with somewhere to go.
    public internal(set) var canSeek = false
    /// How far media has arrived ahead of the playhead, in content seconds.
    public internal(set) var bufferedPosition: Double?
    public internal(set) var isBumperActive = false
    /// The bumper's own length while it plays (its purple slider); nil otherwise.
    public internal(set) var bumperDuration: Double?
    /// The speed the content plays at: the chosen one, 1× for a live stream.
    public internal(set) var rate = 1.0
    /// The level the viewer chose, 0…1; it stays while muted.
    public internal(set) var volume = 1.0
    public internal(set) var isMuted = false
    /// The video's name, else its file's name; nil without a session (or a name of any kind).
    public internal(set) var title: String?
    public internal(set) var videoType: VideoType?
    public internal(set) var mediaType: MediaType?
    public internal(set) var audioTracks: [MediaTrack] = []
    public internal(set) var captionTracks: [MediaTrack] = []
    public internal(set) var selectedAudioTrack: MediaTrack?
    /// nil is Off.
    public internal(set) var selectedCaptionTrack: MediaTrack?
    /// The video renditions the Quality menu offers (none for a single rendition).
    public internal(set) var renditions: [StreamVariant] = []
    public internal(set) var qualityChoice = QualityChoice.automatic
    /// The cues of the selected caption track showing at the playhead now.
    public internal(set) var captionCues: [CaptionCue] = []
    public internal(set) var viewProjection = ViewProjection()
    /// The server-side ad playing (advertising mode); nil in the content.
    public internal(set) var ad: AdPlayback?
    /// Where the ad breaks sit in the content, for the slider's ticks.
    public internal(set) var adMarkers: [AdMarker] = []
    /// A live stream playing within `liveEdgeTolerance` of its newest part (the live button lit).
    public internal(set) var isAtLiveEdge = false
    /// Seconds from the seekable end within which a live stream counts as at its edge (not published by the SDK;
    /// about two HLS segments).
    public static let liveEdgeTolerance = 8.0
    /// The current (or last attempted) video's index in the queue.
    public internal(set) var queueIndex: Int?
    /// The steps on the way to the current video's client-side ads (the ad inspector's list).
    public internal(set) var adInspection: [AdInspectionEntry] = []
    public internal(set) var canAdvanceToNext = false
    public internal(set) var canAdvanceToPrevious = false
    /// The session the state describes; the engine behind it gives `playhead` between progress events.
    public internal(set) var session: PlaybackSession?
    /// Which player's pictures `videoOutput` gives, for telling its observers when that changes.
    var videoOutputPlayer: ObjectIdentifier?

    private var observers: [(id: Int, handler: @MainActor (Changes) -> Void)] = []
    private var nextObserverID = 0

    init() {}

    /// The pictures of the session playing, for whatever shows them (the window, the 360 view, a saved frame):
    /// views take them here, never from the player behind the session. A client-side ad's creative has its own;
    /// `.videoOutput` says when it changes.
    public var videoOutput: VideoOutput? { session?.activePlayer.videoOutput }

    /// The video of the session playing.
    public var video: Video? { session?.video }

    /// The level the engine plays at: 0 while muted.
    public var effectiveVolume: Double { isMuted ? 0 : volume }

    /// The playhead now, in content seconds: the engine's own while playing (it moves between progress events),
    /// `position` otherwise and while a seek has not landed (a seek sets it at once).
    public var playhead: Double {
        guard let session, !session.isBumperActive else { return 0 }
        return session.contentTime(atStream: session.streamPlayhead)
    }

    /// Seconds into the ad playing now, moving between updates as `playhead` does; nil in the content.
    public var adPlayhead: Double? {
        guard let ad, let session else { return ad?.elapsed }
        // A client-side ad has a player of its own; a stitched one is a stretch of the stream.
        if session.clientAds?.running != nil {
            return min(ad.duration, max(0, session.activePlayer.position ?? ad.elapsed))
        }
        return min(ad.duration, max(0, ad.elapsed + session.streamPlayhead - ad.streamTime))
    }

    /// Calls `handler` after every update that changed something, with what changed, until `removeObserver`.
    @discardableResult
    public func observe(_ handler: @escaping @MainActor (Changes) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        return nextObserverID
    }

    public func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    func notify(_ changes: Changes) {
        guard !changes.isEmpty else { return }
        for entry in observers { entry.handler(changes) }
    }
}
