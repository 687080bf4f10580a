import CGLib
import CGtk
import CoveApp
import CoveCore
import CoveGLib
import CoveUI

/// About Cove (`app.about`, the primary menu's last item): libadwaita's About window, filled from the metainfo
/// (website, issue link, licence, the newest release and its notes) and the troubleshooting text
/// `cove --version --verbose` prints.
@MainActor
enum AboutCove {
    static func installAction(on application: OpaquePointer, window: Widget) {
        Actions.add("about", to: application) { present(over: window) }
        // The shortcuts window, also from the start page, where no player is there to own it.
        Actions.add("shortcuts", to: application) { ShortcutsWindow.present(over: window) }
    }

    static func present(over window: Widget) {
        let info = Installation.metainfoPath().flatMap(read) ?? AppMetainfo()
        let about = adw_about_window_new()!
        gtk_window_set_transient_for(cast(about), cast(window))
        gtk_window_set_modal(cast(about), 1)
        gtk_window_set_title(cast(about), tr("About Cove"))
        let aboutWindow: OpaquePointer = cast(about)
        adw_about_window_set_application_name(aboutWindow, "Cove")
        adw_about_window_set_application_icon(aboutWindow, iconName(for: about))
        adw_about_window_set_version(aboutWindow, CoveVersion.string)
        adw_about_window_set_developer_name(aboutWindow, info.developer ?? "The Cove developers")
        // TRANSLATORS: the About window's line under the name.
        adw_about_window_set_comments(aboutWindow, tr("Watch and check Brightcove Video Cloud videos"))
        if let homepage = info.homepage { adw_about_window_set_website(aboutWindow, homepage) }
        if let issues = info.issueTracker { adw_about_window_set_issue_url(aboutWindow, issues) }
        adw_about_window_set_license_type(aboutWindow, licenseType(info.license))
        adw_about_window_set_copyright(aboutWindow, "© 2026 " + (info.developer ?? "The Cove developers"))
        // Notes belong to a version: the ones the metainfo has for this one, or none.
        if let notes = info.releaseNotes, info.releaseVersion == CoveVersion.string {
            adw_about_window_set_release_notes_version(aboutWindow, CoveVersion.string)
            adw_about_window_set_release_notes(aboutWindow, notes)
        }
        adw_about_window_set_debug_info(aboutWindow, Troubleshooting.text)
        adw_about_window_set_debug_info_filename(aboutWindow, "cove-troubleshooting.txt")
        credit(aboutWindow, tr("Built with"), ["GTK https://gtk.org", "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
                                               "GStreamer https://gstreamer.freedesktop.org", "libcurl https://curl.se"])
        gtk_window_present(cast(about))
    }

    /// Cove's own icon once installed; in the build tree, where the theme has none, a generic video icon.
    private static func iconName(for window: Widget) -> String {
        let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(window))
        return gtk_icon_theme_has_icon(theme, CoveApplication.applicationID) != 0 ? CoveApplication.applicationID
            : "video-x-generic"
    }

    private static func read(_ path: String) -> AppMetainfo? {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
        defer { g_free(contents) }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: contents, count: Int(length)))
        return AppMetainfo(bytes)
    }

    private static func licenseType(_ spdx: String?) -> GtkLicense {
        switch spdx {
        case "GPL-3.0-or-later"?: GTK_LICENSE_GPL_3_0
        case "GPL-3.0-only"?, "GPL-3.0"?: GTK_LICENSE_GPL_3_0_ONLY
        case "MIT"?: GTK_LICENSE_MIT_X11
        case "Apache-2.0"?: GTK_LICENSE_APACHE_2_0
        default: GTK_LICENSE_UNKNOWN
        }
    }

    /// An acknowledgement section: names with their addresses ("Name https://…", as AdwAboutWindow reads them).
    private static func credit(_ about: OpaquePointer, _ title: String, _ people: [String]) {
        let copies = people.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var list: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        adw_about_window_add_acknowledgement_section(about, title, &list)
    }
}
