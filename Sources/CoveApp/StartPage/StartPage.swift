import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
import Glibc

/// What Cove shows when it was started with nothing to play (from the launcher): a GNOME status page, an icon, a
/// title, a line of text and the three ways to find something to watch. The buttons only name window actions
/// (`win.open-file`, …): whoever owns the window decides what they do, and the keyboard shortcuts share them.
@MainActor
public final class StartPage {
    public enum Action: String, CaseIterable {
        case openFile = "open-file"
        case openURL = "open-url"
        case videoCloud = "open-video-cloud"

        public var detailedName: String { "win." + rawValue }

        /// The shortcut (GTK accelerator syntax) from the one shortcut table; none for the Video Cloud form.
        @MainActor public var accelerator: String? {
            PlayerShortcuts.accelerators(for: detailedName).first
        }

        /// The button's label, which is also its accessible name.
        public var label: String {
            switch self {
            case .openFile: tr("Open File…")
            case .openURL: tr("Open URL…")
            case .videoCloud: tr("Play from Video Cloud…")
            }
        }
    }

    /// Scrolls when the window is shorter than the page.
    public let widget: Widget
    public private(set) var buttons: [Action: Widget] = [:]
    /// Why the last drop or choice was refused; hidden until then.
    private let refusal: Widget
    private let page: Widget
    private var recent: RecentPlaysList?

    public init() {
        StartPageStyle.install()
        // libadwaita's status page: the icon, the title and the line of text in GNOME's proportions, scrolling
        // when the window is shorter than the page.
        widget = adw_status_page_new()
        adw_status_page_set_icon_name(cast(widget), StartPage.iconName())
        adw_status_page_set_title(cast(widget), tr("Watch a Video"))
        adw_status_page_set_description(cast(widget), tr("Open a file or a link, drop one onto this window, or play from a Brightcove Video Cloud account."))
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        self.page = page
        gtk_widget_add_css_class(page, "cove-start-page")
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_box_set_homogeneous(cast(column), 1)
        gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(column, "cove-start-buttons")
        for action in Action.allCases {
            let button = gtk_button_new_with_label(action.label)!
            gtk_actionable_set_action_name(OpaquePointer(button), action.detailedName)
            cove_accessible_set_label(button, action.label)
            if let accelerator = action.accelerator {
                var key: guint = 0
                var modifiers = GdkModifierType(rawValue: 0)
                _ = gtk_accelerator_parse(accelerator, &key, &modifiers)
                if let shown = gtk_accelerator_get_label(key, modifiers) {
                    gtk_widget_set_tooltip_text(button, String(cString: shown))
                    g_free(shown)
                }
            }
            gtk_widget_add_css_class(button, "pill")
            if action == .openFile { gtk_widget_add_css_class(button, "suggested-action") }
            gtk_box_append(cast(column), button)
            buttons[action] = button
        }

        let downloads = gtk_button_new_with_label(tr("Downloads"))!
        gtk_widget_add_css_class(downloads, "flat")
        gtk_actionable_set_action_name(OpaquePointer(downloads), "win.downloads")
        gtk_box_append(cast(column), downloads)
        downloadsButton = downloads

        refusal = gtk_label_new(nil)
        gtk_widget_add_css_class(refusal, "error")
        gtk_widget_add_css_class(refusal, "cove-start-refusal")
        gtk_label_set_wrap(cast(refusal), 1)
        gtk_label_set_max_width_chars(cast(refusal), 44)
        gtk_label_set_justify(cast(refusal), GTK_JUSTIFY_CENTER)
        gtk_widget_set_visible(refusal, 0)

        for child in [column, refusal] { gtk_box_append(cast(page), child) }
        adw_status_page_set_child(cast(widget), page)
        // The status page scrolls in a window of its own making, whose bars are nameless.
        AccessibleNames.nameAll(under: widget, type: gtk_scrollbar_get_type(), tr("Start Page"))
    }

    /// Lists what was played before under the buttons (nothing when the list is empty); a click calls `play`.
    public func showRecent(_ plays: RecentPlays, play: @escaping (RecentPlay) -> Void,
                           download: ((RecentPlay) -> Void)? = nil) {
        guard recent == nil, !plays.entries.isEmpty else { return }
        let list = RecentPlaysList(plays, play: play, download: download)
        recent = list
        gtk_box_append(cast(page), list.widget)
    }

    /// The recently played entries' buttons, newest first.
    public var recentButtons: [Widget] { recent?.buttons ?? [] }
    /// The Download buttons beside the Video Cloud entries.
    public var recentDownloadButtons: [Widget] { recent?.downloadButtons ?? [] }
    /// "Downloads", under the three buttons (`win.downloads`).
    public private(set) var downloadsButton: Widget?

    public func showRefusal(_ message: String) {
        gtk_label_set_text(cast(refusal), message)
        gtk_widget_set_visible(refusal, 1)
    }

    public var refusalText: String? {
        gtk_widget_get_visible(refusal) != 0 ? String(cString: gtk_label_get_text(cast(refusal))) : nil
    }

    /// Cove's own icon once installed, a generic video icon in the build tree (where the theme has none).
    private static func iconName() -> String {
        let own = "io.github.cove.Player"
        guard let display = gdk_display_get_default() else { return own }
        return gtk_icon_theme_has_icon(gtk_icon_theme_get_for_display(display), own) != 0 ? own : "video-x-generic-symbolic"
    }
}

/// What the status page leaves to the page: the buttons' width, the space around the refusal and the list.
@MainActor
enum StartPageStyle {
    static let css = """
    .cove-start-page .cove-start-refusal { margin-top: 24px; }
    .cove-start-page .cove-start-recent { margin-top: 36px; min-width: 360px; }
    .cove-start-buttons button { min-width: 220px; }
    """

    private static var installedOn: OpaquePointer?

    static func install() {
        StyleSheet.install(css, installedOn: &installedOn)
    }
}
