import CGtk
import CoveCore
import CoveGLib
import FoundationEssentials

/// Advertising mode, entered and left with `state.ad`: the control bar's yellow ad slider, the ad controls over
/// the picture, the ad's words in Picture in Picture, and the two ad actions.
///
/// | action | enabled | does |
/// |---|---|---|
/// | `player.skip-ad` | once the ad playing may be skipped | skips it (`PlaybackController.skipAd`) |
/// | `player.learn-more` | while the ad playing has a page | sends its click, pauses, opens the page in the browser |
extension PlayerView {
    func addAdActions() {
        actions.add("skip-ad") { [weak self] in
            guard let self else { return }
            self.visibility.userActivity()
            self.controller.skipAd()
        }
        actions.add("learn-more") { [weak self] in
            guard let self, let page = self.controller.adClickThrough() else { return }
            self.openPage(page)
        }
        for name in Self.adActions { actions.setEnabled(name, false) }
        actions.add("ad-inspector") { [weak self] in
            guard let self else { return }
            let inspector = self.adInspector ?? AdInspector()
            self.adInspector = inspector
            inspector.show(self.controller.state.adInspection)
            inspector.present(over: self.window)
        }
        adIcons.onShown = { [weak self] index in self?.controller.adIconShown(index) }
        adCompanion.onShown = { [weak self] in self?.controller.adCompanionShown() }
        adCompanion.onPressed = { [weak self] in
            guard let self, let page = self.controller.adCompanionClicked() else { return }
            self.openPage(page)
        }
        adIcons.onPressed = { [weak self] index in
            guard let self, let page = self.controller.adIconClicked(index) else { return }
            self.openPage(page)
        }
    }

    /// Opens a page an ad names (Learn More, an icon's): only a web page, never a local file or an app's scheme.
    private func openPage(_ page: URL) {
        guard let scheme = page.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return }
        if let open = openAdPage { open(page) } else { showInBrowser(page) }
    }

    static let adActions = ["skip-ad", "learn-more"]
    /// The commands that move the playhead; none may while the player cannot seek (an ad, a bumper, loading).
    static let seekActions = ["seek", "jump-back", "jump-forward", "live-edge", "next-chapter", "previous-chapter",
                              "next-frame", "previous-frame"]

    private func showInBrowser(_ page: URL) {
        let parent: UnsafeMutablePointer<GtkWindow>? = window.map { cast($0) }
        gtk_show_uri(parent, page.absoluteString, 0)
    }

    /// From the state observer: enters or leaves advertising mode, and keeps the seek actions to `canSeek`.
    func adStateChanged(_ changes: PlayerState.Changes) {
        let state = controller.state
        if !changes.isDisjoint(with: [.session, .adInspection]) { adInspector?.show(state.adInspection) }
        if !changes.isDisjoint(with: [.session, .seekable, .status, .ad]) {
            for name in Self.seekActions { actions.setEnabled(name, state.canSeek) }
        }
        if !changes.isDisjoint(with: [.session, .ad]) { controlBar.setAdMarkers(state.adMarkers) }
        guard !changes.isDisjoint(with: [.session, .ad, .status]) else { return }
        let inAd = state.ad != nil
        if inAd != controlBar.adModeActive {
            controlBar.setAdvertisingMode(inAd)
            // Jump back goes in an ad as in a bumper: nothing may seek.
            if selection.bumperModeChanged(inAd || state.isBumperActive) { controlBar.setNeedsLayout() }
            if !inAd { controlBar.update(position: state.position, duration: state.duration) }
        }
        refreshAd()
        let moving = inAd && (state.status == .playing || state.status == .buffering)
        if moving, adTicker == nil {
            // Four times a second: the slider moves smoothly and the whole seconds of the countdowns never lag.
            adTicker = MainLoop.every(milliseconds: 250) { [weak self] in
                guard let self else { return false }
                self.refreshAd()
                return true
            }
        } else if !moving {
            stopAdTicker()
        }
    }

    func stopAdTicker() {
        adTicker?.cancel()
        adTicker = nil
    }

    /// Shows the ad at the playhead now, everywhere it is shown.
    func refreshAd() {
        let state = controller.state
        guard let ad = state.ad else {
            ads.show(nil)
            adIcons.show([], elapsed: nil)
            adCompanion.show(nil, available: 0)
            pictureInPicture.showAd(nil)
            for name in Self.adActions { actions.setEnabled(name, false) }
            return
        }
        let display = AdDisplay(ad: ad, elapsed: state.adPlayhead ?? ad.elapsed, paused: state.status == .paused)
        controlBar.showAdProgress(elapsed: display.elapsed, duration: display.duration)
        ads.show(display)
        adIcons.show(ad.icons, elapsed: display.elapsed)
        // The player and the banner share the height of what holds them both.
        let shared = gtk_widget_get_parent(adCompanion.widget).map { gtk_widget_get_height($0) } ?? 0
        adCompanion.show(ad.companion, available: shared)
        // An icon in the top right corner (AdChoices' usual place) keeps it: Learn More goes to the other side.
        let iconTopRight = ad.icons.contains { icon in
            if case .pixels = icon.x { return false }
            return icon.x == .trailing && (icon.y == .top || { if case .pixels(let y) = icon.y { y < 64 } else { false } }())
        }
        let learnMoreSide = iconTopRight ? (gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? GTK_ALIGN_END : GTK_ALIGN_START)
            : GTK_ALIGN_END
        gtk_widget_set_halign(ads.learnMoreButton, learnMoreSide)
        pictureInPicture.showAd(display.position + "\n" + display.countdown)
        actions.setEnabled("skip-ad", display.canSkip)
        actions.setEnabled("learn-more", display.canClickThrough)
        placeAdControls()
    }

    /// The ad row sits just above the control bar while it shows, at the bottom while it has faded.
    func placeAdControls() {
        guard ads.isShowing else { return }
        let bar = gtk_widget_get_height(controlBar.root)
        // The bar's own margin (12 px) above and below it, as in the style sheet.
        ads.setBottomInset(visibility.isVisible && bar > 0 ? bar + 24 : 12)
    }
}
