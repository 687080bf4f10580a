import CGtk
import CGtkShim
import CoveCore

/// "Playing on <device>" over the poster while the video plays on a Cast device, as the SDK's Cast plugin shows
/// it in the player; the screen reader reads it as the player's status.
final class CastingNotice {
    let root: Widget
    private(set) var device: String?

    init() {
        root = gtk_label_new(nil)
        gtk_widget_add_css_class(root, "cove-casting")
        gtk_label_set_wrap(cast(root), 1)
        gtk_label_set_justify(cast(root), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(root, 0)
        cove_accessible_set_role(root, GTK_ACCESSIBLE_ROLE_STATUS)
        gtk_widget_set_visible(root, 0)
    }

    var text: String? {
        gtk_widget_get_visible(root) != 0 ? String(cString: gtk_label_get_text(cast(root))) : nil
    }

    func update(device: String?) {
        guard device != self.device else { return }
        self.device = device
        gtk_widget_set_visible(root, device == nil ? 0 : 1)
        gtk_label_set_text(cast(root), device.map { tr("Playing on %@").replacingPlaceholder(with: $0) } ?? "")
    }
}
