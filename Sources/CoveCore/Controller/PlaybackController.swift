/// The SDK's playback controller, first cut: a queue of videos, one session at a time, engine signals turned into
/// lifecycle events for any number of observers (UI, event printer, …) — none of them special-cased here.
@MainActor
public final class PlaybackController {
    public typealias EngineFactory = @MainActor () -> any PlaybackEngine
    public typealias Observer = @MainActor (PlaybackEvent) -> Void

    public var autoPlay = false
    public var sourceSelectionPolicy = SourceSelectionPolicy.default
    /// Seconds of media time between two progress events; keeps them to a few per second.
    public var progressInterval = 0.25
    public private(set) var videos: [Video] = []
    public private(set) var currentSession: PlaybackSession?

    private let makeEngine: EngineFactory
    private var observers: [(id: Int, handler: Observer)] = []
    private var nextObserverID = 0

    public init(engineFactory: @escaping EngineFactory) {
        makeEngine = engineFactory
    }

    @discardableResult
    public func addObserver(_ handler: @escaping Observer) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, handler))
        return nextObserverID
    }

    public func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    /// Replaces the queue and starts a session for its first video.
    public func setVideos(_ videos: [Video]) {
        terminateCurrentSession()
        self.videos = videos
        guard let first = videos.first else { return }
        startSession(for: first)
    }

    public func play() {
        emit(.lifecycle(.playRequest))
        guard let session = currentSession else { return }
        guard session.isReady else { session.wantsPlay = true; return }
        if session.hasEnded {
            session.hasEnded = false
            session.engine.seek(to: 0, tolerance: 0.1)
        }
        session.engine.play()
    }

    public func pause() {
        emit(.lifecycle(.pauseRequest))
        guard let session = currentSession else { return }
        session.wantsPlay = false
        if session.isReady { session.engine.pause() }
    }

    /// Seeks the current session; refused (false) before Ready, as in the SDK.
    @discardableResult
    public func seek(to seconds: Double, tolerance: Double = 0.1) -> Bool {
        guard let session = currentSession, session.isReady else { return false }
        var target = max(0, seconds)
        if let duration = session.duration { target = min(target, duration) }
        session.hasEnded = false
        session.engine.seek(to: target, tolerance: tolerance)
        session.position = target
        return true
    }

    /// Reports a failure that happened before any session existed (the Playback API, bad input).
    public func reportError(code: String, message: String) {
        emit(.error(code: code, message: message))
        emit(.lifecycle(.error))
    }

    /// Ends the current session and releases its engine.
    public func terminateCurrentSession() {
        guard let session = currentSession else { return }
        session.terminated = true
        session.engine.signalHandler = nil
        session.engine.stop()
        currentSession = nil
        emit(.lifecycle(.terminate))
    }

    private func startSession(for video: Video) {
        let source: Source
        do {
            source = try video.preferredSource(using: sourceSelectionPolicy)
        } catch {
            emit(.error(code: PlaybackErrorCode.noPlayableSource, message: error.message))
            emit(.lifecycle(.fail))
            return
        }
        let engine = makeEngine()
        let session = PlaybackSession(video: video, source: source, engine: engine)
        currentSession = session
        session.wantsPlay = autoPlay
        emit(.session(videoID: video.id, source: Redaction.redactURL(source.url.absoluteString)))
        engine.signalHandler = { [weak self, weak session] signal in
            guard let self, let session, !session.terminated else { return }
            self.handle(signal, in: session)
        }
        engine.load(uri: source.url.absoluteString)
    }

    private func handle(_ signal: EngineSignal, in session: PlaybackSession) {
        switch signal {
        case .ready:
            guard !session.isReady else { return }
            session.isReady = true
            emit(.lifecycle(.ready))
            if session.wantsPlay { session.engine.play() }
        case .duration(let seconds):
            guard seconds != session.duration else { return }
            session.duration = seconds
            emit(.duration(seconds))
        case .playing:
            guard !session.isPlaying else { return }
            session.isPlaying = true
            session.hasEnded = false
            emit(.lifecycle(.play))
        case .paused:
            guard session.isPlaying else { return }
            session.isPlaying = false
            if !session.hasEnded { emit(.lifecycle(.pause)) }
        case .buffering(let percent):
            if percent < 100, !session.isBuffering {
                session.isBuffering = true
                emit(.lifecycle(.playbackBufferEmpty))
            } else if percent >= 100, session.isBuffering {
                session.isBuffering = false
                emit(.lifecycle(.playbackLikelyToKeepUp))
            }
        case .position(let seconds):
            session.position = seconds
            if let last = session.lastProgressReported, abs(seconds - last) < progressInterval { return }
            session.lastProgressReported = seconds
            emit(.progress(seconds))
        case .endOfStream:
            guard !session.hasEnded else { return }
            session.hasEnded = true
            if let duration = session.duration {
                session.position = duration
                emit(.progress(duration))
            }
            emit(.lifecycle(.end))
            session.isPlaying = false
        case .error(let error):
            if session.isReady {
                emit(.error(code: PlaybackErrorCode.failedToPlayToEnd, message: PlaybackMessages.message(for: error)))
                emit(.lifecycle(.failedToPlayToEndTime))
            } else {
                emit(.error(code: PlaybackErrorCode.loadFailed, message: PlaybackMessages.message(for: error)))
                emit(.lifecycle(.fail))
            }
            session.isPlaying = false
        }
    }

    private func emit(_ event: PlaybackEvent) {
        for observer in observers { observer.handler(event) }
    }
}
