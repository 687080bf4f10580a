import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A short sentence at the top of the video that leaves by itself (the 360 view falling back to flat): the
/// picture stays visible and nothing waits for a click. Screen readers get it as an alert-like label.
final class TransientNotice {
    let root: Widget
    private let label: Widget
    private var hide: TimerSource?
    static let milliseconds: UInt32 = 6_000

    init() {
        label = gtk_label_new(nil)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_box_append(cast(root), label)
        gtk_widget_add_css_class(root, "cove-notice")
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_set_margin_top(root, 16)
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
    }

    func show(_ message: String) {
        gtk_label_set_text(cast(label), message)
        gtk_widget_set_visible(root, 1)
        hide?.cancel()
        hide = MainLoop.after(milliseconds: Self.milliseconds) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.root, 0)
        }
    }
}
