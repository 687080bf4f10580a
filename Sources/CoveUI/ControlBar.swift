import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The first-cut control bar: play/pause, jump back, current time / duration, the seek slider, fullscreen.
final class ControlBar {
    let root: Widget
    let playButton: Widget
    let jumpBackButton: Widget
    let currentTimeLabel: Widget
    let separatorLabel: Widget
    let durationLabel: Widget
    let slider: Widget
    let screenModeButton: Widget

    var onPlayPause: () -> Void = {}
    var onJumpBack: () -> Void = {}
    var onSeek: (Double) -> Void = { _ in }
    var onScreenMode: () -> Void = {}

    private var duration: Double?
    /// While the viewer drags, playback progress must not move the thumb under the pointer.
    private var lastUserSeek = 0

    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        gtk_widget_add_css_class(root, "cove-control-bar")
        gtk_widget_set_valign(root, GTK_ALIGN_END)

        playButton = gtk_button_new_from_icon_name("media-playback-start-symbolic")
        jumpBackButton = gtk_button_new_from_icon_name("media-seek-backward-symbolic")
        currentTimeLabel = gtk_label_new(TimeFormatting.formatTime(0))
        separatorLabel = gtk_label_new("/")
        durationLabel = gtk_label_new(TimeFormatting.formatTime(nil))
        slider = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 1)
        screenModeButton = gtk_button_new_from_icon_name("view-fullscreen-symbolic")

        for label in [currentTimeLabel, separatorLabel, durationLabel] { gtk_widget_add_css_class(label, "cove-time") }
        gtk_scale_set_draw_value(cast(slider), 0)
        gtk_widget_set_hexpand(slider, 1)
        gtk_widget_set_valign(slider, GTK_ALIGN_CENTER)
        gtk_widget_set_sensitive(slider, 0)

        for child in [playButton, jumpBackButton, currentTimeLabel, separatorLabel, durationLabel, slider, screenModeButton] {
            gtk_box_append(cast(root), child)
        }
        describe()
        connect()
    }

    private func describe() {
        setAccessible(jumpBackButton, tr("Jump Back"))
        setAccessible(screenModeButton, tr("Enter Fullscreen"))
        setAccessible(slider, tr("Current Position"))
        setPlaying(false)
        // The separator is decoration; the time labels carry their own prefixes.
        cove_accessible_set_hidden(separatorLabel)
        update(position: 0, duration: nil)
    }

    private func connect() {
        Signals.connect(playButton, "clicked") { [weak self] in self?.onPlayPause() }
        Signals.connect(jumpBackButton, "clicked") { [weak self] in self?.onJumpBack() }
        Signals.connect(screenModeButton, "clicked") { [weak self] in self?.onScreenMode() }
        Signals.connectChangeValue(slider, "change-value") { [weak self] value in
            guard let self else { return false }
            self.lastUserSeek = g_get_monotonic_time()
            self.onSeek(value)
            return false
        }
    }

    func setPlaying(_ playing: Bool) {
        gtk_button_set_icon_name(cast(playButton),
                                 playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        setAccessible(playButton, playing ? tr("Pause") : tr("Play"))
    }

    func setFullscreen(_ fullscreen: Bool) {
        gtk_button_set_icon_name(cast(screenModeButton), fullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic")
        setAccessible(screenModeButton, fullscreen ? tr("Exit Fullscreen") : tr("Enter Fullscreen"))
    }

    func update(position: Double, duration newDuration: Double?) {
        if newDuration != duration {
            duration = newDuration
            gtk_range_set_range(cast(slider), 0, max(newDuration ?? 1, 0.001))
            gtk_widget_set_sensitive(slider, newDuration == nil ? 0 : 1)
            gtk_label_set_text(cast(durationLabel), TimeFormatting.formatTime(newDuration))
            cove_accessible_set_label(durationLabel, tr("Duration") + " " + TimeFormatting.formatTime(newDuration))
        }
        let text = TimeFormatting.formatTime(position, matching: duration)
        gtk_label_set_text(cast(currentTimeLabel), text)
        cove_accessible_set_label(currentTimeLabel, tr("Current Time") + " " + text)
        if g_get_monotonic_time() - lastUserSeek > 400_000 {
            gtk_range_set_value(cast(slider), position)
        }
        cove_accessible_set_value_text(slider, text + " / " + TimeFormatting.formatTime(duration))
    }

    private func setAccessible(_ widget: Widget, _ label: String) {
        cove_accessible_set_label(widget, label)
        gtk_widget_set_tooltip_text(widget, label)
    }
}
