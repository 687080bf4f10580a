import CGtk
import CGtkShim
import CoveGLib

/// Hangs `popover` on `parent` (a slider or button) and takes it off again when the parent is destroyed. GTK 4
/// leaves a manually parented popover to its owner: a widget finalized with one still attached warns
/// "Finalizing GtkScale …, but it still has children left".
func attachPopover(_ popover: Widget, to parent: Widget) {
    gtk_widget_set_parent(popover, parent)
    Signals.connect(parent, "destroy") {
        if gtk_widget_get_parent(popover) == parent { gtk_widget_unparent(popover) }
    }
}

/// A menu of the control bar: a popover above `button`, styled as the player's menus, named for screen readers
/// when `label` is given.
func makeMenuPopover(above button: Widget, label: String? = nil) -> Widget {
    let popover = gtk_popover_new()!
    gtk_widget_add_css_class(popover, "cove-menu")
    gtk_popover_set_position(cast(popover), GTK_POS_TOP)
    attachPopover(popover, to: button)
    if let label { cove_accessible_set_label(popover, label) }
    return popover
}
