import FoundationEssentials

/// A client-side break playing: its ads resolved, each creative opened in a player of its own (the next one while
/// the one before plays), its signals turned into the ad's events and beacons, and the content given back after it.
extension PlaybackController {
    nonisolated static let vmapWhereVASTWasDue = Wording(trNoop("VMAP where VAST was due"))

    func startClientBreak(_ index: Int) {
        guard let source = clientAdsSource, var ads = session.clientAds else { return }
        ads.unplayed.remove(index)
        ads.running = RunningBreak(index: index)
        session.clientAds = ads
        let adBreak = ads.breaks[index]
        let id = session.id
        let resolver = WrapperResolver(limit: source.wrapperLimit) { url in
            switch await source.fetch(url) {
            case .success(.vast(let document)): .success(document)
            case .success(.adRules): .failure(AdFetchFailure(code: .schemaValidation, detail: Self.vmapWhereVASTWasDue))
            case .failure(let failure): .failure(failure)
            }
        }
        let tagURL = { () -> URL? in
            guard case .tag(let url) = adBreak.source else { return nil }
            var context = self.macroContext(contentPlayhead: self.session.contentPosition)
            context.breakPosition = adBreak.position
            return AdMacros.fill(url, with: context)
        }()
        if let tagURL {
            inspect(AdInspectionEntry(kind: .request, address: tagURL.absoluteString,
                                                 detail: Wording(trNoop("break %@"), adBreak.id ?? "?")))
        }
        Task { @MainActor [weak self] in
            var resolution: AdResolution
            var tagAnswer: (seconds: Double, failure: AdFetchFailure?)?
            switch adBreak.source {
            case .inline(let document):
                resolution = await resolver.resolve(document, allowMultipleAds: adBreak.allowMultipleAds,
                                                    followWrappers: adBreak.followRedirects)
            case .tag:
                let started = ContinuousClock.now
                let answer = await source.fetch(tagURL!)
                tagAnswer = (WrapperResolver.seconds(started.duration(to: .now)), answer.failureValue)
                switch answer {
                case .success(.vast(let document)):
                    resolution = await resolver.resolve(document, allowMultipleAds: adBreak.allowMultipleAds,
                                                        followWrappers: adBreak.followRedirects)
                case .success(.adRules):
                    resolution = AdResolution()
                    resolution.errors = [AdError(code: .schemaValidation, addresses: adBreak.errors,
                                                 detail: Self.vmapWhereVASTWasDue)]
                case .failure(let failure):
                    resolution = AdResolution()
                    resolution.errors = [AdError(code: failure.code, addresses: adBreak.errors, detail: failure.detail)]
                }
            }
            let answered = tagAnswer.map { AdInspectionEntry.answer(tagURL!, after: $0.seconds, failure: $0.failure) }
            self?.transition { self?.clientBreakResolved(resolution, tagAnswer: answered, for: id, index: index) }
        }
        updateState()
    }

    func clientBreakResolved(_ resolution: AdResolution, tagAnswer: AdInspectionEntry?,
                                     for id: PlaybackSession.ID, index: Int) {
        guard currentSession?.id == id, session.clientAds?.running?.index == index else { return }
        if let tagAnswer { inspect(tagAnswer) }
        for hop in resolution.hops {
            inspect(AdInspectionEntry(kind: .request, address: hop.url.absoluteString,
                                                 detail: Wording(trNoop("wrapper %@"), String(hop.depth))))
            inspect(.answer(hop.url, after: hop.seconds, failure: hop.failure))
        }
        if !resolution.ads.isEmpty {
            inspect(.ads(resolution.ads, breakID: session.clientAds?.breaks[index].id))
        }
        for error in resolution.errors {
            inspect(.error(error))
            sendBeacons(AdBeacon(urls: error.addresses, errorCode: error.code))
        }
        guard !resolution.ads.isEmpty else {
            if !resolution.errors.isEmpty { emit(.lifecycle(.adsManagerDidReceiveAdError)) }
            finishClientBreak(entered: false)
            return
        }
        session.clientAds?.running?.ads = resolution.ads
        let adBreak = session.clientAds!.breaks[index]
        sendBeacons(AdBeacon(urls: adBreak.breakStart))
        emit(.adSequence(.adSequenceEnter, clientBreakInfo()))
        startClientAd(0)
    }

    func startClientAd(_ adIndex: Int) {
        guard let running = session.clientAds?.running, let ads = running.ads else { return }
        guard ads.indices.contains(adIndex) else {
            finishClientBreak(entered: true)
            return
        }
        session.clientAds?.running?.adIndex = adIndex
        let prepared = running.upcoming?.index == adIndex ? running.upcoming : nil
        session.clientAds?.running?.upcoming = nil
        guard let creative = prepared.map({ $0.creative }) ?? makeCreative(adIndex) else {
            // No file of it can play: its error went out when it was chosen.
            startClientAd(adIndex + 1)
            return
        }
        session.clientAds?.running?.creative = creative
        let transport = creative.player.transport
        if transport.hasFailed {
            handleCreative(.error(EngineError(kind: .resource, detail: "the prepared ad failed while it waited")))
        } else if transport.isReady {
            // Prepared while the ad before it played: it starts at once.
            handleCreative(.ready)
        }
        updateState()
    }

    /// Chooses ad `adIndex`'s file and opens it in a player of its own, which prerolls to its first frame; nil
    /// (with the ad's error sent) when no file of it can play.
    func makeCreative(_ adIndex: Int) -> Creative? {
        guard let ad = session.clientAds?.running?.ads?[adIndex] else { return nil }
        let size = playerSize() ?? (width: 1280, height: 720)
        let choice = MediaFileChoice(files: ad.inline.linear?.mediaFiles ?? [], playerWidth: size.width,
                                     playerHeight: size.height, maximumBitrate: preferredPeakBitRate)
        inspect(.media(choice))
        guard let media = choice.chosen else {
            let code: VASTErrorCode = ad.inline.linear == nil ? .linearity
                : (ad.inline.linear?.interactiveCreativeFiles ?? 0) > 0 ? .interactiveNotExecuted : choice.error!
            var tracker = CreativeTracker(ad: ad, duration: 0)
            sendBeacons(tracker.fail(code))
            emit(.lifecycle(.adsManagerDidReceiveAdError))
            return nil
        }
        let player = sessionProvider.makePlayer()
        let duration = ad.inline.linear?.duration ?? 0
        var creative = Creative(player: player, media: media, tracker: CreativeTracker(ad: ad, duration: duration))
        creative.skipOffset = ad.inline.linear?.skipOffset.map { $0.seconds(of: duration) }
        let id = session.id
        // Heard only while it is the ad playing; what it says before (prepared) its transport keeps.
        player.signalHandler = { [weak self, weak player] signal in
            guard let self, let player, self.currentSession?.id == id,
                  self.currentSession?.clientAds?.running?.creative?.player === player else { return }
            self.transition { self.handleCreative(signal) }
        }
        player.setVolume(state.effectiveVolume)
        player.load(uri: media.url.absoluteString, options: EngineLoadOptions(maximumBitrate: preferredPeakBitRate))
        return creative
    }

    /// While an ad plays, the next one of its break opens and prerolls, so it shows the moment this one ends.
    func prepareNextCreative() {
        guard let running = session.clientAds?.running, let ads = running.ads, running.upcoming == nil,
              ads.indices.contains(running.adIndex + 1) else { return }
        let next = running.adIndex + 1
        // Made first: an optional chain's assignment evaluates its value inside its access to the session.
        let prepared = makeCreative(next)
        session.clientAds?.running?.upcoming = (index: next, creative: prepared)
    }

    /// Lets the prepared creative go (the break ended early, or the session).
    func releaseUpcomingCreative() {
        if let prepared = session.clientAds?.running?.upcoming?.creative {
            prepared.player.signalHandler = nil
            prepared.player.stop()
        }
        session.clientAds?.running?.upcoming = nil
    }

    func handleCreative(_ signal: EngineSignal) {
        guard var creative = session.clientAds?.running?.creative else { return }
        defer { updateState() }
        switch signal {
        case .ready:
            sendBeacons(creative.tracker.loaded())
            if session.wantsPlay { creative.player.play() }
        case .duration(let seconds):
            if creative.tracker.duration <= 0, let seconds, seconds > 0 {
                creative.tracker = CreativeTracker(ad: creative.tracker.ad, duration: seconds)
            }
        case .playing:
            guard !creative.isPlaying else { return }
            creative.isPlaying = true
            if !creative.tracker.hasStarted {
                session.clientAds?.running?.watchdog?.cancel()
                sendBeacons(creative.tracker.start())
                session.clientAds?.running?.creative = creative
                emit(.ad(.adEnter, clientAdInfo()))
                prepareNextCreative()
                captionTrackChanged()
                return
            }
            sendBeacons(creative.tracker.resume())
            session.clientAds?.running?.creative = creative
            emit(.ad(.adResume, clientAdInfo()))
            return
        case .paused:
            guard creative.isPlaying else { return }
            creative.isPlaying = false
            sendBeacons(creative.tracker.pause())
            session.clientAds?.running?.creative = creative
            emit(.ad(.adPause, clientAdInfo()))
            return
        case .position(let seconds):
            creative.position = seconds
            sendBeacons(creative.tracker.advance(to: seconds))
            defer { refreshCaptions() }
            if session.adProgress.tell(seconds, every: progressInterval) {
                session.clientAds?.running?.creative = creative
                emit(.adProgress(clientAdInfo(), time: seconds))
                return
            }
        case .endOfStream, .endAssumed:
            sendBeacons(creative.tracker.complete())
            session.clientAds?.running?.creative = creative
            endClientAd()
            return
        case .error:
            sendBeacons(creative.tracker.fail(.cannotDisplayMediaFile))
            session.clientAds?.running?.creative = creative
            emit(.lifecycle(.adsManagerDidReceiveAdError))
            endClientAd()
            return
        case .buffering, .seekable, .streams, .streamsSelected, .closedCaptionCues:
            break
        }
        session.clientAds?.running?.creative = creative
    }

    /// The ad playing is over (played, skipped or failed): its player goes, and the next ad plays.
    func endClientAd() {
        guard let running = session.clientAds?.running, let creative = running.creative else { return }
        if creative.tracker.hasStarted { emit(.ad(.adExit, clientAdInfo())) }
        creative.player.signalHandler = nil
        creative.player.stop()
        session.adProgress = ProgressCadence()
        session.clientAds?.running?.creative = nil
        session.clientAds?.running?.playedSeconds += creative.tracker.duration
        // The content's captions again (or the next ad's, once it shows).
        captionTrackChanged()
        startClientAd(running.adIndex + 1)
    }

    func finishClientBreak(entered: Bool) {
        guard let running = session.clientAds?.running else { return }
        running.watchdog?.cancel()
        releaseUpcomingCreative()
        let adBreak = session.clientAds!.breaks[running.index]
        if entered {
            sendBeacons(AdBeacon(urls: adBreak.breakEnd))
            emit(.adSequence(.adSequenceExit, clientBreakInfo()))
        }
        session.clientAds?.running = nil
        if let next = session.clientAds?.queued.first {
            session.clientAds?.queued.removeFirst()
            startClientBreak(next)
            return
        }
        if session.clientAds?.thenEnd == true {
            session.clientAds?.thenEnd = false
            contentEnded()
            return
        }
        if session.wantsPlay { playContent() }
        updateState()
    }
}
