import CGtk
import CGtkShim
import CoveCore

/// The duration label, or in its place the time left ("−1:23"): the wall-clock time to the end at the speed
/// playing, as a viewer at 1.5× wants to know when the film ends. `player.time-left` switches (the More menu's
/// item, a click on the label).
extension ControlBar {
    func showDurationOrTimeLeft(position: Double) {
        let text: String
        let name: String
        if let rate = timeLeftRate, let duration, duration > 0 {
            let left = TimeFormatting.formatTime(max(0, duration - position) / max(rate, 0.01), matching: duration)
            text = "−" + left
            // TRANSLATORS: the time label read by screen readers while it shows what is left of the video.
            name = tr("Time left %@").filling(left)
        } else {
            text = TimeFormatting.formatTime(duration)
            name = tr("Duration %@").filling(text)
        }
        guard String(cString: gtk_label_get_text(cast(durationLabel))) != text else { return }
        gtk_label_set_text(cast(durationLabel), text)
        cove_accessible_set_label(durationLabel, name)
    }
}
