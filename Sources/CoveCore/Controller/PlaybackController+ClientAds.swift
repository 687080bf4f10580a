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
        inspect(AdInspectionEntry(kind: .request, address: url.absoluteString, detail: "ad rules"))
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

    private func armClientBreakWatchdog() {
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

    // MARK: - A break

    private func startClientBreak(_ index: Int) {
        guard let source = clientAdsSource, var ads = session.clientAds else { return }
        ads.unplayed.remove(index)
        ads.running = RunningBreak(index: index)
        session.clientAds = ads
        let adBreak = ads.breaks[index]
        let id = session.id
        let resolver = WrapperResolver(limit: source.wrapperLimit) { url in
            switch await source.fetch(url) {
            case .success(.vast(let document)): .success(document)
            case .success(.adRules): .failure(AdFetchFailure(code: .schemaValidation, detail: "VMAP where VAST was due"))
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
                                                 detail: "break \(adBreak.id ?? "?")"))
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
                                                 detail: "VMAP where VAST was due")]
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

    private func clientBreakResolved(_ resolution: AdResolution, tagAnswer: AdInspectionEntry?,
                                     for id: PlaybackSession.ID, index: Int) {
        guard currentSession?.id == id, session.clientAds?.running?.index == index else { return }
        if let tagAnswer { inspect(tagAnswer) }
        for hop in resolution.hops {
            inspect(AdInspectionEntry(kind: .request, address: hop.url.absoluteString,
                                                 detail: "wrapper \(hop.depth)"))
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

    private func startClientAd(_ adIndex: Int) {
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
    private func makeCreative(_ adIndex: Int) -> Creative? {
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
    private func prepareNextCreative() {
        guard let running = session.clientAds?.running, let ads = running.ads, running.upcoming == nil,
              ads.indices.contains(running.adIndex + 1) else { return }
        let next = running.adIndex + 1
        // Made first: an optional chain's assignment evaluates its value inside its access to the session.
        let prepared = makeCreative(next)
        session.clientAds?.running?.upcoming = (index: next, creative: prepared)
    }

    /// Lets the prepared creative go (the break ended early, or the session).
    private func releaseUpcomingCreative() {
        if let prepared = session.clientAds?.running?.upcoming?.creative {
            prepared.player.signalHandler = nil
            prepared.player.stop()
        }
        session.clientAds?.running?.upcoming = nil
    }

    private func handleCreative(_ signal: EngineSignal) {
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
    private func endClientAd() {
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

    private func finishClientBreak(entered: Bool) {
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

    // MARK: - The viewer's actions in a break

    /// Skip Ad on a client-side ad past its skip offset.
    func skipClientAd() -> Bool {
        guard var creative = session.clientAds?.running?.creative, let offset = creative.skipOffset,
              creative.position >= offset else { return false }
        sendBeacons(creative.tracker.skip())
        session.clientAds?.running?.creative = creative
        emit(.ad(.adSkipped, clientAdInfo()))
        endClientAd()
        updateState()
        return true
    }

    /// The viewer muted or unmuted while a client-side ad plays: `mute`/`unmute`.
    func clientAdMuted(_ muted: Bool) {
        guard let creative = currentSession?.clientAds?.running?.creative else { return }
        sendBeacons(creative.tracker.muted(muted))
    }

    /// The player went fullscreen or left it while a client-side ad plays: `playerExpand`/`playerCollapse`.
    public func playerExpanded(_ expanded: Bool) {
        transition {
            guard let creative = currentSession?.clientAds?.running?.creative else { return }
            sendBeacons(creative.tracker.expanded(expanded))
        }
    }

    /// The view shows the ad's icon `index` (of `AdPlayback.icons`): its `IconViewTracking`, once.
    public func adIconShown(_ index: Int) {
        transition {
            guard var creative = currentSession?.clientAds?.running?.creative,
                  let icon = Self.icon(index, of: creative), !creative.iconsShown.contains(index) else { return }
            creative.iconsShown.insert(index)
            session.clientAds?.running?.creative = creative
            sendBeacons(AdBeacon(urls: icon.viewTracking))
        }
    }

    /// The viewer pressed the ad's icon `index`: its `IconClickTracking`, the playback paused, and its page.
    public func adIconClicked(_ index: Int) -> URL? {
        transition {
            guard let creative = currentSession?.clientAds?.running?.creative,
                  let icon = Self.icon(index, of: creative) else { return nil }
            sendBeacons(AdBeacon(urls: icon.clickTracking))
            if icon.clickThrough != nil, session.wantsPlay { pause() }
            return icon.clickThrough
        }
    }

    /// The view shows the ad's companion banner: its `creativeView`, once.
    public func adCompanionShown() {
        transition {
            guard var creative = currentSession?.clientAds?.running?.creative, !creative.companionShown,
                  let companion = creative.tracker.ad.companions.first(where: { $0.image != nil }) else { return }
            creative.companionShown = true
            session.clientAds?.running?.creative = creative
            sendBeacons(AdBeacon(urls: companion.creativeView))
        }
    }

    /// The viewer pressed the companion banner: its click tracking, the playback paused, and its page.
    public func adCompanionClicked() -> URL? {
        transition {
            guard let creative = currentSession?.clientAds?.running?.creative,
                  let companion = creative.tracker.ad.companions.first(where: { $0.image != nil }) else { return nil }
            sendBeacons(AdBeacon(urls: companion.clickTracking))
            if companion.clickThrough != nil, session.wantsPlay { pause() }
            return companion.clickThrough
        }
    }

    private static func icon(_ index: Int, of creative: Creative) -> VASTIcon? {
        let icons = creative.tracker.ad.icons.filter { $0.image != nil }
        return icons.indices.contains(index) ? icons[index] : nil
    }

    /// Learn More on a client-side ad: its click tracking, and the page.
    func clickThroughClientAd() -> URL? {
        guard let creative = session.clientAds?.running?.creative else { return nil }
        sendBeacons(creative.tracker.clicked())
        return creative.tracker.ad.clickThrough
    }

    /// The creative playing, if a client-side ad plays.
    var clientCreativePlayer: (any PlaybackEngine)? { currentSession?.clientAds?.running?.creative?.player }

    // MARK: - What the events, the state and the beacons say

    private func clientBreakInfo() -> AdSequenceInfo {
        let ads = session.clientAds!
        let running = ads.running!
        let adBreak = ads.breaks[running.index]
        let time = adBreak.contentTime.isInfinite ? (session.contentDuration ?? session.contentPosition)
            : adBreak.contentTime
        let list = running.ads ?? []
        return AdSequenceInfo(index: running.index, id: adBreak.id, contentTime: time, streamTime: time,
                              duration: list.reduce(0) { $0 + ($1.inline.linear?.duration ?? 0) }, adCount: list.count)
    }

    private func clientAdInfo() -> AdInfo {
        let running = session.clientAds!.running!
        let ad = running.ads![running.adIndex]
        return AdInfo(id: ad.inline.id, title: ad.inline.title, duration: running.creative?.tracker.duration ?? 0,
                      index: running.adIndex, count: running.ads!.count, skipOffset: running.creative?.skipOffset)
    }

    /// The client-side ad playing, as the state shows it.
    static func clientAdPlayback(of session: PlaybackSession) -> AdPlayback? {
        guard let running = session.clientAds?.running, let ads = running.ads, let creative = running.creative else {
            return nil
        }
        let duration = creative.tracker.duration
        let later = ads.dropFirst(running.adIndex + 1).reduce(0) { $0 + ($1.inline.linear?.duration ?? 0) }
        var playback = AdPlayback(title: creative.tracker.ad.inline.title, index: running.adIndex, count: ads.count,
                                  duration: duration, elapsed: creative.position, streamTime: creative.position,
                                  breakRemaining: max(0, duration - creative.position) + later,
                                  skipOffset: creative.skipOffset,
                                  canClickThrough: creative.tracker.ad.clickThrough != nil)
        // Icons show over the ad from its first frame on.
        playback.icons = creative.tracker.hasStarted ? creative.tracker.ad.icons.filter { $0.image != nil } : []
        playback.companion = creative.tracker.ad.companions.first { $0.image != nil }
        return playback
    }

    private func sendBeacons(_ beacons: [AdBeacon]) {
        for beacon in beacons { sendBeacons(beacon) }
    }

    private func sendBeacons(_ beacon: AdBeacon) {
        guard !beacon.urls.isEmpty, let send = beaconSender else { return }
        var context = macroContext(contentPlayhead: currentSession?.contentPosition)
        context.errorCode = beacon.errorCode
        context.reason = beacon.reason
        if let running = currentSession?.clientAds?.running, let creative = running.creative {
            context.adPlayhead = creative.position
            context.assetURI = creative.media.url
            context.breakPosition = currentSession?.clientAds?.breaks[running.index].position
        }
        let filled = beacon.urls.map { AdMacros.fill($0, with: context) }
        for url in filled {
            inspect(AdInspectionEntry(kind: .beacon, address: url.absoluteString,
                                                 code: beacon.errorCode?.rawValue))
        }
        send(filled)
    }

    /// A beacon was answered (the beacon sender tells it): the ad inspector lists its status beside it. Only a
    /// session with client-side ads keeps them.
    public func beaconAnswered(_ answer: BeaconAnswer) {
        transition {
            guard currentSession?.clientAds != nil else { return }
            inspect(AdInspectionEntry(kind: .answer, address: answer.url.absoluteString,
                                      detail: answer.status.map { "HTTP \($0)" } ?? "no answer"))
            updateState()
        }
    }

    /// A step for the ad inspector: kept with the session (the state shows it) and told as an event.
    private func inspect(_ entry: AdInspectionEntry) {
        guard currentSession != nil else { return }
        session.adInspection.append(entry)
        emit(.adInspection(entry))
    }

    func macroContext(contentPlayhead: Double?) -> AdMacroContext {
        var context = AdMacroContext(now: Date().timeIntervalSince1970, cacheBuster: AdMacroContext.randomCacheBuster())
        context.contentPlayhead = contentPlayhead
        context.mediaPlayhead = contentPlayhead
        context.contentID = currentSession?.video.id
        context.playerSize = playerSize()
        context.playerState = isMuted ? ["muted"] : []
        if let device = clientAdsSource?.device {
            context.deviceUA = device.userAgent
            context.appBundle = device.appBundle
            context.limitAdTracking = device.limitAdTracking
        }
        return context
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
