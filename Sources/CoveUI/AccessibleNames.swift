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
}
