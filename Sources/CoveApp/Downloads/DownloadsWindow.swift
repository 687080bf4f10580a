import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// The Downloads page: a window of its own beside the player (from the More menu and the start page), listing
/// every download newest first with its state, and Play, Pause/Resume, Cancel and Delete. One at a time: asking
/// again brings it to the front.
@MainActor
public final class DownloadsWindow {
    public let window: Widget
    private let manager: DownloadManager
    private let list: Widget
    private let empty: Widget
    private var rows: [DownloadRow] = []
    private let play: (DownloadRecord) -> Void
    private static weak var shown: DownloadsWindow?
    private var keepAlive: DownloadsWindow?

    /// Shows the page over `parent` (or brings the open one to the front); `play` plays a completed download.
    @discardableResult
    public static func present(over parent: Widget, manager: DownloadManager,
                               play: @escaping (DownloadRecord) -> Void) -> DownloadsWindow {
        if let shown {
            gtk_window_present(cast(shown.window))
            return shown
        }
        let page = DownloadsWindow(parent: parent, manager: manager, play: play)
        shown = page
        gtk_window_present(cast(page.window))
        return page
    }

    private init(parent: Widget, manager: DownloadManager, play: @escaping (DownloadRecord) -> Void) {
        self.manager = manager
        self.play = play
        window = gtk_window_new()
        gtk_window_set_title(cast(window), tr("Downloads"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), 560, 420)
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        cove_accessible_set_label(list, tr("Downloads"))
        // An empty list is libadwaita's status page, as in GNOME's own apps.
        empty = adw_status_page_new()
        adw_status_page_set_icon_name(cast(empty), "folder-download-symbolic")
        adw_status_page_set_title(cast(empty), tr("No Downloads"))
        adw_status_page_set_description(cast(empty), tr("No downloads yet. A video its publisher allows offline can be downloaded from the player’s More menu."))
        gtk_widget_set_vexpand(empty, 1)
        AccessibleNames.nameAll(under: empty, type: gtk_scrollbar_get_type(), tr("Downloads"))
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(content, 18) }
        gtk_box_append(cast(content), list)
        gtk_box_append(cast(content), empty)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), content)
        AccessibleNames.nameScrollBars(of: scroller, tr("Downloads"))
        gtk_window_set_child(cast(window), scroller)
        EscapeCloses.install(on: window)
        // The window keeps its page alive while it is open.
        keepAlive = self
        Signals.connect(window, "destroy") { [self] in
            self.keepAlive = nil
            if Self.shown === self { Self.shown = nil }
        }
        manager.addObserver { [weak self] in self?.refresh() }
        refresh()
    }

    /// The rows as the store and the running downloads say; rebuilt only when downloads come or go.
    func refresh() {
        guard keepAlive != nil else { return }
        let records = manager.records
        if records.map(\.id) != rows.map(\.recordID) {
            for row in rows { gtk_list_box_remove(cast(list), row.row) }
            rows = records.map { record in
                let poster = record.posterPath.map { manager.store.folder(of: record) + "/" + $0 }
                let id = record.id
                let row = DownloadRow(record: record, poster: poster) { [weak self] command in self?.perform(command, on: id) }
                gtk_list_box_append(cast(list), row.row)
                return row
            }
        }
        for (row, record) in zip(rows, records) {
            row.update(record, running: manager.isRunning(record), progress: manager.progress(of: record))
        }
        gtk_widget_set_visible(list, records.isEmpty ? 0 : 1)
        gtk_widget_set_visible(empty, records.isEmpty ? 1 : 0)
    }

    private func perform(_ command: DownloadRow.Command, on id: String) {
        guard let record = manager.store.record(id: id) else { return }
        switch command {
        case .play: play(record)
        case .pause: manager.pause(record)
        case .resume: manager.resume(record)
        case .cancel: manager.cancel(record)
        case .delete: manager.delete(record)
        }
    }

    /// For tests: the rows in order.
    var shownRows: [DownloadRow] { rows }

    public func close() { gtk_window_destroy(cast(window)) }
}
