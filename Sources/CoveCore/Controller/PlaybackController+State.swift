/// The only writer of `PlayerState`: each field's one definition, derived from the current session.
extension PlaybackController {
    /// Each field from the current session; what changed, for the observers.
    func deriveState() -> PlayerState.Changes {
        var changes = PlayerState.Changes()
        func set<T: Equatable>(_ field: ReferenceWritableKeyPath<PlayerState, T>, _ value: T,
                               _ change: PlayerState.Changes) {
            guard state[keyPath: field] != value else { return }
            state[keyPath: field] = value
            changes.insert(change)
        }
        let session = currentSession
        if state.session?.id != session?.id { changes.insert(.session) }
        state.session = session
        set(\.videoOutputPlayer, session.map { ObjectIdentifier($0.activePlayer) }, .videoOutput)
        set(\.status, Self.status(of: session, failure: failureMessage), .status)
        // Content time everywhere: a stitched stream's ads are taken out (one conversion, the session's).
        set(\.position, session.map { $0.isBumperActive ? 0 : $0.contentPosition } ?? 0, .position)
        set(\.duration, session.flatMap { $0.isBumperActive ? nil : $0.contentDuration }, .duration)
        set(\.seekableRange, session?.contentSeekableRange, .seekable)
        set(\.canSeek, session.map(Self.canSeek) ?? false, .seekable)
        set(\.bufferedPosition, session.flatMap { session in
            session.isBumperActive ? nil : session.bufferedPosition.map(session.contentTime(atStream:))
        }, .buffered)
        set(\.ad, session.flatMap(Self.adPlayback), .ad)
        set(\.adMarkers, session.map(Self.adMarkers) ?? [], .ad)
        set(\.isBumperActive, session?.isBumperActive ?? false, .status)
        set(\.bumperDuration, session.flatMap { $0.isBumperActive ? $0.engine.duration : nil }, .duration)
        set(\.rate, session?.playsLive == true ? 1 : playbackRate, .rate)
        set(\.volume, volume, .volume)
        set(\.isMuted, isMuted, .volume)
        set(\.title, session.flatMap(Self.title), .title)
        set(\.videoType, session?.videoType, .status)
        set(\.mediaType, session?.mediaType, .status)
        set(\.audioTracks, session?.audioTracks ?? [], .tracks)
        set(\.captionTracks, session?.captionTracks ?? [], .tracks)
        set(\.selectedAudioTrack, session?.selectedAudioTrack, .tracks)
        set(\.selectedCaptionTrack, session?.selectedCaptionTrack, .tracks)
        set(\.renditions, session?.renditions ?? [], .tracks)
        set(\.qualityChoice, session?.qualityChoice ?? .automatic, .tracks)
        set(\.captionCues, captionCuesShowing, .captions)
        set(\.viewProjection, video360.projection, .projection)
        set(\.isAtLiveEdge, Self.isAtLiveEdge(state), .position)
        set(\.queueIndex, currentIndex, .queue)
        set(\.adInspection, session?.adInspection ?? [], .adInspection)
        set(\.canAdvanceToNext, canAdvanceToNext, .queue)
        set(\.canAdvanceToPrevious, canAdvanceToPrevious, .queue)
        return changes
    }

    static func status(of session: PlaybackSession?, failure: String?) -> PlayerState.Status {
        if let failure, session?.transport.hasFailed ?? true { return .failed(message: failure) }
        guard let session else { return .idle }
        if let running = session.clientAds?.running {
            guard let creative = running.creative, creative.tracker.hasStarted else {
                return session.wantsPlay ? .loading : .paused
            }
            return creative.isPlaying ? .playing : .paused
        }
        if session.clientAds?.rules == .loading, session.wantsPlay { return .loading }
        if session.transport.hasEnded { return .ended }
        if session.reload != nil || (!session.transport.isReady && !session.isBumperActive) { return .loading }
        if session.isBumperActive && !session.isPlaying { return session.wantsPlay ? .loading : .paused }
        if session.isBuffering, session.wantsPlay { return .buffering }
        return session.isPlaying ? .playing : .paused
    }

    /// Read from the fields derived before it: the content's window and position.
    static func isAtLiveEdge(_ state: PlayerState) -> Bool {
        guard let window = state.seekableRange, state.videoType == .live || state.videoType == .liveDVR else {
            return false
        }
        return window.end - state.position <= PlayerState.liveEdgeTolerance
    }

    /// After Ready, not during the bumper, not failed, and with a duration or a seekable window to move in.
    static func canSeek(_ session: PlaybackSession) -> Bool {
        guard session.transport.isReady, !session.isBumperActive, !session.transport.hasFailed, !session.isInAd else { return false }
        return session.duration.map { $0 > 0 } ?? ((session.seekableRange?.length ?? 0) > 0)
    }

    static func adPlayback(of session: PlaybackSession) -> AdPlayback? {
        if let client = clientAdPlayback(of: session) { return client }
        guard let tracker = session.adTracker, let position = tracker.current, let ad = tracker.currentAd else {
            return nil
        }
        let adBreak = tracker.timeline.breaks[position.breakIndex]
        return AdPlayback(title: ad.title, index: position.adIndex, count: adBreak.ads.count, duration: ad.duration,
                          elapsed: position.secondsIntoAd, streamTime: session.position,
                          breakRemaining: max(0, adBreak.duration - position.secondsIntoBreak),
                          skipOffset: ad.skipOffset, canClickThrough: ad.clickThrough != nil)
    }

    static func adMarkers(of session: PlaybackSession) -> [AdMarker] {
        guard let tracker = session.adTracker else { return [] }
        return tracker.timeline.breaks.indices.map { index in
            AdMarker(time: tracker.timeline.breaks[index].contentOffset, played: tracker.playedBreaks.contains(index))
        }
    }

    /// The video's name; a nameless one (a file, an address) by the last part of the address it plays from.
    static func title(of session: PlaybackSession) -> String? {
        if let name = session.video.name, !name.isEmpty { return name }
        let file = session.source.url.lastPathComponent
        return file.isEmpty || file == "/" ? nil : file
    }
}
