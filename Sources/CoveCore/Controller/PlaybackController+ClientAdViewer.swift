import FoundationEssentials

/// What the viewer does in a client-side break (Skip Ad, Learn More, an icon, the companion, mute, fullscreen), each
/// with the beacons it sends.
extension PlaybackController {
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

    /// The player went fullscreen or left it while a client-side ad plays (`CreativeTracker.expanded`).
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
                  let companion = creative.tracker.ad.shownCompanion else { return }
            creative.companionShown = true
            session.clientAds?.running?.creative = creative
            sendBeacons(AdBeacon(urls: companion.creativeView))
        }
    }

    /// The viewer pressed the companion banner: its click tracking, the playback paused, and its page.
    public func adCompanionClicked() -> URL? {
        transition {
            guard let creative = currentSession?.clientAds?.running?.creative,
                  let companion = creative.tracker.ad.shownCompanion else { return nil }
            sendBeacons(AdBeacon(urls: companion.clickTracking))
            if companion.clickThrough != nil, session.wantsPlay { pause() }
            return companion.clickThrough
        }
    }

    static func icon(_ index: Int, of creative: Creative) -> VASTIcon? {
        let icons = creative.tracker.ad.shownIcons
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
}
