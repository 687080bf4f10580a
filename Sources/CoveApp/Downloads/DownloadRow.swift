import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// One download on the Downloads page: poster, name, quality and size, state (with a progress bar while it runs)
/// and the buttons its state allows. Updated in place, so keyboard focus and a screen reader's place survive the
/// progress reports; the row's accessible label says all of it in one sentence.
@MainActor
final class DownloadRow {
    enum Command { case play, pause, resume, cancel, delete }

    let row: Widget
    let recordID: String
    private let name: Widget
    private let detail: Widget
    private let status: Widget
    private let bar: Widget
    private(set) var buttons: [Command: Widget] = [:]

    init(record: DownloadRecord, poster: String?, perform: @escaping (Command) -> Void) {
        recordID = record.id
        row = gtk_list_box_row_new()
        gtk_widget_add_css_class(row, "cove-download")
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(box, 8) }
        let picture = poster.map { gtk_picture_new_for_filename($0)! } ?? gtk_image_new_from_icon_name("video-x-generic-symbolic")!
        gtk_widget_set_size_request(picture, 96, 54)
        gtk_widget_add_css_class(picture, "cove-download-poster")
        cove_accessible_set_hidden(picture, 1)
        gtk_box_append(cast(box), picture)

        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(text, 1)
        name = gtk_label_new(record.name)
        gtk_widget_add_css_class(name, "heading")
        detail = gtk_label_new(nil)
        gtk_widget_add_css_class(detail, "dim-label")
        status = gtk_label_new(nil)
        bar = gtk_progress_bar_new()
        for label in [name, detail, status] {
            gtk_label_set_xalign(cast(label), 0)
            gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
            gtk_box_append(cast(text), label)
        }
        gtk_label_set_ellipsize(cast(status), PANGO_ELLIPSIZE_NONE)
        gtk_label_set_wrap(cast(status), 1)
        gtk_box_append(cast(text), bar)
        gtk_box_append(cast(box), text)

        let actions = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_widget_set_valign(actions, GTK_ALIGN_CENTER)
        let made: [(Command, String, String)] = [
            (.play, "media-playback-start-symbolic", tr("Play")),
            (.pause, "media-playback-pause-symbolic", tr("Pause Download")),
            (.resume, "folder-download-symbolic", tr("Resume Download")),
            (.cancel, "process-stop-symbolic", tr("Cancel Download")),
            (.delete, "user-trash-symbolic", tr("Delete Download")),
        ]
        for (command, icon, label) in made {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "circular")
            gtk_widget_set_tooltip_text(button, label)
            cove_accessible_set_label(button, label)
            Signals.connect(button, "clicked") { perform(command) }
            gtk_box_append(cast(actions), button)
            buttons[command] = button
        }
        gtk_box_append(cast(box), actions)
        gtk_list_box_row_set_child(cast(row), box)
        gtk_list_box_row_set_activatable(cast(row), 0)
    }

    /// What the row says and offers now.
    func update(_ record: DownloadRecord, running: Bool, progress: DownloadProgress?) {
        gtk_label_set_text(cast(name), record.name)
        let size = record.bytesTotal > 0 ? ByteCountText.text(record.bytesTotal) : nil
        let quality = [record.quality, size].compactMap { $0 }.joined(separator: " · ")
        gtk_label_set_text(cast(detail), quality)
        let state = DownloadStatusText.state(record, running: running)
        let line = DownloadStatusText.detail(record, running: running, progress: progress)
        gtk_label_set_text(cast(status), line == state || record.state == .completed ? state : state + " — " + line)
        let isFailed: Bool = if case .failed = record.state { true } else { false }
        if isFailed { gtk_widget_add_css_class(status, "error") } else { gtk_widget_remove_css_class(status, "error") }
        gtk_widget_set_visible(bar, running ? 1 : 0)
        let fraction = progress?.fraction ?? (record.bytesTotal > 0 ? Double(record.bytesDone) / Double(record.bytesTotal) : 0)
        gtk_progress_bar_set_fraction(cast(bar), min(1, max(0, fraction)))
        cove_accessible_set_label(bar, tr("Progress"))
        let shown: Set<Command> = record.isComplete ? [.play, .delete] : running ? [.pause, .cancel] : [.resume, .delete]
        for (command, button) in buttons { gtk_widget_set_visible(button, shown.contains(command) ? 1 : 0) }
        cove_accessible_set_label(row, [record.name, quality, gtk_label_get_text(cast(status)).map { String(cString: $0) }]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", "))
    }

    var statusText: String { String(cString: gtk_label_get_text(cast(status))) }
}
