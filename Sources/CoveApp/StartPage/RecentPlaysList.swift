import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// The start page's "Recently Played": one button per entry, newest first, with its poster (fetched over http(s)
/// only; a generic video icon for a file or a video without one), its title and the position reached.
@MainActor
final class RecentPlaysList {
    let widget: Widget
    /// Each entry's button, in order, for the tests.
    private(set) var buttons: [Widget] = []
    private let textures = RemoteTextures(assets: .network)

    /// Each Video Cloud entry's Download button, for the tests.
    private(set) var downloadButtons: [Widget] = []

    /// `download`, when given, adds a Download button beside each Video Cloud entry.
    init(_ plays: RecentPlays, play: @escaping (RecentPlay) -> Void, download: ((RecentPlay) -> Void)? = nil) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(widget, "cove-start-recent")
        let heading = gtk_label_new(tr("Recently Played"))!
        gtk_widget_add_css_class(heading, "heading")
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_box_append(cast(widget), heading)
        for entry in plays.entries {
            let button = row(for: entry)
            Signals.connect(button, "clicked") { play(entry) }
            buttons.append(button)
            guard let download, case .videoCloud = entry.target else {
                gtk_box_append(cast(widget), button)
                continue
            }
            let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
            gtk_widget_set_hexpand(button, 1)
            gtk_box_append(cast(line), button)
            let save = gtk_button_new_from_icon_name("folder-download-symbolic")!
            gtk_widget_add_css_class(save, "flat")
            gtk_widget_set_valign(save, GTK_ALIGN_CENTER)
            let label = tr("Download “%@”").replacingPlaceholder(with: entry.title)
            gtk_widget_set_tooltip_text(save, label)
            cove_accessible_set_label(save, label)
            Signals.connect(save, "clicked") { download(entry) }
            gtk_box_append(cast(line), save)
            gtk_box_append(cast(widget), line)
            downloadButtons.append(save)
        }
    }

    private func row(for entry: RecentPlay) -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let poster = gtk_picture_new()!
        gtk_widget_set_size_request(poster, 96, 54)
        gtk_widget_add_css_class(poster, "cove-recent-poster")
        cove_accessible_set_hidden(poster, 1)
        let placeholder = gtk_image_new_from_icon_name("video-x-generic-symbolic")!
        gtk_image_set_pixel_size(cast(placeholder), 32)
        gtk_widget_set_size_request(placeholder, 96, 54)
        cove_accessible_set_hidden(placeholder, 1)
        gtk_box_append(cast(box), placeholder)
        if let address = entry.poster {
            textures.texture(for: address) { texture in
                guard let texture else { return }
                gtk_picture_set_paintable(cast(poster), texture)
                gtk_widget_set_visible(placeholder, 0)
                gtk_box_prepend(cast(box), poster)
            }
        }

        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        let title = gtk_label_new(entry.title)!
        gtk_label_set_ellipsize(cast(title), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(cast(title), 36)
        gtk_widget_set_halign(title, GTK_ALIGN_START)
        let position = gtk_label_new(Self.positionText(entry.position))!
        gtk_widget_add_css_class(position, "dim-label")
        gtk_widget_set_halign(position, GTK_ALIGN_START)
        gtk_box_append(cast(text), title)
        gtk_box_append(cast(text), position)
        gtk_box_append(cast(box), text)

        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "flat")
        gtk_button_set_child(cast(button), box)
        cove_accessible_set_label(button, entry.title)
        gtk_widget_set_tooltip_text(button, tr("Play “%@” again").replacingPlaceholder(with: entry.title))
        return button
    }

    static func positionText(_ seconds: Double) -> String {
        seconds < 1 ? tr("Not started")
            : tr("Stopped at %@").replacingPlaceholder(with: TimeFormatting.formatTime(seconds))
    }
}
