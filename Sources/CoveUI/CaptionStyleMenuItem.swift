import CGtk
import CoveCore
import CoveGLib

/// "Caption Style…" as the player's menus offer it (Audio & Subtitles, and More, which stands in for an app menu):
/// bound to `win.caption-style`, which the window that shows the player provides (GTK makes the item insensitive
/// where there is none), closing its menu when chosen.
enum CaptionStyleMenuItem {
    static func make(closing close: @escaping @MainActor () -> Void) -> Widget {
        let button = gtk_button_new_with_label(tr("Caption Style…"))!
        gtk_widget_add_css_class(button, "flat")
        if let label = gtk_button_get_child(cast(button)) { gtk_label_set_xalign(cast(label), 0) }
        gtk_actionable_set_action_name(OpaquePointer(button), "win.caption-style")
        Signals.connect(button, "clicked") { close() }
        return button
    }
}
