/// The content's state machine: engine signals in, SDK lifecycle events out.
extension PlaybackController {
    /// One signal of the current session's player.
    func handle(_ signal: EngineSignal) {
        let id = session.id
        defer {
            // Its end may have moved on to the next video, which the state then shows.
            if currentSession?.id == id {
                updateState()
                if case .position = signal { refreshCaptions() }
                if signal == .playing || signal == .paused { refreshCaptions() }
            }
        }
        if session.isBumperActive {
            handleBumper(signal)
            return
        }
        switch signal {
        case .ready:
            becomeReady()
        case .duration(let seconds):
            guard session.toldDuration != .some(seconds) else { return }
            session.toldDuration = .some(seconds)
            emit(.duration(session.contentDuration))
            updateVideoType()
        case .seekable(let range):
            seekableChanged(to: range)
        case .streams(let streams):
            streamsChanged(streams)
        case .streamsSelected(let audio, let text):
            streamsSelected(audio: audio)
            if session.isRemote { remoteCaptionSelected(text) }
        case .playing:
            guard !session.isPlaying else { return }
            session.isPlaying = true
            emit(.lifecycle(.play))
            adsPlayingChanged(playing: true)
            // The cue points before the start pass at the first play only.
            if let passage = session.cuePoints.play() { emit(passage) }
        case .paused:
            guard session.isPlaying else { return }
            session.isPlaying = false
            // Paused for a client-side break: the break's own events say so.
            if !session.transport.hasEnded, session.clientAds?.running == nil {
                emit(.lifecycle(.pause))
                adsPlayingChanged(playing: false)
            }
        case .buffering(let percent):
            bufferingChanged(percent)
        case .position(let seconds):
            session.seekTarget = nil
            audioTrackSettled(at: seconds)
            positionChanged(seconds)
        case .endOfStream:
            ended()
        case .endAssumed(let position):
            emit(.warning(code: PlaybackWarningCode.endAssumed, message: PlaybackMessages.endAssumed))
            session.position = position
            ended()
        case .closedCaptionCues(let track, let cues):
            closedCaptionCuesChanged(track: track, cues: cues)
        case .error(let error):
            failed(error)
        }
    }

    private func becomeReady() {
        switch session.reload {
        case .resume?: emit(.lifecycle(.resumeComplete))
        case nil: emit(.lifecycle(.ready))
        }
        session.reload = nil
        reportAdWarnings()
        // The pipeline exists from here; the level applies to it.
        session.engine.setVolume(state.effectiveVolume)
        if session.videoType != nil { startChosenRate() }
        if session.wantsPlay { playContent() }
    }

    /// The chosen speed, once the content is ready and known to be live or not: a live stream plays at 1×.
    private func startChosenRate() {
        guard playbackRate != 1 else { return }
        guard !session.playsLive else { return emit(.rate(1)) }
        session.expectRebuffer()
        session.engine.setRate(playbackRate)
        emit(.rate(playbackRate))
    }

    private func seekableChanged(to range: SeekableRange?) {
        let first = session.toldSeekableRange == nil
        session.toldSeekableRange = .some(range)
        if let range {
            let last = session.seekableTold
            let moved = last.map { abs($0.start - range.start) >= seekableReportStep
                || abs($0.end - range.end) >= seekableReportStep } ?? true
            if moved {
                session.seekableTold = range
                if let window = session.contentSeekableRange { emit(.seekable(window)) }
            }
        }
        if first || range != nil { updateVideoType() }
    }

    /// Known once both the duration and the seekable window have been reported; reported again if it changes
    /// (a live window that grows into a DVR window).
    private func updateVideoType() {
        guard session.toldDuration != nil, session.toldSeekableRange != nil else { return }
        let type = VideoType(duration: session.duration, seekable: session.seekableRange)
        guard type != session.videoType else { return }
        let known = session.videoType != nil
        session.videoType = type
        emit(.videoType(type))
        if !known, session.transport.isReady { startChosenRate() }
    }

    /// Buffering always gives BufferEmpty / LikelyToKeepUp; while playing (not loading, not seeking) it is also a
    /// stall (PlaybackStalled / PlaybackRecovered), as the SDK distinguishes them.
    private func bufferingChanged(_ percent: Int) {
        if percent < 100 {
            guard session.buffering == .none else { return }
            session.buffering = .filling
            emit(.lifecycle(.playbackBufferEmpty))
            guard session.transport.hasPlayed, session.wantsPlay, session.rebufferExpectedAt == nil,
                  !session.transport.hasEnded, session.reload == nil else { return }
            session.buffering = .stalled
            emit(.lifecycle(.playbackStalled))
        } else {
            let was = session.buffering
            guard was != .none else { return }
            session.buffering = .none
            // Loading fills the buffer before Ready; what the expected rebuffer covers comes after it.
            if session.transport.isReady { session.rebufferExpectedAt = nil }
            emit(.lifecycle(.playbackLikelyToKeepUp))
            if was == .stalled { emit(.lifecycle(.playbackRecovered)) }
        }
    }

    private func positionChanged(_ seconds: Double) {
        let contentBefore = session.contentPosition
        let step = seconds - session.position
        session.position = seconds
        if session.isPlaying, step > 0, step < 1 { watch(step) }
        if let mark = session.rebufferExpectedAt, abs(seconds - mark) > 1 { session.rebufferExpectedAt = nil }
        // During an ad only AdProgress is reported.
        if adsAdvance(toStream: seconds) { return }
        let content = session.contentTime(atStream: seconds)
        // After a resume, what was already reported is not reported again.
        guard session.progress.isPastReload(content) else { return }
        if session.progress.tell(content, every: progressInterval) {
            emit(.progress(content, stream: session.adTracker == nil ? nil : seconds))
        }
        if let passage = session.cuePoints.advance(to: content) { emit(passage) }
        updateChapter(at: content)
        preloadIfNearEnd()
        if session.isPlaying { clientAdsReached(from: contentBefore, to: content) }
    }

    /// Grows the forward buffer with the time watched, every `BufferOptimization.retuneInterval` seconds of it.
    private func watch(_ seconds: Double) {
        let before = (session.watched / BufferOptimization.retuneInterval).rounded(.down)
        session.watched += seconds
        guard (session.watched / BufferOptimization.retuneInterval).rounded(.down) > before,
              let buffer = bufferOptimization.forwardBuffer(afterWatching: session.watched),
              buffer != session.forwardBuffer else { return }
        session.forwardBuffer = buffer
        session.engine.setForwardBuffer(seconds: buffer)
    }

    /// The content reached its end: its post-roll first, then End.
    private func ended() {
        if clientPostRollBeforeEnd() { return }
        contentEnded()
    }

    func contentEnded() {
        adsEnded()
        if let duration = session.duration {
            session.position = duration
            let content = session.contentDuration ?? duration
            if session.progress.tellEnd(content) {
                emit(.progress(content, stream: session.adTracker == nil ? nil : duration))
            }
        }
        if let passage = session.cuePoints.advance(to: session.contentPosition) { emit(passage) }
        if let passage = session.cuePoints.finish(at: session.contentPosition) { emit(passage) }
        emit(.lifecycle(.end))
        session.isPlaying = false
        sessionDidEnd()
    }

    private func failed(_ error: EngineError) {
        if fellBackFromAudioTrack() { return }
        adsFailed()
        let reload = session.reload
        session.reload = nil
        session.isPlaying = false
        session.buffering = .none
        let message = PlaybackMessages.message(for: error)
        failureMessage = message
        if reload == .resume {
            emit(.error(code: PlaybackErrorCode.loadFailed, message: message))
            emit(.lifecycle(.resumeFail))
        } else if session.transport.isReady {
            emit(.error(code: PlaybackErrorCode.failedToPlayToEnd, message: message))
            emit(.lifecycle(.failedToPlayToEndTime))
        } else {
            emit(.error(code: PlaybackErrorCode.loadFailed, message: message))
            emit(.lifecycle(.fail))
        }
    }

    private func emit(_ passage: CuePointTracker.Passage) {
        emit(.cuePoints(previous: passage.previous, current: passage.current, cuePoints: passage.cuePoints))
    }
}
