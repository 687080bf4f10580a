import CGtk
import CGtkShim
import CoveCore

/// Names every control reads once, as a screen reader user hears it. GTK 4.8 joins a widget's label property and
/// the labels it is labelled by, names a control it cannot name by its class ("GtkToggleButton"), and reads a
/// mnemonic button's label with its underscore: these helpers leave one clear name.
public enum AccessibleNames {
    /// A button with a mnemonic ("_Reset"), named by its label child alone ("Reset").
    public static func mnemonicButton(_ text: String) -> Widget {
        let button = gtk_button_new_with_mnemonic(text)!
        cove_accessible_reset_label(button)
        return button
    }

    /// A control named by its mnemonic label (`gtk_label_set_mnemonic_widget`), which GTK relates to it.
    public static func label(_ label: Widget, names control: Widget) {
        gtk_label_set_mnemonic_widget(cast(label), control)
        cove_accessible_reset_label(control)
        if let button = cove_first_descendant_of_type(control, gtk_toggle_button_get_type()) {
            cove_accessible_set_label(button, String(cString: gtk_label_get_text(cast(label))))
        }
    }

    /// A scrolled window's scroll bars, named for the region they scroll ("Statistics scroll bar", as a screen
    /// reader reads the name and the role).
    public static func nameScrollBars(of scroller: Widget, _ region: String) {
        for bar in [gtk_scrolled_window_get_vscrollbar(cast(scroller)), gtk_scrolled_window_get_hscrollbar(cast(scroller))] {
            if let bar { cove_accessible_set_label(bar, region) }
        }
    }

    /// Names every widget of `type` under `root` that has no name of its own making: the parts of a window GTK
    /// builds itself (the shortcuts window's search, section menu and scroll bars).
    public static func nameAll(under root: Widget, type: GType, _ name: String) {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, type) != 0 {
                cove_accessible_set_label(widget, name)
                // A composite control's own button (a menu button's) is labelled by it: no name of its own.
                if let inner = cove_first_descendant_of_type(widget, gtk_toggle_button_get_type()) {
                    cove_accessible_reset_label(inner)
                }
            } else {
                nameAll(under: widget, type: type, name)
            }
            child = gtk_widget_get_next_sibling(widget)
        }
    }
}
