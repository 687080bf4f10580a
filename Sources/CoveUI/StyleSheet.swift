import CGtk

/// Adds a style sheet to the default display, once per display: each part of Cove's UI with a style of its own
/// (the player, the start page, the playlist strip) keeps the display it last installed on in `installedOn`.
public enum StyleSheet {
    public static func install(_ css: String, installedOn: inout OpaquePointer?) {
        guard let display = gdk_display_get_default(), display != installedOn else { return }
        installedOn = display
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
