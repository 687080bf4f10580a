/// The queue: which video plays, and what happens when one ends.
extension PlaybackController {
    /// Replaces the queue and starts a session for its first playable video; the previous session is terminated.
    /// `bumper` plays once, before that first video (SDK: one bumper per player, shared by a playlist).
    /// `startingAt` (content seconds) resumes that first video at a remembered place: the ad breaks before it are
    /// not played (SDK `adsDisabled` for a resume seek).
    public func setVideos(_ videos: [Video], bumper: Video? = nil, startingAt position: Double? = nil) {
        transition { replaceQueue(videos, bumper: bumper, startingAt: position) }
    }

    private func replaceQueue(_ videos: [Video], bumper: Video?, startingAt position: Double?) {
        terminateCurrentSession(nextFollows: false)
        discardPreload()
        self.videos = videos
        currentIndex = nil
        pendingBumper = bumper
        // A start at 0 is still a start asked for: no offer to resume, nor a resume, overrides it.
        pendingStartPosition = position.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        guard videos.contains(where: sessionProvider.canPlay) else {
            reportNothingPlayable()
            return
        }
        startSession(from: 0)
    }

    /// Nothing left in the queue can play: an error like every other failure, so the viewer reads why instead of
    /// watching a spinner, then the SDK's noPlayableVideosFound for apps that watch the queue.
    private func reportNothingPlayable() {
        let message = videos.count == 1 ? NoPlayableSourceError(video: videos[0]).message
            : PlaybackMessages.noPlayableVideo
        reportError(code: PlaybackErrorCode.noPlayableSource, message: message)
        emit(.noPlayableVideos)
    }

    /// A video that cannot play is skipped with a warning: playback goes on with the next one.
    private func leaveOut(_ error: NoPlayableSourceError, in session: PlaybackSession? = nil) {
        emit(.warning(code: PlaybackWarningCode.noPlayableSource, message: PlaybackMessages.leftOut(error.message)),
             in: session)
    }

    /// Moves to the next playable video; does nothing at the end of the queue.
    public func advanceToNext() {
        transition {
            let next = (currentIndex ?? -1) + 1
            guard videos[next...].contains(where: sessionProvider.canPlay) else { return }
            terminateCurrentSession(nextFollows: true)
            startSession(from: next)
        }
    }

    /// Puts `video` right after the video at `index` (SDK didInsertVideo / failedToInsertVideo). The current
    /// session is not touched.
    public func insertVideo(_ video: Video, afterVideoAt index: Int) {
        transition {
            guard videos.indices.contains(index), sessionProvider.canPlay(video) else {
                emit(.insertFailed(videoID: video.id, afterIndex: index))
                return
            }
            videos.insert(video, at: index + 1)
            if let preload = preloaded, preload.index > index { discardPreload() }
            if let current = currentIndex, current > index { currentIndex = current + 1 }
            emit(.inserted(videoID: video.id, index: index + 1))
        }
    }

    /// Starts the first playable video at or after `index`; videos it skips are reported as warnings.
    func startSession(from index: Int) {
        if let preload = takePreloadedSession(for: index) {
            currentIndex = index
            begin(preloaded: preload)
            return
        }
        var candidate = index
        while candidate < videos.count {
            let video = videos[candidate]
            currentIndex = candidate
            do throws(NoPlayableSourceError) {
                let bumper = pendingBumper
                var session = try sessionProvider.makeSession(for: video, bumper: bumper)
                pendingBumper = nil
                session.startPosition = pendingStartPosition
                pendingStartPosition = nil
                begin(session, bumperDropped: bumper != nil && session.bumper == nil)
                return
            } catch {
                leaveOut(error)
                candidate += 1
            }
        }
        // Only a provider whose canPlay promised more than its makeSession delivered gets here.
        reportNothingPlayable()
    }

    private func begin(_ new: PlaybackSession, bumperDropped: Bool) {
        currentSession = new
        session.wantsPlay = pendingWantsPlay ?? autoPlay
        pendingWantsPlay = nil
        announce()
        if let reason = session.keptHereBecause { emit(.warning(code: CastMessages.keptHereCode, message: reason)) }
        loadClientAds()
        listen()
        if bumperDropped {
            emit(.warning(code: PlaybackWarningCode.bumperUnavailable, message: PlaybackMessages.bumperFailed))
        }
        if let bumper = session.bumper {
            session.isBumperActive = true
            emit(.lifecycle(.bumperEnter))
            session.engine.load(uri: bumper.source.url.absoluteString, options: EngineLoadOptions())
        } else {
            loadContent(of: &session, startingAt: session.startPosition)
        }
    }

    /// A preloaded session becomes current: announced like any other, then what its engine reported while it
    /// waited goes through the state machine (Ready plays it at once with autoPlay).
    private func begin(preloaded preload: PreloadedSession) {
        let id = preload.session.id
        currentSession = preload.session
        session.wantsPlay = autoPlay
        announce()
        loadClientAds()
        // What the engine reported while it waited may include its end, and with autoAdvance the next video.
        for signal in preload.signals where currentSession?.id == id {
            handle(signal)
        }
        if currentSession?.id == id { listen() }
    }

    /// Each signal of the current session's player is a transition; a terminated session's engine has no handler
    /// left.
    private func listen() {
        let id = session.id
        session.engine.signalHandler = { [weak self] signal in
            guard let self, self.currentSession?.id == id else { return }
            self.transition { self.handle(signal) }
        }
    }

    /// Opens the content in the session's engine, with the current bitrate cap.
    /// `position` is stream seconds (content seconds while the VMAP is still to be read, which is the same).
    func loadContent(of session: inout PlaybackSession, startingAt position: Double?) {
        if loadAdsFirst(&session, startingAt: position) { return }
        session.engineStreams = nil
        session.forwardBuffer = bufferOptimization.forwardBuffer(afterWatching: session.watched)
        let options = EngineLoadOptions(startPosition: position, maximumBitrate: preferredPeakBitRate,
                                        forwardBufferSeconds: session.forwardBuffer, heldBitrate: session.heldBitrate)
        session.engine.load(uri: session.streamURL.absoluteString, options: options)
    }

    /// After End: the next video with autoAdvance, and `playlistComplete` after the last.
    func sessionDidEnd() {
        guard autoAdvance else { return }
        let next = (currentIndex ?? -1) + 1
        if videos[next...].contains(where: sessionProvider.canPlay) {
            terminateCurrentSession(nextFollows: true)
            startSession(from: next)
        } else {
            for video in videos[next...] { leaveOut(NoPlayableSourceError(video: video)) }
            emit(.playlistComplete)
        }
    }
}
