import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// What a key (or a media key, through the same actions) just did: "Volume 40 %", "+10 s", "Speed: 1.5×",
/// "Captions: English", at the video's top start corner for a moment. The mouse's own changes show on the control
/// they moved, so only the keys' commands call it. An alert to assistive technologies: a screen reader speaks it
/// as it appears, without moving the focus.
final class KeyFeedback {
    let root: Widget
    private let label: Widget
    private var hide: TimerSource?
    /// Jumps made while the notice shows add up ("+30 s" after three presses), as the playhead does.
    private var jumped = 0.0
    static let milliseconds: UInt32 = 1_200

    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        cove_accessible_set_role(root, GTK_ACCESSIBLE_ROLE_ALERT)
        label = gtk_label_new(nil)
        gtk_box_append(cast(root), label)
        gtk_widget_add_css_class(root, "cove-key-feedback")
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_set_margin_top(root, 16)
        gtk_widget_set_margin_start(root, 16)
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
        // A notice still timing when its window goes must not touch the destroyed widget.
        Signals.connect(root, "destroy") { [weak self] in self?.hide?.cancel() }
    }

    var text: String { String(cString: gtk_label_get_text(cast(label))) }
    var isShown: Bool { gtk_widget_get_visible(root) != 0 }

    func show(_ message: String) {
        jumped = 0
        present(message)
    }

    /// A jump of `seconds`, added to the ones shown still.
    func showJump(_ seconds: Double) {
        let total = (isShown ? jumped : 0) + seconds
        present(Self.jumpText(total))
        jumped = total
    }

    static func jumpText(_ seconds: Double) -> String {
        let whole = String(Int(abs(seconds).rounded()))
        // TRANSLATORS: what a key press did: the playhead moved forward or back this many seconds.
        return seconds < 0 ? tr("−%@ s").filling(whole) : tr("+%@ s").filling(whole)
    }

    static func volumeText(level: Double, muted: Bool) -> String {
        // TRANSLATORS: what a key press did: the sound is off.
        guard !muted else { return tr("Muted") }
        // TRANSLATORS: what a key press did: the volume now, in percent ("Volume 40 %"); write the percent as your
        // language does.
        return tr("Volume %@ %").filling(String(Int((level * 100).rounded())))
    }

    static func speedText(_ rate: Double) -> String {
        // TRANSLATORS: what a key press did: the playback speed now ("Speed: 1.5×", "Speed: Normal").
        tr("Speed: %@").filling(OverflowMenu.label(for: rate))
    }

    static func captionText(_ track: MediaTrack?) -> String {
        // TRANSLATORS: what a key press did: no captions now.
        guard let track else { return tr("Captions off") }
        // TRANSLATORS: what a key press did: the captions shown now ("Captions: English").
        return tr("Captions: %@").filling(TrackTitle.of(track))
    }

    static func audioText(_ track: MediaTrack) -> String {
        // TRANSLATORS: what a key press did: the audio track playing now ("Audio: Deutsch").
        tr("Audio: %@").filling(TrackTitle.of(track))
    }

    private func present(_ message: String) {
        gtk_label_set_text(cast(label), message)
        cove_accessible_set_label(root, message)
        // Shown afresh, so a screen reader hears each press, not only the first.
        gtk_widget_set_visible(root, 0)
        gtk_widget_set_visible(root, 1)
        hide?.cancel()
        hide = MainLoop.after(milliseconds: Self.milliseconds) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.root, 0)
            self.jumped = 0
        }
    }
}
