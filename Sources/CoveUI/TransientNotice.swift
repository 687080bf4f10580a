import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A short sentence at the top of the video that leaves by itself (a frame saved, the 360 view falling back to
/// flat): libadwaita's toast, with a button where one fits ("Open"). The picture stays visible and nothing waits
/// for a click. libadwaita 1.2 does not announce toasts to screen readers, so the toast's title is Cove's own
/// label with the alert role, which they speak as it appears.
final class TransientNotice {
    /// The toast overlay across the top of the picture; the rest of the picture takes the pointer.
    let root: Widget
    private var toast: OpaquePointer?
    private var label: Widget?
    private var buttonAction: (() -> Void)?
    static let seconds: guint = 6

    /// AdwToastOverlay lays its toasts out in its child's size and at its bottom: an empty strip across the top of
    /// the picture, tall enough for the header bar and a toast under it.
    static let stripHeight: Int32 = 136

    init() {
        root = adw_toast_overlay_new()
        let strip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_size_request(strip, -1, Self.stripHeight)
        gtk_widget_set_can_target(strip, 0)
        adw_toast_overlay_set_child(cast(root), strip)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_add_css_class(root, "cove-notice-overlay")
        // The strip takes the pointer only while a toast with a button shows: else it goes through to the video.
        gtk_widget_set_can_target(root, 0)
        // A toast still shown when its window goes is dismissed with it: nothing is told about it later.
        Signals.connect(root, "destroy") { [weak self] in self?.forget() }
    }

    var text: String { label.map { String(cString: gtk_label_get_text(cast($0))) } ?? "" }
    var isShown: Bool { toast != nil }
    /// The toast's button while it shows one.
    var button: Widget? {
        // The newest toast is the overlay's last child (one still leaving may come before it); its first button
        // is the action's, the second the close button.
        guard toast != nil, buttonAction != nil, let shown = gtk_widget_get_last_child(root) else { return nil }
        return cove_first_descendant_of_type(shown, gtk_button_get_type())
    }

    /// Replaces the toast shown, if any.
    func show(_ message: String, button title: String? = nil, action: (() -> Void)? = nil) {
        if let toast { adw_toast_dismiss(toast) }
        forget()
        let label = gtk_label_new(message)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        cove_accessible_set_role(label, GTK_ACCESSIBLE_ROLE_ALERT)
        let toast = adw_toast_new(message)!
        adw_toast_set_custom_title(toast, label)
        adw_toast_set_timeout(toast, Self.seconds)
        if let title, action != nil {
            adw_toast_set_button_label(toast, title)
            buttonAction = action
            Signals.connect(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self] in self?.buttonAction?() }
        }
        Signals.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in
            if self?.toast == toast { self?.forget() }
        }
        // The overlay owns the toast; Cove keeps a reference of its own while it shows.
        g_object_ref(UnsafeMutableRawPointer(toast))
        self.toast = toast
        self.label = label
        gtk_widget_set_can_target(root, buttonAction == nil ? 0 : 1)
        adw_toast_overlay_add_toast(cast(root), toast)
        // libadwaita 1.2 names the toast's button with its label as well as the label inside it: GTK 4.8 reads
        // both ("Open Open"). The label inside is enough.
        if buttonAction != nil, let button = button { cove_accessible_reset_label(button) }
    }

    private func forget() {
        gtk_widget_set_can_target(root, 0)
        if let toast { g_object_unref(UnsafeMutableRawPointer(toast)) }
        toast = nil
        label = nil
        buttonAction = nil
    }
}
