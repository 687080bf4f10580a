import CGtk
import CoveGLib

/// An item of the player's menus that names an action (GTK makes it insensitive where the action is missing or
/// disabled) and closes its menu when chosen: a flat button, its label at the start.
enum MenuActionItem {
    static func make(_ title: String, action: String, closing close: @escaping @MainActor () -> Void) -> Widget {
        let button = gtk_button_new_with_label(title)!
        gtk_widget_add_css_class(button, "flat")
        if let label = gtk_button_get_child(cast(button)) { gtk_label_set_xalign(cast(label), 0) }
        gtk_actionable_set_action_name(OpaquePointer(button), action)
        Signals.connect(button, "clicked") { close() }
        return button
    }
}
