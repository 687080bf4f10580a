import CGtk
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
