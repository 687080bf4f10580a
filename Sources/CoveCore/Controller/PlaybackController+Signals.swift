/// The content's state machine: engine signals in, SDK lifecycle events out.
extension PlaybackController {
    func handle(_ signal: EngineSignal, in session: PlaybackSession) {
        defer {
            if session === currentSession {
                updateState()
                if case .position = signal { refreshCaptions() }
                if signal == .playing || signal == .paused { refreshCaptions() }
            }
        }
        if session.isBumperActive {
            handleBumper(signal, in: session)
            return
        }
        switch signal {
        case .ready:
            becomeReady(session)
        case .duration(let seconds):
            guard session.toldDuration != .some(seconds) else { return }
            session.toldDuration = .some(seconds)
            emit(.duration(session.contentDuration), in: session)
            updateVideoType(of: session)
        case .seekable(let range):
            seekableChanged(to: range, in: session)
        case .streams(let streams):
            streamsChanged(streams, in: session)
        case .streamsSelected(let audio, _):
            streamsSelected(audio: audio, in: session)
        case .playing:
            guard !session.isPlaying else { return }
            session.isPlaying = true
            emit(.lifecycle(.play), in: session)
            adsPlayingChanged(session, playing: true)
            // The cue points before the start pass at the first play only.
            if let passage = session.cuePoints.play() { emit(passage, in: session) }
        case .paused:
            guard session.isPlaying else { return }
            session.isPlaying = false
            if !session.transport.hasEnded {
                emit(.lifecycle(.pause), in: session)
                adsPlayingChanged(session, playing: false)
            }
        case .buffering(let percent):
            bufferingChanged(percent, in: session)
        case .position(let seconds):
            session.seekTarget = nil
            audioTrackSettled(at: seconds, in: session)
            positionChanged(seconds, in: session)
        case .endOfStream:
            ended(session)
        case .endAssumed(let position):
            emit(.warning(code: PlaybackWarningCode.endAssumed, message: PlaybackMessages.endAssumed), in: session)
            session.position = position
            ended(session)
        case .closedCaptionCues(let track, let cues):
            closedCaptionCuesChanged(track: track, cues: cues, in: session)
        case .error(let error):
            failed(session, error)
        }
    }

    private func becomeReady(_ session: PlaybackSession) {
        switch session.reload {
        case .resume?: emit(.lifecycle(.resumeComplete), in: session)
        case nil: emit(.lifecycle(.ready), in: session)
        }
        session.reload = nil
        reportAdWarnings(of: session)
        // The pipeline exists from here; the level applies to it.
        session.engine.setVolume(state.effectiveVolume)
        if playbackRate != 1 {
            session.expectRebuffer()
            session.engine.setRate(playbackRate)
        }
        if session.wantsPlay { session.engine.play() }
    }

    private func seekableChanged(to range: SeekableRange?, in session: PlaybackSession) {
        let first = session.toldSeekableRange == nil
        session.toldSeekableRange = .some(range)
        if let range {
            let last = session.lastSeekableReported
            let moved = last.map { abs($0.start - range.start) >= seekableReportStep
                || abs($0.end - range.end) >= seekableReportStep } ?? true
            if moved {
                session.lastSeekableReported = range
                if let window = session.contentSeekableRange { emit(.seekable(window), in: session) }
            }
        }
        if first || range != nil { updateVideoType(of: session) }
    }

    /// Known once both the duration and the seekable window have been reported; reported again if it changes
    /// (a live window that grows into a DVR window).
    private func updateVideoType(of session: PlaybackSession) {
        guard session.toldDuration != nil, session.toldSeekableRange != nil else { return }
        let type = VideoType(duration: session.duration, seekable: session.seekableRange)
        guard type != session.videoType else { return }
        session.videoType = type
        emit(.videoType(type), in: session)
    }

    /// Buffering always gives BufferEmpty / LikelyToKeepUp; while playing (not loading, not seeking) it is also a
    /// stall (PlaybackStalled / PlaybackRecovered), as the SDK distinguishes them.
    private func bufferingChanged(_ percent: Int, in session: PlaybackSession) {
        if percent < 100 {
            guard session.buffering == .none else { return }
            session.buffering = .filling
            emit(.lifecycle(.playbackBufferEmpty), in: session)
            guard session.transport.hasPlayed, session.wantsPlay, session.rebufferExpectedAt == nil,
                  !session.transport.hasEnded, session.reload == nil else { return }
            session.buffering = .stalled
            emit(.lifecycle(.playbackStalled), in: session)
        } else {
            let was = session.buffering
            guard was != .none else { return }
            session.buffering = .none
            // Loading fills the buffer before Ready; what the expected rebuffer covers comes after it.
            if session.transport.isReady { session.rebufferExpectedAt = nil }
            emit(.lifecycle(.playbackLikelyToKeepUp), in: session)
            if was == .stalled { emit(.lifecycle(.playbackRecovered), in: session) }
        }
    }

    private func positionChanged(_ seconds: Double, in session: PlaybackSession) {
        let step = seconds - session.position
        session.position = seconds
        if session.isPlaying, step > 0, step < 1 { watch(step, in: session) }
        if let mark = session.rebufferExpectedAt, abs(seconds - mark) > 1 { session.rebufferExpectedAt = nil }
        // During an ad only AdProgress is reported.
        if adsAdvance(session, toStream: seconds) { return }
        let content = session.contentTime(atStream: seconds)
        // After a resume, what was already reported is not reported again.
        if let reported = session.progressReportedUpTo {
            guard content > reported else { return }
            session.progressReportedUpTo = nil
        }
        if session.lastProgressReported.map({ abs(content - $0) >= progressInterval }) ?? true {
            session.lastProgressReported = content
            emit(.progress(content, stream: session.adTracker == nil ? nil : seconds), in: session)
        }
        if let passage = session.cuePoints.advance(to: content) { emit(passage, in: session) }
        updateChapter(session, at: content)
        preloadIfNearEnd(session)
    }

    /// Grows the forward buffer with the time watched, every `BufferOptimization.retuneInterval` seconds of it.
    private func watch(_ seconds: Double, in session: PlaybackSession) {
        let before = (session.watched / BufferOptimization.retuneInterval).rounded(.down)
        session.watched += seconds
        guard (session.watched / BufferOptimization.retuneInterval).rounded(.down) > before,
              let buffer = bufferOptimization.forwardBuffer(afterWatching: session.watched),
              buffer != session.forwardBuffer else { return }
        session.forwardBuffer = buffer
        session.engine.setForwardBuffer(seconds: buffer)
    }

    private func ended(_ session: PlaybackSession) {
        adsEnded(session)
        if let duration = session.duration {
            session.position = duration
            let content = session.contentDuration ?? duration
            // The last poll can overshoot the container's duration by a frame; progress never goes back.
            if session.lastProgressReported.map({ $0 < content }) ?? true {
                session.lastProgressReported = content
                emit(.progress(content, stream: session.adTracker == nil ? nil : duration), in: session)
            }
        }
        if let passage = session.cuePoints.advance(to: session.contentPosition) { emit(passage, in: session) }
        if let passage = session.cuePoints.finish(at: session.contentPosition) { emit(passage, in: session) }
        emit(.lifecycle(.end), in: session)
        session.isPlaying = false
        sessionDidEnd(session)
    }

    private func failed(_ session: PlaybackSession, _ error: EngineError) {
        if fellBackFromAudioTrack(session) { return }
        adsFailed(session)
        let reload = session.reload
        session.reload = nil
        session.isPlaying = false
        session.buffering = .none
        let message = PlaybackMessages.message(for: error)
        failureMessage = message
        if reload == .resume {
            emit(.error(code: PlaybackErrorCode.loadFailed, message: message), in: session)
            emit(.lifecycle(.resumeFail), in: session)
        } else if session.transport.isReady {
            emit(.error(code: PlaybackErrorCode.failedToPlayToEnd, message: message), in: session)
            emit(.lifecycle(.failedToPlayToEndTime), in: session)
        } else {
            emit(.error(code: PlaybackErrorCode.loadFailed, message: message), in: session)
            emit(.lifecycle(.fail), in: session)
        }
    }

    private func emit(_ passage: CuePointTracker.Passage, in session: PlaybackSession) {
        emit(.cuePoints(previous: passage.previous, current: passage.current, cuePoints: passage.cuePoints),
             in: session)
    }
}
