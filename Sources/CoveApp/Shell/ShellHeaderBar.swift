import CGtk
import CGtkShim
import CoveCore
import CoveUI

/// libadwaita's header bar with the primary menu at its end: the window's title bar, on the start page above the
/// page, in the player over the top of the picture (the player shows and hides it with its controls).
@MainActor
public enum ShellHeaderBar {
    /// `overVideo`: drawn on the picture, light on a dark veil, whatever the style.
    public static func make(overVideo: Bool) -> Widget {
        let bar = adw_header_bar_new()!
        adw_header_bar_pack_end(cast(bar), PrimaryMenu.button())
        if overVideo {
            // The window's title is the video's (WindowTitle); over the picture it would hide the top of it.
            let empty = gtk_label_new(nil)!
            cove_accessible_set_hidden(empty, 1)
            adw_header_bar_set_title_widget(cast(bar), empty)
            gtk_widget_add_css_class(bar, "cove-header-bar")
        }
        return bar
    }
}
