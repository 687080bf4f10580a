import FoundationEssentials

/// Why a source's VMAP could not be used, as the warning event says it.
public typealias AdLoadFailure = LoadFailure

/// Fetches and reads one VMAP (the app's is CoveService's `VMAPLoader`).
public typealias VMAPDocumentLoader = @Sendable (URL) async throws(AdLoadFailure) -> VMAPDocument

/// Codes of the SSAI events (the SDK's `kBCOVSSAIErrorCode…` names).
public enum AdErrorCode {
    /// The video was asked for with an ad configuration, and no source names a VMAP.
    public static let vmapMissing = "SSAI_VMAP_MISSING"
    /// The VMAP could not be fetched or read, or names no stream.
    public static let timelineLoadError = "SSAI_TIMELINE_LOAD_ERROR"
    /// An ad or ad break of the VMAP could not be read and was left out.
    public static let adLeftOut = "SSAI_AD_LEFT_OUT"
    /// A video's client-side ad rules (or VAST) could not be fetched or read: it plays without them.
    public static let adsLoaderFailed = "ADS_LOADER_FAILED"
}

public enum AdMessages {
    public static var timelineUnavailable: String {
        tr("The ads of this video could not be loaded; it plays without them.")
    }
    public static var vmapMissing: String {
        tr("This video was requested with ads, but the server named none; it plays without them.")
    }
    /// What a media key applet or the desktop's sound menu shows while an ad plays (MPRIS metadata).
    public static func mediaTitle(of ad: AdPlayback) -> String {
        let place = tr("Ad (%@ of %@)").filling(String(ad.index + 1), String(ad.count))
        guard let title = ad.title, !title.isEmpty else { return place }
        return tr("%@: %@").filling(place, title)
    }

    public static func leftOut(_ detail: String) -> String {
        tr("An ad could not be read and was left out (%@).").replacingPlaceholder(with: detail)
    }
}

/// Server-side ad insertion: the stream the VMAP names plays, its breaks are followed by the session's
/// `AdTracker`, and every view reads content time from the state. Seeks follow the SDK's SSAI rules.
extension PlaybackController {
    /// Fetches the session's VMAP before its content loads; returns false when there is none to fetch. The
    /// session is the current one or a preload.
    func loadAdsFirst(_ session: inout PlaybackSession, startingAt position: Double?) -> Bool {
        guard let vmap = session.source.vmap, let loader = vmapLoader, session.adsLoad == .notStarted else {
            return false
        }
        session.adsLoad = .loading
        let id = session.id
        Task { @MainActor [weak self] in
            let result: Result<VMAPDocument, AdLoadFailure>
            do throws(AdLoadFailure) {
                result = .success(try await loader(vmap))
            } catch {
                result = .failure(error)
            }
            self?.transition { self?.adsLoaded(result, for: id, startingAt: position) }
        }
        return true
    }

    /// The VMAP's answer, for the session it was fetched for if that is still current or preloaded.
    private func adsLoaded(_ result: Result<VMAPDocument, AdLoadFailure>, for id: PlaybackSession.ID,
                           startingAt position: Double?) {
        if currentSession?.id == id {
            adsLoaded(result, in: &session, startingAt: position)
            updateState()
        } else if let preload = preloaded, preload.session.id == id {
            adsLoaded(result, in: &preload.session, startingAt: position)
        }
    }

    private func adsLoaded(_ result: Result<VMAPDocument, AdLoadFailure>, in session: inout PlaybackSession,
                           startingAt position: Double?) {
        session.adsLoad = .done
        switch result {
        case .success(let document) where document.contentURL != nil:
            session.streamURL = document.contentURL ?? session.source.url
            session.adTracker = AdTracker(timeline: document.timeline, contentImpressions: document.contentImpressions)
            session.adWarnings = document.leftOut.map {
                .warning(code: AdErrorCode.adLeftOut, message: AdMessages.leftOut($0))
            }
        case .success:
            session.adWarnings = [.warning(code: AdErrorCode.timelineLoadError, message: AdMessages.timelineUnavailable)]
        case .failure(let failure):
            session.adWarnings = [.warning(code: failure.code, message: failure.message)]
        }
        loadContent(of: &session, startingAt: position.map(session.streamTime(atContent:)))
    }

    /// What the VMAP left out, once the session is announced and ready.
    func reportAdWarnings() {
        let warnings = session.adWarnings
        session.adWarnings = []
        for warning in warnings { emit(warning) }
    }

    /// The playhead moved in the stream: the tracker's events and beacons, then the seek a crossed break held back.
    /// Returns whether an ad is playing (content progress is not reported then).
    func adsAdvance(toStream seconds: Double) -> Bool {
        guard var tracker = session.adTracker else { return false }
        let outputs = tracker.advance(toStream: seconds, playing: session.isPlaying)
        session.adTracker = tracker
        deliver(outputs)
        if let position = tracker.current {
            if session.adProgress.tell(position.secondsIntoAd, every: progressInterval) {
                emit(.adProgress(tracker.info(position), time: position.secondsIntoAd))
            }
            return true
        }
        session.adProgress = ProgressCadence()
        if let target = session.seekAfterAds {
            session.seekAfterAds = nil
            // The break was the target itself (a seek to its place, or to the end after a post-roll).
            if abs(session.streamTime(atContent: target) - seconds) > 0.5, !session.transport.hasEnded {
                seekStream(to: session.streamTime(atContent: target), tolerance: 0.1)
            }
        }
        return false
    }

    func adsPlayingChanged(playing: Bool) {
        guard var tracker = session.adTracker else { return }
        let outputs = playing ? tracker.resume() : tracker.pause()
        session.adTracker = tracker
        deliver(outputs)
    }

    func adsEnded() {
        guard var tracker = session.adTracker else { return }
        let outputs = tracker.finish()
        session.adTracker = tracker
        deliver(outputs)
    }

    func adsFailed() {
        guard let tracker = session.adTracker else { return }
        deliver(tracker.failure())
    }

    private func deliver(_ outputs: [AdTracker.Output]) {
        for output in outputs {
            switch output {
            case .event(let event): emit(event)
            case .beacons(let urls): beaconSender?(urls)
            }
        }
    }

    /// Skips the ad playing once its skip offset has passed (Skip Ad): `skip` beacons, AdSkipped, and playback
    /// goes on after it.
    @discardableResult
    public func skipAd() -> Bool {
        transition {
            if currentSession?.clientAds?.running != nil { return skipClientAd() }
            guard var tracker = currentSession?.adTracker,
                  let skipped = tracker.skip(atStream: session.streamPlayhead) else { return false }
            session.adTracker = tracker
            deliver(skipped.outputs)
            // Just past the ad's end, so an inaccurate landing cannot fall back into it.
            seekStream(to: skipped.streamTarget + 0.05, tolerance: 0.05)
            updateState()
            return true
        }
    }

    /// The viewer chose Learn More: the ad's click tracking is sent, playback pauses, and the page to open in the
    /// browser is returned (nil when the ad has none).
    public func adClickThrough() -> URL? {
        transition {
            if currentSession?.clientAds?.running?.creative != nil {
                let page = clickThroughClientAd()
                if session.wantsPlay { pause() }
                return page
            }
            guard let current = currentSession, let tracker = current.adTracker,
                  let click = tracker.clickThrough() else { return nil }
            deliver(click.outputs)
            if current.wantsPlay { pause() }
            return click.url
        }
    }

    /// A seek to content `target` in a session with ads: the last break it crosses going forward plays first, then
    /// the target (SDK `ssai_seekToTime:`); backward seeks play none. `playingAds` false skips them (a resume).
    func streamSeekTarget(for target: Double, playingAds: Bool) -> Double {
        guard let tracker = session.adTracker else { return target }
        let from = session.contentPosition
        let timeline = tracker.timeline
        guard playingAds, let crossed = timeline.breaks.indices.last(where: { index in
            from < timeline.breaks[index].contentOffset && timeline.breaks[index].contentOffset <= target
        }) else { return session.streamTime(atContent: target) }
        session.seekAfterAds = target
        return timeline.streamRange(ofBreak: crossed).lowerBound
    }
}
