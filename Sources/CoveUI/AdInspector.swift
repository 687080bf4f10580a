import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The ad inspector (More › Ad inspector), for publishers and ad operations: every step on the way to the current
/// video's client-side ads, one row each, as the state lists them: each request with its final address, each
/// answer with its time and VAST error, the ads found, the file chosen and those passed over, each beacon, each
/// error with its meaning. Copy puts the list on the clipboard as text. Addresses wrap anywhere, so a narrow
/// window shows them whole.
@MainActor
final class AdInspector {
    let window: Widget
    let list: Widget
    let copyButton: Widget
    private let empty: Widget
    private var shown: [AdInspectionEntry] = []

    init() {
        window = gtk_window_new()
        gtk_window_set_title(cast(window), tr("Ad inspector"))
        gtk_window_set_default_size(cast(window), 720, 480)
        gtk_window_set_hide_on_close(cast(window), 1)
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "cove-ad-inspector")
        empty = gtk_label_new(tr("No client-side ads for this video."))
        gtk_widget_add_css_class(empty, "dim-label")
        gtk_widget_set_margin_top(empty, 24)
        gtk_list_box_set_placeholder(cast(list), empty)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        AccessibleNames.nameScrollBars(of: scroller, tr("Ad inspector"))
        gtk_widget_set_vexpand(scroller, 1)
        copyButton = gtk_button_new_with_label(tr("Copy"))
        gtk_widget_set_halign(copyButton, GTK_ALIGN_END)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                     gtk_widget_set_margin_end] { side(content, 12) }
        gtk_box_append(cast(content), scroller)
        gtk_box_append(cast(content), copyButton)
        gtk_window_set_child(cast(window), content)
        Signals.connect(copyButton, "clicked") { [weak self] in
            guard let self else { return }
            gdk_clipboard_set_text(gtk_widget_get_clipboard(self.window), self.text)
        }
    }

    func present(over parent: Widget?) {
        if let parent {
            gtk_window_set_transient_for(cast(window), cast(parent))
            // It describes the player's video: it goes with the player's window.
            gtk_window_set_destroy_with_parent(cast(window), 1)
        }
        gtk_window_present(cast(window))
    }

    /// Shows `entries`, adding rows for new ones (the list only grows within a video, and starts again with the
    /// next).
    func show(_ entries: [AdInspectionEntry]) {
        if !entries.starts(with: shown) {
            while let row = gtk_list_box_get_row_at_index(cast(list), 0) {
                gtk_list_box_remove(cast(list), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
            }
            shown = []
        }
        for entry in entries.dropFirst(shown.count) { gtk_list_box_append(cast(list), Self.row(entry)) }
        shown = entries
    }

    /// The list as text: one line an entry.
    var text: String {
        shown.map { Self.heading($0) + "\t" + Self.body($0) }.joined(separator: "\n") + "\n"
    }

    /// The rows the list holds now.
    var rowCount: Int {
        var count: Int32 = 0
        while gtk_list_box_get_row_at_index(cast(list), count) != nil { count += 1 }
        return Int(count)
    }

    static func heading(_ entry: AdInspectionEntry) -> String {
        switch entry.kind {
        case .request: tr("Request")
        case .answer: tr("Answer")
        case .ads: tr("Ads")
        case .media: tr("Media file")
        case .beacon: tr("Beacon")
        case .error: tr("Error")
        }
    }

    static func body(_ entry: AdInspectionEntry) -> String {
        var parts: [String] = []
        if let address = entry.address { parts.append(address) }
        if let milliseconds = entry.milliseconds { parts.append(tr("%@ ms").replacingPlaceholder(with: String(milliseconds))) }
        if let code = entry.code { parts.append("VAST \(code)") }
        if let meaning = entry.meaning { parts.append(tr(meaning)) }
        if !entry.detail.isEmpty { parts.append(entry.detail.localized) }
        return parts.joined(separator: " · ")
    }

    private static func row(_ entry: AdInspectionEntry) -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_margin_top(box, 4)
        gtk_widget_set_margin_bottom(box, 4)
        let heading = gtk_label_new(heading(entry))!
        gtk_widget_add_css_class(heading, "heading")
        if entry.kind == .error || entry.code != nil { gtk_widget_add_css_class(heading, "error") }
        gtk_label_set_xalign(cast(heading), 0)
        gtk_label_set_width_chars(cast(heading), 10)
        gtk_widget_set_valign(heading, GTK_ALIGN_START)
        let body = gtk_label_new(body(entry))!
        gtk_label_set_xalign(cast(body), 0)
        gtk_label_set_wrap(cast(body), 1)
        gtk_label_set_wrap_mode(cast(body), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_selectable(cast(body), 1)
        gtk_widget_set_hexpand(body, 1)
        gtk_box_append(cast(box), heading)
        gtk_box_append(cast(box), body)
        return box
    }
}
