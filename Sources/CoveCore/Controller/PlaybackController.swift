import FoundationEssentials

/// The SDK's playback controller: a queue of videos, one session at a time, engine signals turned into lifecycle
/// events for any number of session consumers (UI, event printer, …) — none of them special-cased here.
@MainActor
public final class PlaybackController {
    public typealias EngineFactory = BasicSessionProvider.EngineFactory
    public typealias Observer = @MainActor (PlaybackEvent) -> Void

    /// Plays each new session as soon as it is ready (SDK default NO).
    public var autoPlay = false
    /// Moves to the next video on End, and reports `playlistComplete` after the last (SDK default NO).
    public var autoAdvance = false
    /// Seconds of media time between two progress events; keeps them to a few per second.
    public var progressInterval = 0.25
    /// Seconds the seekable window must move before it is reported again (a live window moves constantly).
    public var seekableReportStep = 1.0
    /// The speeds a viewer can choose (the speed menu, the keys, MPRIS's MinimumRate and MaximumRate).
    public static let playbackRates: ClosedRange<Double> = 0.25...3
    /// Playback speed for the content of this and later sessions; ≤ 0 (or not finite) means 1.0. Audio keeps its
    /// pitch. Bumpers and live streams always play at normal speed.
    public var playbackRate = 1.0 {
        didSet {
            if !(playbackRate > 0) || !playbackRate.isFinite { playbackRate = 1 }
            guard playbackRate != oldValue else { return }
            playbackRateChosen?(playbackRate)
            transition {
                defer { updateState() }
                guard let current = currentSession, current.transport.isReady, !current.isBumperActive,
                      !current.transport.hasFailed, !current.playsLive else { return }
                session.expectRebuffer()
                session.engine.setRate(playbackRate)
                emit(.rate(playbackRate))
                refreshCaptions()
            }
        }
    }
    /// Told each speed the viewer chooses, to keep it for later launches.
    public var playbackRateChosen: (@MainActor (Double) -> Void)?
    /// The forward buffer policy for sessions created from now on (set it before `setVideos`, as in the SDK).
    public var bufferOptimization = BufferOptimization()
    /// Caps adaptive streams (bits per second) for the current and later sessions; 0 is automatic.
    public private(set) var preferredPeakBitRate = 0
    /// Remembers the chosen caption language across videos (and, with a file-backed store, across launches).
    public var enableCaptionPersistence = true
    /// The audio and caption languages and audio description wanted for every new video.
    public var mediaSelection = MediaSelectionPreferences()
    /// The height to hold in every video with renditions (`--quality`, the Quality menu's last choice); nil
    /// switches adaptively.
    public var qualityPreference: QualityPreference?
    public let captionPersistence: CaptionPersistence
    public let sessionProvider: any PlaybackSessionProvider
    public internal(set) var videos: [Video] = []
    /// Index in `videos` of the current (or last attempted) video.
    public internal(set) var currentIndex: Int?
    public internal(set) var currentSession: PlaybackSession?
    /// The current session, changed in place by the transition handling it (only where there is one).
    var session: PlaybackSession {
        _read { yield currentSession! }
        _modify { yield &currentSession! }
    }

    var consumers: [(id: Int, consumer: any PlaybackSessionConsumer)] = []
    private var nextConsumerID = 0
    /// Plays before the next session only (set by `setVideos(_:bumper:)`).
    var pendingBumper: Video?
    /// Where the next session starts (content seconds), set by `setVideos(_:bumper:startingAt:)`.
    var pendingStartPosition: Double?
    /// Whether the next session plays once ready, when a handover says so (paused or playing as the TV was);
    /// nil leaves it to `autoPlay`.
    var pendingWantsPlay: Bool?
    /// Opens the next video in the queue while the current one nears its end, so autoAdvance shows its first
    /// frame at once (see `PreloadedSession`).
    public var preloadsNextVideo = true
    /// Seconds before the end of the current video at which the next one is preloaded.
    public var preloadLeadTime = 5.0
    var preloaded: PreloadedSession?
    /// The 360 camera and who follows it (see PlaybackController+Video360).
    var video360 = Video360State()
    /// What every view reads; written only here (PlaybackController+State).
    public let state = PlayerState()
    /// What consumers and state observers hear of the transition running, sent when it ends.
    var outbox = Outbox()
    /// The sentence of the failure that stopped playback, until the next session.
    var failureMessage: String?
    /// The volume control's level for every session, 0…1, and whether it is muted (see `setVolume`).
    public private(set) var volume = 1.0
    public private(set) var isMuted = false
    /// Loads the cues of the selected caption track (the app hands it over as it does the engine factory); without
    /// one, captions are listed and chosen but show nothing.
    public var captionCueLoader: CaptionCueLoader?
    /// Wakes the controller when the captions on screen are due to change; without one they change with progress.
    public var scheduler: (any PlaybackScheduler)?
    var captions = CaptionsState()
    /// Fetches and reads a source's SSAI VMAP; without one, a source with a VMAP plays as plain content.
    public var vmapLoader: VMAPDocumentLoader?
    /// Sends an ad's tracking beacons (fire-and-forget, in order); without one they are not sent.
    public var beaconSender: (@MainActor ([URL]) -> Void)?
    /// Where client-side ads come from; without it, videos play without them.
    public var clientAdsSource: ClientAdsSource?
    /// The player's size in pixels, for choosing an ad's media file (and the `[PLAYERSIZE]` macro).
    public var playerSize: @MainActor () -> (width: Int, height: Int)? = { nil }

    public init(sessionProvider: any PlaybackSessionProvider, captionPersistence: CaptionPersistence = .inMemory(),
                captionCueLoader: CaptionCueLoader? = nil, scheduler: (any PlaybackScheduler)? = nil) {
        self.sessionProvider = sessionProvider
        self.captionPersistence = captionPersistence
        self.captionCueLoader = captionCueLoader
        self.scheduler = scheduler
    }

    /// A controller with the basic provider (default source selection) and an engine per session.
    public convenience init(captionPersistence: CaptionPersistence = .inMemory(),
                            captionCueLoader: CaptionCueLoader? = nil, scheduler: (any PlaybackScheduler)? = nil,
                            engineFactory: @escaping EngineFactory) {
        self.init(sessionProvider: BasicSessionProvider(engineFactory: engineFactory),
                  captionPersistence: captionPersistence, captionCueLoader: captionCueLoader, scheduler: scheduler)
    }

    // MARK: - Consumers

    /// Adds a consumer; if a session exists it hears about it at once.
    @discardableResult
    public func addSessionConsumer(_ consumer: any PlaybackSessionConsumer) -> Int {
        nextConsumerID += 1
        consumers.append((nextConsumerID, consumer))
        if let currentSession { consumer.didAdvance(to: currentSession) }
        return nextConsumerID
    }

    public func removeSessionConsumer(_ consumer: any PlaybackSessionConsumer) {
        consumers.removeAll { $0.consumer === consumer }
    }

    /// A closure consumer (`PlaybackEventObserver`); returns an id for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping Observer) -> Int {
        addSessionConsumer(PlaybackEventObserver(handler))
    }

    public func removeObserver(_ id: Int) {
        consumers.removeAll { $0.id == id }
    }

    /// The new current session, to every consumer.
    func announce() {
        failureMessage = nil
        captionsDidAdvance()
        session.engine.setVolume(state.effectiveVolume)
        updateState()
        announceToConsumers(session)
        video360DidAdvance(to: session)
        loadChapters()
    }

    // MARK: - Transport

    public func play() {
        transition {
            emit(.lifecycle(.playRequest), in: currentSession)
            guard let current = currentSession, !current.transport.hasFailed else { return }
            defer { updateState() }
            session.wantsPlay = true
            guard session.transport.isReady || session.isBumperActive else { return }
            if let creative = clientCreativePlayer {
                creative.play()
                return
            }
            if session.transport.hasEnded {
                // The player's seek clears its end.
                session.position = 0
                session.expectRebuffer()
                session.engine.seek(to: 0, tolerance: 0.1)
            }
            if session.isBumperActive { session.engine.play() } else { playContent() }
        }
    }

    public func pause() {
        transition {
            emit(.lifecycle(.pauseRequest), in: currentSession)
            guard currentSession != nil else { return }
            session.wantsPlay = false
            if let creative = clientCreativePlayer { creative.pause() }
            else if session.transport.isReady || session.isBumperActive { session.engine.pause() }
            updateState()
        }
    }

    /// The level for the current and every later session, 0…1; moving it unmutes.
    public func setVolume(_ level: Double) {
        transition {
            volume = min(1, max(0, level.isFinite ? level : 1))
            isMuted = false
            currentSession?.activePlayer.setVolume(volume)
            updateState()
        }
    }

    /// Silences every session until unmuted; the level is kept.
    public func setMuted(_ muted: Bool) {
        transition {
            if muted != isMuted { clientAdMuted(muted) }
            isMuted = muted
            currentSession?.activePlayer.setVolume(muted ? 0 : volume)
            updateState()
        }
    }

    /// Caps adaptive streams at `bitsPerSecond` for the current and later sessions; 0 is automatic.
    public func setPreferredPeakBitRate(_ bitsPerSecond: Int) {
        transition {
            preferredPeakBitRate = max(0, bitsPerSecond)
            currentSession?.engine.setMaximumBitrate(preferredPeakBitRate)
        }
    }

    /// Reports a failure that happened before any session existed (the Playback API, bad input).
    public func reportError(code: String, message: String) {
        transition {
            failureMessage = message
            emit(.error(code: code, message: message))
            emit(.lifecycle(.error))
        }
    }

    /// Reports something left out while playback goes on (a thumbnails track Cove will not load).
    public func reportWarning(code: String, message: String) {
        transition { emit(.warning(code: code, message: message), in: currentSession) }
    }

    /// Ends the current session (Terminate) and releases its engine.
    public func terminateCurrentSession() {
        transition { terminateCurrentSession(nextFollows: false) }
    }

    /// With `nextFollows`, the state is left for the next session's announcement to update: between two videos it
    /// never says idle (no "Stopped" on MPRIS, no "Cove" title for an instant).
    func terminateCurrentSession(nextFollows: Bool) {
        guard let session = currentSession else { return }
        emit(.lifecycle(.terminate), in: session)
        if var creative = session.clientAds?.running?.creative {
            sendBeacons(creative.tracker.close())
        }
        for creative in [clientCreativePlayer, currentSession?.clientAds?.running?.upcoming?.creative?.player]
            .compactMap({ $0 }) {
            creative.signalHandler = nil
            creative.stop()
        }
        session.engine.signalHandler = nil
        session.engine.stop()
        currentSession = nil
        captionsDidAdvance()
        if !nextFollows { updateState() }
    }
}
