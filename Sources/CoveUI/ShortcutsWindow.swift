import CGtk
import CoveCore

/// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML so GTK lays it out as in every GNOME app,
/// from PlayerShortcuts' rows.
public enum ShortcutsWindow {
    public static func present(over window: Widget) {
        // The same table the keys are bound from, so the window cannot list a key that does something else.
        let items = PlayerShortcuts.rows.map { row in
            """
            <child><object class="GtkShortcutsShortcut">
              <property name="accelerator">\(escape(row.bindings.map(\.accelerator).joined(separator: " ")))</property>
              <property name="title">\(escape(row.title))</property>
            </object></child>
            """
        }.joined()
        // Outside the literal: xgettext's C scanner does not read Swift's multi-line strings.
        let title = escape(tr("Playback"))
        let windowTitle = escape(tr("Keyboard Shortcuts"))
        let xml = """
        <interface><object class="GtkShortcutsWindow" id="window"><property name="modal">1</property>
          <property name="title">\(windowTitle)</property>
          <child><object class="GtkShortcutsSection"><property name="section-name">player</property>
            <child><object class="GtkShortcutsGroup"><property name="title">\(title)</property>
              \(items)
            </object></child>
          </object></child>
        </object></interface>
        """
        let builder = gtk_builder_new_from_string(xml, -1)
        guard let object = gtk_builder_get_object(builder, "window") else { g_object_unref(UnsafeMutableRawPointer(builder)); return }
        let shortcutsWindow = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        gtk_window_set_transient_for(cast(shortcutsWindow), cast(window))
        // GTK builds the search, the section menu and the scroll bars itself, and leaves them nameless.
        AccessibleNames.nameAll(under: shortcutsWindow, type: gtk_search_entry_get_type(), tr("Search Shortcuts"))
        AccessibleNames.nameAll(under: shortcutsWindow, type: gtk_toggle_button_get_type(), tr("Search"))
        AccessibleNames.nameAll(under: shortcutsWindow, type: gtk_menu_button_get_type(), tr("Sections"))
        AccessibleNames.nameAll(under: shortcutsWindow, type: gtk_scrollbar_get_type(), tr("Keyboard Shortcuts"))
        gtk_window_present(cast(shortcutsWindow))
        g_object_unref(UnsafeMutableRawPointer(builder))
    }

    private static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
