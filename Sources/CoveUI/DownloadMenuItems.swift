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
            MenuActionItem.make(title, action: "win." + action, closing: close)
        }
    }
}
