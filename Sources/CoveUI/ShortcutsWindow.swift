import CGtk
import CoveCore

/// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML so GTK lays it out as in every GNOME app.
enum ShortcutsWindow {
    private static let shortcuts: [(accelerator: String, title: String)] = [
        ("space k", tr("Play or pause")),
        ("Left", tr("Jump back")),
        ("Right", tr("Jump forward")),
        ("Up Down", tr("Volume up or down")),
        ("m", tr("Mute or unmute")),
        ("c", tr("Next captions")),
        ("bracketleft bracketright", tr("Slower or faster")),
        ("End", tr("Go to the live edge")),
        ("f F11", tr("Enter or exit fullscreen")),
        ("Escape", tr("Exit fullscreen")),
        ("<Control>o", tr("Open a file")),
        ("<Control>l", tr("Open a URL")),
        ("<Control>question", tr("Keyboard shortcuts")),
        ("<Control>w", tr("Close the window")),
        ("<Control>q", tr("Quit")),
    ]

    static func present(over window: Widget) {
        let items = shortcuts.map { shortcut in
            """
            <child><object class="GtkShortcutsShortcut">
              <property name="accelerator">\(escape(shortcut.accelerator))</property>
              <property name="title">\(escape(shortcut.title))</property>
            </object></child>
            """
        }.joined()
        // Outside the literal: xgettext's C scanner does not read Swift's multi-line strings.
        let title = escape(tr("Playback"))
        let xml = """
        <interface><object class="GtkShortcutsWindow" id="window"><property name="modal">1</property>
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
        gtk_window_present(cast(shortcutsWindow))
        g_object_unref(UnsafeMutableRawPointer(builder))
    }

    private static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
