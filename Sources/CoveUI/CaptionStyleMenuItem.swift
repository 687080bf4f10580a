import CGtk
import CoveCore
import CoveGLib

/// "Caption Style…" as the player's menus offer it (Audio & Subtitles, and More, which stands in for an app menu):
/// bound to `win.caption-style`, which the window that shows the player provides (GTK makes the item insensitive
/// where there is none), closing its menu when chosen.
enum CaptionStyleMenuItem {
    static func make(closing close: @escaping @MainActor () -> Void) -> Widget {
        MenuActionItem.make(tr("Caption Style…"), action: "win.caption-style", closing: close)
    }
}
