import FoundationEssentials

/// Client-side ads (the SDK's IMA plugin, with Cove's own VAST/VMAP client): the video's ad rules are read while
/// its content loads; each break pauses the content where it is (its pipeline kept) and plays its creatives, one
/// after another, each in a player of its own; then the content goes on. The session's active player is the
/// creative's while it plays: the state's pictures, volume and transport follow it. A failed ad never stops the
/// content: it is passed over with its VAST error sent.
extension PlaybackController {
    /// Starts reading the current session's ad rules, when its video has a tag and no server-side ads.
    func loadClientAds() {
        guard let source = clientAdsSource, session.source.vmap == nil else { return }
        guard !session.isRemote else {
            if source.tag(session.video) != nil || !source.cuePointBreaks(session.video).isEmpty {
                emit(.warning(code: CastMessages.adsNotCastCode, message: CastMessages.adsNotCast))
            }
            return
        }
        guard let tag = source.tag(session.video) else {
            // No ad rules: breaks at the video's ad cue points, if the policy makes any.
            let breaks = source.cuePointBreaks(session.video).sorted { $0.contentTime < $1.contentTime }
            guard !breaks.isEmpty else { return }
            var ads = ClientAds()
            ads.rules = .read
            ads.breaks = breaks
            ads.unplayed = Set(breaks.indices)
            session.clientAds = ads
            if let start = session.startPosition { skipClientBreaks(before: start) }
            return
        }
        session.clientAds = ClientAds()
        let id = session.id
        let url = AdMacros.fill(tag, with: macroContext(contentPlayhead: 0))
        inspect(AdInspectionEntry(kind: .request, address: url.absoluteString, detail: Wording(trNoop("ad rules"))))
        Task { @MainActor [weak self] in
            let started = ContinuousClock.now
            let answer = await source.fetch(url)
            let seconds = WrapperResolver.seconds(started.duration(to: .now))
            self?.transition { self?.clientAdRulesRead(answer, from: url, after: seconds, for: id) }
        }
    }

    private func clientAdRulesRead(_ answer: Result<AdResponse, AdFetchFailure>, from url: URL, after seconds: Double,
                                   for id: PlaybackSession.ID) {
        guard currentSession?.id == id, session.clientAds?.rules == .loading else { return }
        inspect(.answer(url, after: seconds, failure: answer.failureValue))
        var ads = ClientAds()
        ads.rules = .read
        switch answer {
        case .success(.adRules(let rules)):
            let opportunities = session.video.cuePoints.filter { $0.type?.uppercased() == "AD" }.compactMap(\.time)
            ads.breaks = ClientAdBreak.schedule(rules, duration: session.video.duration, opportunities: opportunities)
            emit(.lifecycle(.adsLoaderLoaded))
        case .success(.vast(let document)):
            // VAST without ad rules plays as a pre-roll, as IMA does.
            ads.breaks = [ClientAdBreak(contentTime: 0, source: .inline(document))]
            emit(.lifecycle(.adsLoaderLoaded))
        case .failure:
            emit(.warning(code: AdErrorCode.adsLoaderFailed, message: AdMessages.timelineUnavailable))
            emit(.lifecycle(.adsLoaderFailed))
        }
        ads.unplayed = Set(ads.breaks.indices)
        session.clientAds = ads
        // A resume at a remembered place plays none of the breaks before it.
        if let start = session.startPosition { skipClientBreaks(before: start) }
        if session.transport.isReady, session.wantsPlay { playContent() }
        updateState()
    }

    /// Whether client-side ads hold the content back now: their rules are still being read, or a break plays.
    var clientAdsHoldContent: Bool {
        guard let ads = session.clientAds else { return false }
        return ads.rules == .loading || ads.running != nil
    }

    /// Plays the content, or first the pre-roll it is owed; nothing while the ad rules are still being read.
    func playContent() {
        guard let ads = session.clientAds else {
            session.engine.play()
            return
        }
        if ads.rules == .loading { return }
        if let running = ads.running {
            running.creative?.player.play()
            return
        }
        if session.contentPosition <= 0.5, let preRoll = ads.preRoll {
            startClientBreak(preRoll)
            return
        }
        session.engine.play()
    }

    /// The content moved from `from` to `to` while playing: a break it reached plays now.
    func clientAdsReached(from: Double, to: Double) {
        guard let ads = session.clientAds, ads.rules == .read, ads.running == nil, to > from, to - from < 2 else {
            return
        }
        guard let reached = ads.breaks.indices.first(where: { index in
            ads.unplayed.contains(index) && ads.breaks[index].contentTime > from && ads.breaks[index].contentTime <= to
        }) else { return }
        session.engine.pause()
        startClientBreak(reached)
    }

    /// A forward seek over unplayed breaks: the policy's breaks play first, and the content waits at the target
    /// (already seeked, never shown) until they are over. Returns whether breaks play.
    func clientAdsCrossed(from: Double, to: Double) -> Bool {
        guard let source = clientAdsSource, let ads = session.clientAds, ads.rules == .read, ads.running == nil else {
            return false
        }
        let crossed = source.seekPolicy.breaksCrossed(from: from, to: to, in: ads.breaks, unplayed: ads.unplayed)
        guard let first = crossed.first else { return false }
        // The breaks skipped by the policy are not played later either.
        for index in ads.breaks.indices where ads.breaks[index].contentTime > from && ads.breaks[index].contentTime <= to {
            session.clientAds?.unplayed.remove(index)
        }
        session.clientAds?.queued = Array(crossed.dropFirst())
        session.engine.pause()
        startClientBreak(first)
        armClientBreakWatchdog()
        return true
    }

    /// How long a seek over a break waits for an ad to start before the content goes on without it (the IMA
    /// plugin's scrub gate): the viewer asked for the content, and a slow ad server must not hold it hostage.
    static let clientBreakStartLimit = 2.0

    func armClientBreakWatchdog() {
        guard let scheduler, let running = session.clientAds?.running else { return }
        let id = session.id, index = running.index
        let watchdog = scheduler.schedule(after: Self.clientBreakStartLimit) { [weak self] in
            guard let self else { return }
            self.transition { self.clientBreakWatchdogFired(id: id, index: index) }
        }
        session.clientAds?.running?.watchdog = watchdog
    }

    private func clientBreakWatchdogFired(id: PlaybackSession.ID, index: Int) {
        guard currentSession?.id == id, let running = session.clientAds?.running, running.index == index,
              running.creative?.tracker.hasStarted != true else { return }
        if let creative = running.creative {
            creative.player.signalHandler = nil
            creative.player.stop()
        }
        releaseUpcomingCreative()
        session.clientAds?.running = nil
        session.clientAds?.queued = []
        emit(.lifecycle(.adsManagerDidReceiveAdError))
        if session.wantsPlay { playContent() }
        updateState()
    }

    /// The content ended: its post-roll plays before End. Returns whether it does.
    func clientPostRollBeforeEnd() -> Bool {
        guard let ads = session.clientAds, ads.rules == .read, ads.running == nil, let postRoll = ads.postRoll else {
            return false
        }
        session.clientAds?.thenEnd = true
        startClientBreak(postRoll)
        return true
    }
}

extension PlaybackController {
    /// A resume at a remembered place (SDK seek without ads): the breaks before it are not played.
    func skipClientBreaks(before target: Double) {
        guard let ads = session.clientAds else { return }
        for index in ads.breaks.indices where ads.breaks[index].contentTime < target {
            session.clientAds?.unplayed.remove(index)
        }
    }
}
