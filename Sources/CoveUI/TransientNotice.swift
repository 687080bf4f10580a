import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A short sentence at the top of the video that leaves by itself (the 360 view falling back to flat): the
/// picture stays visible and nothing waits for a click. Screen readers get it as an alert-like label.
final class TransientNotice {
    let root: Widget
    private let label: Widget
    /// "Open" and the like: shown only with a message that offers it.
    let button: Widget
    private var buttonAction: (() -> Void)?
    private var hide: TimerSource?
    static let milliseconds: UInt32 = 6_000

    init() {
        label = gtk_label_new(nil)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        button = gtk_button_new()
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(button, 0)
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_box_append(cast(root), label)
        gtk_box_append(cast(root), button)
        gtk_widget_add_css_class(root, "cove-notice")
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_set_margin_top(root, 16)
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
        Signals.connect(button, "clicked") { [weak self] in self?.buttonAction?() }
        // A notice still timing when its window goes must not touch the destroyed widget.
        Signals.connect(root, "destroy") { [weak self] in self?.hide?.cancel() }
    }

    var text: String { String(cString: gtk_label_get_text(cast(label))) }
    var isShown: Bool { gtk_widget_get_visible(root) != 0 }

    /// The notice takes clicks only while it has a button; otherwise the pointer goes through to the video.
    func show(_ message: String, button title: String? = nil, action: (() -> Void)? = nil) {
        buttonAction = action
        if let title { gtk_button_set_label(cast(button), title) }
        gtk_widget_set_visible(button, title == nil ? 0 : 1)
        gtk_widget_set_can_target(root, title == nil ? 0 : 1)
        gtk_label_set_text(cast(label), message)
        gtk_widget_set_visible(root, 1)
        hide?.cancel()
        hide = MainLoop.after(milliseconds: Self.milliseconds) { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.root, 0)
        }
    }
}
