/// Bumpers and reloads: the two ways a session loads its engine more than once.
extension PlaybackController {
    /// Rebuilds the current session's pipeline at `seconds` (SDK `resumeVideoAtTime:withAutoPlay:`), typically
    /// after FailedToPlayToEndTime: ResumeBegin, then ResumeComplete or ResumeFail. The bumper is not replayed and
    /// progress already reported is not reported again. Ignored while a resume is still pending.
    public func resumeVideo(at seconds: Double, autoPlay: Bool) {
        transition {
            guard let current = currentSession, current.reload != .resume else { return }
            emit(.lifecycle(.resumeBegin))
            // The ads before the place are not played again (SDK adsDisabled for a resume).
            let content = max(0, seconds.isFinite ? seconds : 0)
            reload(kind: .resume, at: session.streamTime(atContent: content), playing: autoPlay)
        }
    }

    /// Loads the content again at `position`, keeping what the session already reported.
    func reload(kind: PlaybackSession.Reload, at position: Double, playing: Bool) {
        session.reload = kind
        session.isBumperActive = false
        session.isPlaying = false
        session.buffering = .none
        session.wantsPlay = playing
        session.position = position
        // The new pipeline fills its buffer once more: that is not a stall.
        session.expectRebuffer()
        session.progress.reload()
        loadContent(of: &session, startingAt: position)
        updateState()
        refreshCaptions()
    }

    /// The bumper plays through the session's engine with its own events; its end (or failure) starts the content.
    func handleBumper(_ signal: EngineSignal) {
        switch signal {
        case .ready:
            session.engine.setVolume(state.effectiveVolume)
            if session.wantsPlay { session.engine.play() }
        case .playing:
            session.isPlaying = true
        case .paused:
            session.isPlaying = false
        case .position(let seconds):
            guard session.bumperProgress.tell(seconds, every: progressInterval) else { return }
            emit(.bumperProgress(seconds))
        case .endOfStream, .endAssumed, .error:
            // A broken bumper must not keep the viewer from the content.
            if case .error = signal {
                emit(.warning(code: PlaybackWarningCode.bumperUnavailable, message: PlaybackMessages.bumperFailed))
            }
            session.isBumperActive = false
            session.isPlaying = false
            emit(.lifecycle(.bumperExit))
            loadContent(of: &session, startingAt: session.startPosition)
        case .buffering, .duration, .seekable, .streams, .streamsSelected, .closedCaptionCues:
            break
        }
    }
}
