import CGtk
import CoveCore
import CoveGLib

/// "Download…" and "Downloads" in the More menu (Cove's app menu), bound to `win.download` and `win.downloads`,
/// which the app installs on its window: GTK makes "Download…" insensitive while the video playing cannot be
/// downloaded (not a Video Cloud video, not allowed offline, already downloaded), and both where there are none.
public enum DownloadMenuItems {
    public static let downloadAction = "download"
    public static let downloadsAction = "downloads"

    static func make(closing close: @escaping @MainActor () -> Void) -> [Widget] {
        [(tr("Download…"), downloadAction), (tr("Downloads"), downloadsAction)].map { title, action in
            let button = gtk_button_new_with_label(title)!
            gtk_widget_add_css_class(button, "flat")
            if let label = gtk_button_get_child(cast(button)) { gtk_label_set_xalign(cast(label), 0) }
            gtk_actionable_set_action_name(OpaquePointer(button), "win." + action)
            Signals.connect(button, "clicked") { close() }
            return button
        }
    }
}
