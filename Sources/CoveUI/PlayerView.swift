import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import FoundationEssentials

/// The SDK's PlayerView on GTK: video, status overlay and a fading control bar, driven by a PlaybackController
/// whose events it consumes like any other observer.
public final class PlayerView {
    public let widget: Widget
    public let controller: PlaybackController
    public let options: PlayerViewOptions
    /// What Retry (`player.retry`) does after an error; nil hides the button.
    public var retryHandler: (() -> Void)? {
        didSet { showActionAvailability() }
    }
    /// Told the layout's name ("vod", "live", …, or "custom") and arrangement whenever either changes.
    public var onLayoutChange: ((_ name: String, _ compact: Bool) -> Void)?

    let surface = VideoSurface()
    /// The 360 view, over the flat picture for an equirectangular video (PlayerView+Video360).
    var video360View: Video360View?
    /// How the 360 view draws; nil: as the display allows (GL where GTK has it, the CPU where it runs without).
    var video360Drawing: Video360View.Drawing?
    /// The window went fullscreen for VR goggles, and leaves it with them.
    var fullscreenForGoggles = false
    let notice = TransientNotice()
    let keyFeedback = KeyFeedback()
    /// `player.time-left`: the duration label shows the time left at the speed playing.
    var showsTimeLeft = false
    /// Saves the frame on screen (`player.capture-frame`, PlayerView+FrameCapture).
    let frameCapture = FrameCapture()
    let controlBar = ControlBar(layout: SuppliedLayout.vod.makeLayout())
    let status = StatusOverlay()
    /// Advertising mode's banner, skip and Learn More over the picture (PlayerView+Ads).
    let ads = AdOverlay()
    /// A client-side ad's icons (PlayerView+Ads).
    lazy var adIcons = AdIcons(overlay: widget, textures: textures)
    /// A client-side ad's companion banner; the window places `companionBanner` below the player.
    lazy var adCompanion = AdCompanion(textures: textures)
    public var companionBanner: Widget { adCompanion.widget }
    /// More › Ad inspector, once opened.
    var adInspector: AdInspector?
    /// Moves the ad's numbers on between updates; runs only while an ad plays.
    var adTicker: TimerSource?
    /// Opens an ad's page (Learn More); nil: the desktop's browser. Tests record it instead.
    var openAdPage: ((URL) -> Void)?
    private lazy var pictureBinding = VideoOutputBinding(following: controller.state) { [weak self] picture in
        self?.display(picture)
    }
    let sizing = PictureSizing()
    let captions = CaptionOverlay()
    /// The statistics overlay and what it reports beyond the engine (PlayerView+Statistics).
    let statisticsOverlay = StatisticsOverlay()
    let statistics = StatisticsCollector()
    var statisticsTimer: TimerSource?
    /// Pictures handed to whatever shows them (the window, the 360 view, Picture in Picture), for the statistics.
    private(set) var picturesDisplayed = 0
    let resumeOffer = ResumeOffer()
    /// Every command as a `player.*` action: the keys, the control bar's buttons and the application use them.
    let actions = PlayerActions()
    /// Its placeholder lies under the poster, status and controls.
    let pictureInPicture: PictureInPicture
    /// Where posters and thumbnails come from: the application fetches them.
    public let assets: MediaAssets
    lazy var textures = RemoteTextures(assets: assets)
    lazy var poster = PosterView(textures: textures)
    let castingNotice = CastingNotice()
    /// Where the viewer chose to play (`player.cast`): a Cast device's name, nil for here. The app casts.
    public var castHandler: (@MainActor (String?) -> Void)?
    /// The Play On choices are on screen (the Cast menu, or More): the time to look for devices afresh.
    public var castChoicesShown: (@MainActor () -> Void)?
    lazy var audioSubtitles = AudioSubtitlesMenu(button: controlBar.closedCaptionButton)
    /// The More button's menu: the playback speed, bound to `player.set-rate`.
    lazy var overflowMenu = OverflowMenu(button: controlBar.overflowButton)
    lazy var castMenu = CastMenu(button: controlBar.castButton)
    private(set) var bitrateMenu: PreferredBitrateMenu?
    lazy var thumbnails = ThumbnailPreview(slider: controlBar.slider, textures: textures, assets: assets,
                                           width: options.thumbnailPreviewWidth, height: options.thumbnailPreviewHeight)
    var selection = ControlTypeSelection()
    private var lastReportedLayout: (name: String, compact: Bool)?
    private(set) lazy var visibility = ControlsVisibility(hideInterval: options.hideControlsInterval) { [weak self] visible in
        self?.controlsVisibilityChanged(visible)
    }
    /// The control bar's fade durations (set once in init).
    private(set) var fade: ControlsFade?
    /// The window showing this view; GTK owns it and it outlives the view.
    var window: Widget?
    /// The application's header bar over the picture (showHeaderBar), if it gave one.
    var headerBar: Widget?

    public init(controller: PlaybackController, options: PlayerViewOptions = PlayerViewOptions(), assets: MediaAssets) {
        self.assets = assets
        self.controller = controller
        self.options = options
        PlayerStyle.install()
        widget = gtk_overlay_new()
        gtk_widget_add_css_class(widget, "cove-player")
        cove_accessible_set_label(widget, tr("Video Player"))
        gtk_widget_set_focusable(widget, 1)
        gtk_overlay_set_child(cast(widget), surface.root)
        pictureInPicture = PictureInPicture(overlay: widget)
        watchPictureSize()
        gtk_overlay_add_overlay(cast(widget), poster.root)
        gtk_overlay_add_overlay(cast(widget), castingNotice.root)
        gtk_overlay_add_overlay(cast(widget), captions.root)
        gtk_overlay_add_overlay(cast(widget), status.root)
        gtk_overlay_add_overlay(cast(widget), notice.root)
        gtk_overlay_add_overlay(cast(widget), keyFeedback.root)
        gtk_overlay_add_overlay(cast(widget), ads.bottomRow)
        gtk_overlay_add_overlay(cast(widget), ads.learnMoreButton)
        gtk_overlay_add_overlay(cast(widget), controlBar.root)
        visibility.keepControlsVisible = options.keepControlsVisible
        fade = ControlsFade(bar: controlBar.root, hideDuration: options.hideControlsAnimationDuration,
                            showDuration: options.showControlsAnimationDuration)
        selection.options = options
        if let naming = options.accessibilityLabelForButton { controlBar.accessibilityLabel = naming }
        applyLayout(selection.initialLayout())
        wireControls()
        wireActions()
        wireCasting()
        wirePointer()
        wireCaptions()
        thumbnails.markerName = { [unowned controlBar] time, tolerance in
            controlBar.markerName(near: time, tolerance: tolerance)
        }
        thumbnails.chapterName = { [unowned controlBar] time in controlBar.chapterName(at: time) }
        controller.state.observe { [weak self] changes in self?.stateChanged(changes) }
        controller.addObserver { [weak self] event in self?.handle(event) }
        // After the observer: a new session closes the shutter first, then its first picture (a preloaded one's
        // at once) opens it.
        _ = pictureBinding
        controller.addViewProjectionObserver { [weak self] projection in self?.projectionChanged(projection) }
    }

    /// Shows a picture of the current session, in the Picture in Picture window while it is open.
    private func display(_ picture: any VideoPicture) {
        picturesDisplayed += 1
        if pictureInPicture.show(picture) {
            if let shownIn = pictureInPicture.pictureWidget { sizing.shown(in: shownIn) }
        } else if let sphere = shown360View {
            sphere.show(picture)
        } else {
            surface.show(picture)
            sizing.shown(in: surface.root)
        }
        if isShutterClosed {
            isShutterClosed = false
            gtk_widget_remove_css_class(surface.root, "cove-shutter")
        }
    }

    /// Frames report the picture's size as they are shown; a paused picture shows none, so a drawing area with
    /// nothing to draw lies over it at the same size and reports each resize ("resize" is GTK 4's only size signal).
    private func watchPictureSize() {
        let probe = gtk_drawing_area_new()!
        gtk_widget_set_can_target(probe, 0)
        gtk_widget_set_focusable(probe, 0)
        cove_accessible_set_hidden(probe, 1)
        gtk_overlay_add_overlay(cast(widget), probe)
        Signals.connectSize(probe, "resize") { [weak self] width, _ in
            guard let self else { return }
            self.statisticsOverlay.fit(width: width, barHeight: Int(gtk_widget_get_height(self.controlBar.root)))
            self.shown360View?.resized()
            guard !self.pictureInPicture.isActive, self.surface.frameSize != nil else { return }
            self.sizing.shown(in: self.surface.root)
        }
    }

    /// Between videos the picture fades out and the next one fades in with its first frame (the SDK's shutter
    /// for automatic control type selection).
    private(set) var isShutterClosed = false

    private func closeShutter() {
        guard options.automaticControlTypeSelection, options.automaticControlTypeSelectionUsesShutter else { return }
        isShutterClosed = true
        gtk_widget_add_css_class(surface.root, "cove-shutter")
    }

    /// A message over the video (e.g. a Playback API error), with Retry when `retry` is given.
    public func showMessage(_ text: String, retry: (() -> Void)? = nil) {
        status.showMessage(text, retry: retry)
    }

    public func showBusy() { status.showBusy(after: 0) }

    /// Takes a message away, e.g. once its Retry got the video playing again.
    public func clearMessage() { status.clear() }

    /// The message over the video, "" when none shows (for tests and diagnostics).
    public var messageText: String { status.isShowingMessage ? status.messageText : "" }

    /// Frames shown so far and the last frame's size, for diagnostics and tests.
    public var framesShown: Int { surface.framesShown }

    /// Counts the pictures that reach the screen from now on (see `pictureReport`); call before the window shows.
    public func countPaintedFrames() { surface.countPaints() }

    /// "frames-shown=N frames-painted=N first-paint-ns=N now-ns=N" (CLOCK_MONOTONIC), for the exit report and
    /// `cove-bench --picture`, which counts the pictures due between the first paint and now.
    public var pictureReport: String {
        // A 360 video's pictures are drawn by the GL area; the flat surface's by GTK's frame clock.
        let painted = surface.framesPainted + (video360View?.framesDrawn ?? 0)
        let first = [surface.firstPaintNanoseconds, video360View?.firstDrawNanoseconds].compactMap { $0 }.min()
        return "frames-shown=\(surface.framesShown) frames-painted=\(painted) "
            + "first-paint-ns=\(first ?? 0) now-ns=\(VideoSurface.monotonicNanoseconds())"
    }
    public var controlsVisible: Bool { visibility.isVisible }

    private func wireControls() {
        controlBar.onSeek = { [weak self] seconds in self?.actions.activate("seek", double: seconds) }
        controlBar.onVolume = { [weak self] volume in self?.actions.activate("set-volume", double: volume) }
        controlBar.onArrangement = { [weak self] _ in
            self?.reportLayout()
            self?.placeAdControls()
        }
        controlBar.onClosedCaption = { [weak self] in
            self?.closeMenus()
            self?.audioSubtitles.open()
        }
        if let config = options.preferredBitrateConfig {
            let menu = PreferredBitrateMenu(button: controlBar.preferredBitrateButton, config: config)
            menu.onSelect = { [weak self] bitsPerSecond in self?.send(.setBitrate(bitsPerSecond)) }
            controlBar.onPreferredBitrate = { [weak self] in
                self?.closeMenus()
                menu.open()
            }
            Signals.connectNotify(menu.popover, property: "visible") { [weak self] in self?.menusChanged() }
            controller.setPreferredPeakBitRate(menu.choices[menu.selectedIndex].bitsPerSecond)
            bitrateMenu = menu
        }
        audioSubtitles.onSelectAudio = { [weak self] track in self?.actions.activate("audio-track", string: track.id) }
        audioSubtitles.onSelectCaption = { [weak self] choice in
            self?.actions.activate("caption-track", string: PlayerCommands.captionActionValue(for: choice))
        }
        controlBar.onOverflow = { [weak self] in
            guard let self else { return }
            self.closeMenus()
            self.overflowMenu.showPlayingRendition(self.playingRendition)
            self.overflowMenu.open()
        }
        controlBar.onCast = { [weak self] in
            self?.closeMenus()
            self?.castMenu.open()
        }
        for popover in [audioSubtitles.popover, overflowMenu.popover, castMenu.popover] {
            Signals.connectNotify(popover, property: "visible") { [weak self] in self?.menusChanged() }
        }
        for popover in [overflowMenu.popover, castMenu.popover] {
            Signals.connect(popover, "show") { [weak self] in self?.castChoicesShown?() }
        }
    }

    /// One menu at a time: a button pressed while another's menu is open (a screen reader can, the pointer cannot)
    /// closes that one first; Wayland refuses a grabbing popup over another.
    private func closeMenus() {
        if audioSubtitles.isOpen { audioSubtitles.close() }
        if overflowMenu.isOpen { overflowMenu.close() }
        if castMenu.isOpen { castMenu.close() }
        if bitrateMenu?.isOpen == true { bitrateMenu?.close() }
    }

    /// While a menu is open the controls stay.
    private func menusChanged() {
        visibility.menuOpen = audioSubtitles.isOpen || overflowMenu.isOpen || bitrateMenu?.isOpen == true
    }

    /// The captions are placed over the picture and above the bar; what they say comes from the player state.
    private func wireCaptions() {
        captions.layout = { [weak self] in
            guard let self else { return (0, 0, nil, 0) }
            let bar = self.visibility.isVisible ? gtk_widget_get_height(self.controlBar.root) + 12 : 0
            return (gtk_widget_get_width(self.widget), gtk_widget_get_height(self.widget), self.surface.frameSize, bar)
        }
        thumbnails.onTrackFailed = { [weak self] warning in
            self?.controller.reportWarning(code: warning.code, message: warning.message)
        }
    }

    /// The words of the captions on screen ("" when none).
    public var captionText: String { captions.text }
    /// The viewer's caption style, applied at once to the captions of this player (and its Picture in Picture).
    public var captionAppearance: CaptionAppearance {
        get { captions.appearance }
        set { captions.appearance = newValue }
    }

    /// The level playing, 0…1 (0 when muted); setting it goes through `player.set-volume`, as the control does.
    public var volume: Double {
        get { controller.state.effectiveVolume }
        set { actions.activate("set-volume", double: newValue) }
    }

    /// The layout in use: its name as on the command line and in `layout` events, or "custom".
    public var layoutName: String { selection.currentName }
    public var isCompact: Bool? { controlBar.isCompact }

    func applyLayout(_ choice: ControlTypeSelection.Choice?) {
        guard let choice else { return }
        controlBar.setLayout(choice.layout)
        showWhereItPlays()
        reportLayout()
    }

    private func reportLayout() {
        guard let compact = controlBar.isCompact else { return }
        let name = selection.currentName
        if let last = lastReportedLayout, last.name == name, last.compact == compact { return }
        lastReportedLayout = (name, compact)
        onLayoutChange?(name, compact)
    }

    /// Live button: to the newest part of the stream, playing (SDK notes, “Live button”).
    func goToLiveEdge() {
        guard let window = controller.state.seekableRange else { return }
        send(.seek(window.end))
        send(.play)
    }

    private func wirePointer() {
        let motion = gtk_event_controller_motion_new()!
        Signals.connectPoint(raw(motion), "motion") { [weak self] _, _ in self?.visibility.userActivity() }
        gtk_widget_add_controller(widget, motion)

        let overBar = gtk_event_controller_motion_new()!
        Signals.connectPoint(raw(overBar), "enter") { [weak self] _, _ in self?.visibility.pointerOverControls = true }
        Signals.connect(raw(overBar), "leave") { [weak self] in self?.visibility.pointerOverControls = false }
        gtk_widget_add_controller(controlBar.root, overBar)

        // Tab into the bar brings it back and keeps it, so keyboard users never work invisible controls.
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(raw(focus), "enter") { [weak self] in self?.visibility.focusInControls = true }
        Signals.connect(raw(focus), "leave") { [weak self] in self?.visibility.focusInControls = false }
        gtk_widget_add_controller(controlBar.root, focus)

        let clicks = gtk_gesture_click_new()!
        Signals.connectPress(raw(clicks), "pressed") { [weak self] count, _, _ in
            guard let self else { return }
            self.visibility.userActivity()
            if count == 2 { self.toggleFullscreen() }
        }
        gtk_widget_add_controller(surface.root, clicks)
        // A click on the duration shows the time left instead, and back (the More menu's item for the keyboard).
        let durationClick = gtk_gesture_click_new()!
        Signals.connectPress(raw(durationClick), "pressed") { [weak self] _, _, _ in
            self?.actions.activate("time-left", nil)
        }
        gtk_widget_add_controller(controlBar.durationLabel, durationClick)
        // A countdown still running when the window goes must not touch the destroyed widgets.
        Signals.connect(widget, "destroy") { [weak self] in
            self?.visibility.stop()
            self?.stopAdTicker()
            self?.frameCapture.viewDestroyed()
        }
    }

    private func controlsVisibilityChanged(_ visible: Bool) {
        defer {
            captions.refresh()
            placeAdControls()
            placeHeaderBar()
        }
        if visible {
            gtk_widget_remove_css_class(controlBar.root, "cove-hidden")
            gtk_widget_set_can_target(controlBar.root, 1)
            gtk_widget_set_cursor(widget, nil)
        } else {
            gtk_widget_add_css_class(controlBar.root, "cove-hidden")
            gtk_widget_set_can_target(controlBar.root, 0)
            gtk_widget_set_cursor_from_name(widget, "none")
        }
    }

    /// After a failure midway, Retry picks the video up where it stopped instead of starting over.
    private func offerResume() {
        guard case .failed(let lastErrorMessage) = controller.state.status else { return }
        if resumeOffer.canRetry(controller) {
            status.showMessage(lastErrorMessage) { [weak self] in self?.send(.resume) }
        } else {
            status.showMessage(tr("%@\nPlease try again later.").filling(lastErrorMessage), retry: nil)
        }
    }

    /// `player.resume`: the failed video again where it stopped, while attempts remain.
    func resumeWhereFailed() {
        guard resumeOffer.canRetry(controller) else { return }
        status.clear()
        status.showBusy(after: 0.3)
        resumeOffer.resume(controller)
    }

    private func handle(_ event: PlaybackEvent) {
        switch event {
        case .session:
            resumeOffer.reset()
            closeShutter()
            sizing.bind(controller.state.videoOutput)
            let video = controller.state.video
            surface.describe(video)
            choosePictureView(for: video)
            thumbnails.load(for: video)
            showWhereItPlays()
            controlBar.setCuePoints(video?.cuePoints ?? [])
            overflowMenu.setChapters([])
            status.clear()
            status.showBusy(after: 0.3)
        case .chapters(let chapters):
            controlBar.setChapters(chapters)
            overflowMenu.setChapters(chapters)
        case .lifecycle(.ready):
            status.hideBusy()
        case .lifecycle(.failedToPlayToEndTime), .lifecycle(.resumeFail):
            offerResume()
        case .lifecycle(.resumeComplete):
            status.clear()
        case .lifecycle(.bumperEnter), .lifecycle(.bumperExit):
            let active = event == .lifecycle(.bumperEnter)
            controlBar.setBumperMode(active)
            if selection.bumperModeChanged(active) { controlBar.setNeedsLayout() }
            if !active { controlBar.update(position: 0, duration: nil) }
        case .bumperProgress(let time):
            // The purple slider runs over the bumper (the engine plays it, so its duration is the bumper's).
            controlBar.update(position: time, duration: controller.state.bumperDuration)
        case .lifecycle(.playbackBufferEmpty):
            status.showBusy(after: 0.5)
        case .lifecycle(.playbackLikelyToKeepUp):
            status.hideBusy()
        case .error(_, let message):
            status.showMessage(message, retry: retryHandler.map { _ in { [weak self] in self?.send(.retry) } })
        default:
            break
        }
    }
}
