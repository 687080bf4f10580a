import CGLib
import CGtk
import CoveCore
import CoveGLib

/// Open File (Ctrl+O): GTK 4.8's native chooser (the desktop portal's dialog where there is one), showing the
/// media Cove plays. `open` gets the chosen file as a `file:` address.
public enum MediaFileChooser {
    /// MIME types of what GStreamer plays here; suffixes too, for files whose type the system does not know.
    static let mimeTypes = ["video/*", "audio/*", "application/vnd.apple.mpegurl", "application/x-mpegurl",
                            "application/x-mpegURL", "application/dash+xml"]
    static let suffixes = ["mp4", "m4v", "m4a", "mov", "mkv", "webm", "ogv", "ogg", "mp3", "m3u8", "mpd", "ts"]

    public static func present(over parent: Widget, open: @escaping (String) -> Void) {
        let chooser = gtk_file_chooser_native_new(tr("Open File"), cast(parent), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                  tr("_Open"), tr("_Cancel"))!
        let media = gtk_file_filter_new()!
        gtk_file_filter_set_name(media, tr("Videos and audio"))
        mimeTypes.forEach { gtk_file_filter_add_mime_type(media, $0) }
        suffixes.forEach { gtk_file_filter_add_suffix(media, $0) }
        let all = gtk_file_filter_new()!
        gtk_file_filter_set_name(all, tr("All files"))
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(chooser, media)
        gtk_file_chooser_add_filter(chooser, all)
        gtk_file_chooser_set_filter(chooser, media)
        g_object_unref(UnsafeMutableRawPointer(media))
        g_object_unref(UnsafeMutableRawPointer(all))
        let dialog = UnsafeMutableRawPointer(chooser).assumingMemoryBound(to: GtkNativeDialog.self)
        gtk_native_dialog_set_modal(dialog, 1)
        // The chooser holds itself until it answers: this reference is let go in the response.
        Signals.connectResponse(UnsafeMutableRawPointer(chooser)) { response in
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                if let uri = g_file_get_uri(file) {
                    open(String(cString: uri))
                    g_free(uri)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            g_object_unref(UnsafeMutableRawPointer(chooser))
        }
        gtk_native_dialog_show(dialog)
    }
}
