import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveUI

/// The primary menu (F10), at the end of every header bar: what the start page offers, then Downloads, then the
/// application's own windows, in GNOME's order. The items only name actions; the application and the window own
/// them, so the start page's buttons, the keys and the menu never differ.
@MainActor
public enum PrimaryMenu {
    public struct Item: Sendable, Equatable {
        public let label: String
        public let action: String
    }

    /// The menu's sections, each a list of items, top to bottom.
    public static var sections: [[Item]] {
        [
            StartPage.Action.allCases.map { Item(label: $0.label, action: $0.detailedName) },
            [Item(label: tr("Downloads"), action: "win." + DownloadMenuItems.downloadsAction)],
            [Item(label: tr("Preferences"), action: "app.preferences"),
             Item(label: tr("Keyboard Shortcuts"), action: "app.shortcuts"),
             Item(label: tr("About Cove"), action: "app.about")],
        ]
    }

    /// The menu's accessible name, also its tooltip (GNOME's word for it).
    public static var name: String { tr("Main Menu") }

    /// A menu button holding the menu; F10 opens it while its window has it.
    public static func button() -> Widget {
        let menu = g_menu_new()!
        for section in sections {
            let part = g_menu_new()!
            for item in section { g_menu_append(part, item.label, item.action) }
            g_menu_append_section(menu, nil, UnsafeMutablePointer(part))
            g_object_unref(UnsafeMutableRawPointer(part))
        }
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(cast(button), UnsafeMutablePointer(menu))
        gtk_menu_button_set_primary(cast(button), 1)
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_widget_set_tooltip_text(button, name)
        cove_accessible_set_label(button, name)
        return button
    }
}
