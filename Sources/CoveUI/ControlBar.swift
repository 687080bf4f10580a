import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The SDK's basic control view: one widget per tag, placed by a ControlLayout through the elastic layout manager.
/// Widgets outlive layout changes, so a control keeps its state when the bar switches layout or arrangement.
final class ControlBar {
    let root: Widget
    let playButton: Widget
    let jumpBackButton: Widget
    let currentTimeLabel: Widget
    let separatorLabel: Widget
    let durationLabel: Widget
    let slider: Widget
    let screenModeButton: Widget
    let closedCaptionButton: Widget
    let liveButton: Widget
    let volumeButton: Widget
    let preferredBitrateButton: Widget
    let video360Button: Widget
    let pictureInPictureButton: Widget
    /// The external route button: the Cast menu.
    let castButton: Widget
    /// "More": its popover holds the playback speed (OverflowMenu).
    let overflowButton: Widget
    let elastic: ElasticLayout
    /// Spacers and application widgets for `empty` views, by view identity.
    private var emptyHosts: [ObjectIdentifier: Widget] = [:]

    var onSeek: (Double) -> Void = { _ in }
    var onClosedCaption: () -> Void = {}
    var onPreferredBitrate: () -> Void = {}
    var onOverflow: () -> Void = {}
    var onCast: () -> Void = {}
    /// While a bumper plays the slider is purple and cannot seek (SDK notes, “Bumper mode”).
    private(set) var bumperModeActive = false
    /// While a server-side ad plays the slider is yellow, shows the ad's own progress and takes no input (facts
    /// §1.5, ControlBar+Advertising).
    var adModeActive = false
    /// Set while the duration label shows the time left (ControlBar+TimeLeft): the speed it is counted at.
    var timeLeftRate: Double?
    /// The ad breaks' places in the content, drawn as yellow ticks under the trough between ads.
    var adMarkers: [AdMarker] = []
    var onVolume: (Double) -> Void = { _ in }
    /// Reports each allocation's arrangement (compact or standard).
    var onArrangement: (Bool) -> Void = { _ in }

    /// The slider's scale; forgotten when an ad leaves it, so the content's range is set again (ControlBar+Advertising).
    var duration: Double?
    private var seekWindowStart = 0.0
    /// While the viewer drags, playback progress must not move the thumb under the pointer.
    private var lastUserSeek = 0
    private var lastCompact: Bool?

    init(layout: ControlLayout) {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        cove_accessible_set_label(root, tr("Playback Controls"))
        gtk_widget_add_css_class(root, "cove-control-bar")
        gtk_widget_set_valign(root, GTK_ALIGN_END)

        playButton = gtk_button_new_from_icon_name("media-playback-start-symbolic")
        jumpBackButton = gtk_button_new_from_icon_name("media-seek-backward-symbolic")
        currentTimeLabel = gtk_label_new(TimeFormatting.formatTime(0))
        separatorLabel = gtk_label_new("/")
        durationLabel = gtk_label_new(TimeFormatting.formatTime(nil))
        slider = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 1)
        screenModeButton = gtk_button_new_from_icon_name("view-fullscreen-symbolic")
        closedCaptionButton = gtk_button_new_from_icon_name("media-view-subtitles-symbolic")
        liveButton = gtk_button_new_with_label(tr("Live"))
        volumeButton = gtk_volume_button_new()
        preferredBitrateButton = gtk_button_new_from_icon_name("emblem-system-symbolic")
        video360Button = gtk_button_new_from_icon_name("object-rotate-right-symbolic")
        pictureInPictureButton = gtk_button_new_from_icon_name("view-dual-symbolic")
        castButton = gtk_button_new_from_icon_name("video-display-symbolic")
        overflowButton = gtk_button_new_from_icon_name("view-more-symbolic")

        for label in [currentTimeLabel, separatorLabel, durationLabel] { gtk_widget_add_css_class(label, "cove-time") }
        gtk_widget_add_css_class(liveButton, "cove-live")
        gtk_scale_set_draw_value(cast(slider), 0)
        gtk_widget_set_sensitive(slider, 0)
        // The viewer may seek past what has arrived; GtkRange would stop the thumb at the fill level.
        gtk_range_set_restrict_to_fill_level(cast(slider), 0)
        gtk_scale_button_set_value(cast(volumeButton), 1)

        elastic = ElasticLayout(container: root, layout: layout)
        for child in tagWidgets.values { gtk_box_append(cast(root), child) }
        elastic.widgetForView = { [unowned self] view in self.widget(for: view) }
        // The layout manager's registry would otherwise keep the layout (and its callbacks) past the bar.
        Signals.connect(root, "destroy") { [elastic] in elastic.detach() }
        elastic.onAllocate = { [unowned self] result in
            guard result.compact != self.lastCompact else { return }
            self.lastCompact = result.compact
            self.onArrangement(result.compact)
        }
        describe()
        connect()
    }

    var layout: ControlLayout { elastic.layout }
    var isCompact: Bool? { lastCompact }

    /// Installs another layout; the widgets (and their state) stay, only their places change.
    func setLayout(_ layout: ControlLayout) {
        for (_, host) in emptyHosts { gtk_box_remove(cast(root), host) }
        emptyHosts = [:]
        lastCompact = nil
        elastic.layout = layout
    }

    /// Lays the bar out again after a view's `isRemoved` changed.
    func setNeedsLayout() {
        gtk_widget_queue_resize(root)
    }

    private var tagWidgets: [ViewTag: Widget] {
        [.playback: playButton, .jumpBack: jumpBackButton, .currentTime: currentTimeLabel,
         .timeSeparator: separatorLabel, .duration: durationLabel, .progress: slider, .screenMode: screenModeButton,
         .closedCaption: closedCaptionButton, .live: liveButton, .volume: volumeButton,
         .preferredBitrate: preferredBitrateButton, .video360: video360Button, .pictureInPicture: pictureInPictureButton,
         .externalRoute: castButton, .overflow: overflowButton]
    }

    func widget(for tag: ViewTag) -> Widget? { tagWidgets[tag] }

    private func widget(for view: LayoutView) -> Widget? {
        if view.tag != .empty { return tagWidgets[view.tag] }
        if let host = emptyHosts[ObjectIdentifier(view)] { return host }
        let host = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(cast(root), host)
        emptyHosts[ObjectIdentifier(view)] = host
        return host
    }

    private func describe() {
        nameButtons()
        cove_accessible_set_label(volumeButton, tr("Volume"))
        // GtkScaleButton's own toggle is what screen readers land on; unnamed, it reads as "GtkImage".
        if let toggle = gtk_widget_get_first_child(volumeButton) { cove_accessible_set_label(toggle, tr("Volume")) }
        cove_accessible_set_label(durationLabel, tr("Duration %@").filling(TimeFormatting.formatTime(nil)))
        cove_accessible_set_label(slider, tr("Current Position"))
        // The separator is decoration; the time labels carry their own prefixes.
        cove_accessible_set_hidden(separatorLabel, 1)
        update(position: 0, duration: nil)
    }

    private func nameButtons() {
        setAccessible(.jumpBack, tr("Jump Back"))
        setAccessible(.screenMode, tr("Enter Fullscreen"))
        setAccessible(.closedCaption, tr("Audio & Subtitles"))
        setAccessible(.live, tr("Live"))
        setAccessible(.preferredBitrate, tr("Preferred Bit rate"))
        setAccessible(.video360, tr("360 Video"))
        setAccessible(.pictureInPicture, tr("Picture in Picture"))
        setAccessible(.externalRoute, tr("Cast"))
        setAccessible(.overflow, tr("More"))
        setPlaying(isShowingPause)
        setFullscreen(isShowingExitFullscreen)
    }

    private func connect() {
        // These buttons are the player's actions (PlayerActions), as their keys and the desktop's controls are.
        for (button, action) in [(playButton, "player.play-pause"), (jumpBackButton, "player.jump-back"),
                                 (screenModeButton, "player.fullscreen"), (liveButton, "player.live-edge"),
                                 (pictureInPictureButton, "player.picture-in-picture"),
                                 (video360Button, "player.video360")] {
            gtk_actionable_set_action_name(OpaquePointer(button), action)
        }
        Signals.connect(closedCaptionButton, "clicked") { [weak self] in self?.onClosedCaption() }
        Signals.connect(preferredBitrateButton, "clicked") { [weak self] in self?.onPreferredBitrate() }
        Signals.connect(overflowButton, "clicked") { [weak self] in self?.onOverflow() }
        Signals.connect(castButton, "clicked") { [weak self] in self?.onCast() }
        Signals.connectDouble(volumeButton, "value-changed") { [weak self] value in
            guard let self, !self.isShowingVolume else { return }
            self.onVolume(value)
        }
        Signals.connectChangeValue(slider, "change-value") { [weak self] value in
            guard let self else { return false }
            // Returning true stops the range from moving: no seeking during a bumper or an ad.
            if self.bumperModeActive || self.adModeActive { return true }
            self.lastUserSeek = g_get_monotonic_time()
            self.onSeek(value)
            return false
        }
    }

    private var isShowingPause = false
    private var isShowingExitFullscreen = false

    func setPlaying(_ playing: Bool) {
        isShowingPause = playing
        gtk_button_set_icon_name(cast(playButton),
                                 playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        setAccessible(.playback, playing ? tr("Pause") : tr("Play"), primaryState: !playing)
    }

    func setFullscreen(_ fullscreen: Bool) {
        isShowingExitFullscreen = fullscreen
        gtk_button_set_icon_name(cast(screenModeButton), fullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic")
        setAccessible(.screenMode, fullscreen ? tr("Exit Fullscreen") : tr("Enter Fullscreen"), primaryState: !fullscreen)
    }

    /// The volume button's level (0…1) as it shows it.
    var volume: Double { gtk_scale_button_get_value(cast(volumeButton)) }
    /// True while the button is moved to show the player's level, so that is not taken for the viewer's move.
    private var isShowingVolume = false

    /// Shows the player's level (0 while muted) without reporting it back.
    func showVolume(_ level: Double) {
        guard abs(level - volume) > 0.0001 else { return }
        isShowingVolume = true
        gtk_scale_button_set_value(cast(volumeButton), level)
        isShowingVolume = false
    }

    /// The pictureInPicture button is lit while the video plays in its window.
    func setPictureInPicture(_ active: Bool) {
        if active { gtk_widget_add_css_class(pictureInPictureButton, "cove-active") }
        else { gtk_widget_remove_css_class(pictureInPictureButton, "cove-active") }
    }

    func setBumperMode(_ active: Bool) {
        bumperModeActive = active
        if active { setBuffered(nil) }
        placeMarks()
        if active { gtk_widget_add_css_class(root, "cove-bumper") } else { gtk_widget_remove_css_class(root, "cove-bumper") }
    }

    /// Green at the live edge, white behind it (SDK notes, “Live button”).
    func setAtLiveEdge(_ atEdge: Bool) {
        if atEdge { gtk_widget_add_css_class(liveButton, "cove-live-edge") }
        else { gtk_widget_remove_css_class(liveButton, "cove-live-edge") }
    }

    /// The slider spans `start…end`: 0…duration for VOD, the seekable window for live DVR.
    func setSeekWindow(start: Double, end: Double) {
        seekWindowStart = start
        gtk_range_set_range(cast(slider), start, max(end, start + 0.001))
        gtk_widget_set_sensitive(slider, 1)
        placeMarks()
    }

    /// Ticks on the slider at the video's cue points; their names become the slider's tooltip near them.
    func setCuePoints(_ cuePoints: [CuePoint]) {
        cuePointMarkers = cuePoints.compactMap { point in point.time.map { ($0, point.name ?? point.type ?? "") } }
        chapters = []
        markers = cuePointMarkers
        placeMarks()
    }

    /// Ticks at the chapters' starts too (the first, at 0, needs none); the chapter at a time names it in the
    /// thumbnail preview, and the current one follows the time label.
    func setChapters(_ list: [Chapter]) {
        chapters = list
        markers = cuePointMarkers + list.filter { $0.start > 0 }.map { ($0.start, $0.name) }
        placeMarks()
    }

    private var cuePointMarkers: [(time: Double, name: String)] = []
    private(set) var chapters: [Chapter] = []

    /// The name of the chapter playing at `time`, if the video has chapters.
    func chapterName(at time: Double) -> String? {
        Chapters.index(at: time, in: chapters).map { chapters[$0].name }
    }

    /// GtkScale places marks for the range it has when they are added, so they are placed again with each new range.
    func placeMarks() {
        gtk_scale_clear_marks(cast(slider))
        // Clearing took the ad ticks too.
        defer { placeAdMarks() }
        // A bumper's slider has no markers (SDK notes, “Bumper mode”), nor an ad's (“Advertising mode”).
        placedMarkCount = 0
        guard !bumperModeActive, !adModeActive else { return }
        let adjustment = gtk_range_get_adjustment(cast(slider) as UnsafeMutablePointer<GtkRange>)
        let upper = gtk_adjustment_get_upper(adjustment)
        for marker in markers where duration != nil && marker.time <= upper {
            gtk_scale_add_mark(cast(slider), marker.time, GTK_POS_TOP, nil)
            placedMarkCount += 1
        }
    }

    /// Marks on the slider now (GtkScale cannot say): cue points, and ad ticks apart.
    private(set) var placedMarkCount = 0
    var placedAdMarkCount = 0

    private(set) var markers: [(time: Double, name: String)] = []

    /// The nearest marker's name within `tolerance` seconds of `time`.
    func markerName(near time: Double, tolerance: Double) -> String? {
        markers.filter { abs($0.time - time) <= tolerance && !$0.name.isEmpty }
            .min { abs($0.time - time) < abs($1.time - time) }?.name
    }

    func update(position: Double, duration newDuration: Double?) {
        // The ad's own progress holds the slider and the time labels (showAdProgress).
        guard !adModeActive else { return }
        if newDuration != duration {
            duration = newDuration
            if let newDuration { setSeekWindow(start: 0, end: newDuration) }
            else if seekWindowStart == 0 { gtk_widget_set_sensitive(slider, 0) }
        }
        showDurationOrTimeLeft(position: position)
        let text = TimeFormatting.formatTime(position, matching: duration)
        let chapter = chapterName(at: position)
        // The layout gives the label the width of what it holds, so a long chapter name is cut here, to a few
        // words: the slider keeps its room.
        let shown = chapter.map { $0.count > 16 ? String($0.prefix(15)) + "…" : $0 }
        gtk_label_set_text(cast(currentTimeLabel), shown.map { text + " · " + $0 } ?? text)
        cove_accessible_set_label(currentTimeLabel, tr("Current Time %@").filling(text) + (chapter.map { ", " + $0 } ?? ""))
        if g_get_monotonic_time() - lastUserSeek > 400_000 {
            gtk_range_set_value(cast(slider), position)
        }
        cove_accessible_set_value_text(slider, text + " / " + TimeFormatting.formatTime(duration))
    }

    /// The app's own names for buttons (the SDK's button accessibility delegate): given the tag and whether the
    /// button shows its primary state (Play, Enter Fullscreen), a name, or nil for Cove's. Set before the view shows.
    var accessibilityLabel: ((ViewTag, _ primaryState: Bool) -> String?)? {
        didSet { nameButtons() }
    }

    /// Names a button for assistive technologies (and its tooltip), unless the app names it.
    private func setAccessible(_ tag: ViewTag, _ label: String, primaryState: Bool = true) {
        guard let widget = tagWidgets[tag] else { return }
        let name = accessibilityLabel?(tag, primaryState) ?? label
        cove_accessible_set_label(widget, name)
        gtk_widget_set_tooltip_text(widget, name)
    }
}
