import FoundationEssentials

/// What a client-side break says: its events' descriptions, the ad in the state, the beacons sent with their macros
/// filled, each beacon's answer, and the inspector's steps.
extension PlaybackController {
    func clientBreakInfo() -> AdSequenceInfo {
        let ads = session.clientAds!
        let running = ads.running!
        let adBreak = ads.breaks[running.index]
        let time = adBreak.contentTime.isInfinite ? (session.contentDuration ?? session.contentPosition)
            : adBreak.contentTime
        let list = running.ads ?? []
        return AdSequenceInfo(index: running.index, id: adBreak.id, contentTime: time, streamTime: time,
                              duration: list.reduce(0) { $0 + ($1.inline.linear?.duration ?? 0) }, adCount: list.count)
    }

    func clientAdInfo() -> AdInfo {
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
        playback.icons = creative.tracker.hasStarted ? creative.tracker.ad.shownIcons : []
        playback.companion = creative.tracker.ad.shownCompanion
        return playback
    }

    func sendBeacons(_ beacons: [AdBeacon]) {
        for beacon in beacons { sendBeacons(beacon) }
    }

    func sendBeacons(_ beacon: AdBeacon) {
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
                                      detail: answer.status.map { .said("HTTP \($0)") } ?? Wording(trNoop("no answer"))))
            updateState()
        }
    }

    /// A step for the ad inspector: kept with the session (the state shows it) and told as an event.
    func inspect(_ entry: AdInspectionEntry) {
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
