/// Preloading: while a video nears its end, the next one in the queue is opened and prerolled in a session of its
/// own, which no consumer hears of until autoAdvance makes it current. Its first frame is then already decoded, so
/// the picture changes without a black gap and playback starts at once.
///
/// What the preloaded engine reports in the meantime is kept and handed to the state machine, in order, when the
/// session becomes current: consumers see the same sequence (session, Ready, duration, …) as without preloading.
@MainActor
final class PreloadedSession {
    let index: Int
    /// Changed in place while it waits only by its VMAP's answer (`loadAdsFirst`).
    var session: PlaybackSession
    fileprivate(set) var signals: [EngineSignal] = []
    /// Its engine failed while it waited; it was released and the video is loaded afresh when its turn comes.
    private(set) var failed = false
    private var released = false

    init(index: Int, session: PlaybackSession) {
        self.index = index
        self.session = session
    }

    /// A failure is not kept for later: the cause may be passing (the network, two pipelines prerolling at once),
    /// and if it is not, the ordinary load reports it with its message when the video becomes current.
    fileprivate func record(_ signal: EngineSignal) {
        guard !failed else { return }
        if case .error = signal {
            failed = true
            signals.removeAll()
            discard()
            return
        }
        signals.append(signal)
    }

    /// Releases the engine of a preload that will not be used; it was never announced, so nothing is emitted.
    func discard() {
        guard !released else { return }
        released = true
        session.engine.signalHandler = nil
        session.engine.stop()
    }
}

extension PlaybackController {
    /// Starts preloading once the current content is within `preloadLeadTime` of its end (VOD only: a live stream
    /// has no end to approach), with autoAdvance on and a playable video next in the queue. Never on a Cast device:
    /// it plays one media at a time, and the next LOAD would end the one playing.
    func preloadIfNearEnd() {
        guard preloadsNextVideo, autoAdvance, preloaded == nil, !session.isBumperActive, !session.isRemote,
              !session.transport.hasFailed, let duration = session.contentDuration, !session.isInAd,
              session.contentPosition >= duration - preloadLeadTime,
              let current = currentIndex else { return }
        let next = current + 1
        // A video that cannot play is left to the normal path, which reports it.
        guard videos.indices.contains(next), sessionProvider.canPlay(videos[next]),
              let upcoming = try? sessionProvider.makeSession(for: videos[next], bumper: nil) else { return }
        let preload = PreloadedSession(index: next, session: upcoming)
        upcoming.engine.signalHandler = { [weak preload] signal in preload?.record(signal) }
        preloaded = preload
        loadContent(of: &preload.session, startingAt: nil)
    }

    /// The preloaded session for the video at `index`, if that is what was preloaded; any other preload is
    /// released.
    func takePreloadedSession(for index: Int) -> PreloadedSession? {
        guard let preload = preloaded else { return nil }
        preloaded = nil
        guard !preload.failed, preload.index == index, videos.indices.contains(index),
              preload.session.video == videos[index] else {
            preload.discard()
            return nil
        }
        return preload
    }

    /// Ends the current session and releases a preloaded one (the app is closing); the queue is kept.
    public func stop() {
        transition {
            terminateCurrentSession(nextFollows: false)
            discardPreload()
        }
    }

    /// Drops a preload the queue no longer leads to (the queue was replaced, or a video was inserted before it).
    func discardPreload() {
        preloaded?.discard()
        preloaded = nil
    }
}
