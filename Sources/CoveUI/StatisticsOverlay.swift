import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// "Statistics for nerds" over the video (`i`, More › Statistics): a grid of figures in monospace on a dark
/// panel, a Copy button that puts the same as plain text on the clipboard, and the last minute of bandwidth and
/// buffer as a graph. Rows follow the text direction; each value takes the direction of its first letter, so IDs,
/// codecs and numbers read left to right and translated figures ("268 shown") in the language's own.
final class StatisticsOverlay {
    let root: Widget
    let copyButton: Widget
    private let copyLabel: Widget
    let closeButton: Widget
    let graph = StatisticsGraph()
    private let grid: Widget
    private let labelColumn = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)!
    private let scales: Widget
    private var rows: [(label: Widget, value: Widget)] = []
    /// What Copy copies: the figures last shown.
    private(set) var shownText = ""
    private var lines: [StatisticsReport.Line] = []
    /// Narrower than this, each row reads "label: value" in one wrapped line: two columns no longer fit.
    static let compactWidth = 400
    private(set) var isCompact = false

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(root, "cove-statistics")
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_set_margin_top(root, 12)
        gtk_widget_set_margin_start(root, 12)
        gtk_widget_set_margin_end(root, 12)
        gtk_widget_set_visible(root, 0)
        // Held by this object too: a sample due after the window went must not meet freed labels.
        g_object_ref_sink(UnsafeMutableRawPointer(root))
        cove_accessible_set_label(root, tr("Statistics"))

        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let title = gtk_label_new(tr("Statistics"))!
        gtk_widget_add_css_class(title, "heading")
        gtk_widget_set_hexpand(title, 1)
        gtk_label_set_xalign(cast(title), 0)
        gtk_label_set_wrap(cast(title), 1)
        gtk_label_set_wrap_mode(cast(title), PANGO_WRAP_WORD_CHAR)
        gtk_box_append(cast(header), title)
        // An icon and a word; a narrow player keeps the icon only (the name stays for screen readers).
        copyButton = gtk_button_new()
        let copyContent = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cast(copyContent), gtk_image_new_from_icon_name("edit-copy-symbolic"))
        copyLabel = gtk_label_new(tr("Copy"))
        gtk_box_append(cast(copyContent), copyLabel)
        gtk_button_set_child(cast(copyButton), copyContent)
        cove_accessible_set_label(copyButton, tr("Copy"))
        gtk_widget_set_tooltip_text(copyButton, tr("Copy the statistics as text"))
        gtk_box_append(cast(header), copyButton)
        closeButton = gtk_button_new_from_icon_name("window-close-symbolic")
        gtk_widget_add_css_class(closeButton, "flat")
        cove_accessible_set_label(closeButton, tr("Close Statistics"))
        gtk_widget_set_tooltip_text(closeButton, tr("Close Statistics"))
        gtk_box_append(cast(header), closeButton)
        gtk_box_append(cast(root), header)

        // Rows of boxes rather than a GtkGrid: GTK 4.8's grid gives wrapped rows less height than they need in a
        // narrow window. The labels' column keeps one width through a size group.
        grid = gtk_box_new(GTK_ORIENTATION_VERTICAL, 1)
        gtk_widget_add_css_class(grid, "cove-statistics-rows")
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(cast(content), grid)
        gtk_box_append(cast(content), graph.area)
        // Scrolls when the window is lower than the figures.
        let scroller = gtk_scrolled_window_new()!
        AccessibleNames.nameScrollBars(of: scroller, tr("Statistics"))
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_width(cast(scroller), 1)
        gtk_scrolled_window_set_child(cast(scroller), content)
        gtk_box_append(cast(root), scroller)
        scales = gtk_label_new(nil)
        gtk_widget_add_css_class(scales, "cove-statistics-scales")
        gtk_label_set_xalign(cast(scales), 0)
        gtk_label_set_wrap(cast(scales), 1)
        gtk_label_set_wrap_mode(cast(scales), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_use_markup(cast(scales), 1)
        gtk_box_append(cast(root), scales)
        Signals.connect(copyButton, "clicked") { [weak self] in self?.copy() }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    var isShown: Bool { gtk_widget_get_visible(root) != 0 }

    func setShown(_ shown: Bool) {
        gtk_widget_set_visible(root, shown ? 1 : 0)
        if !shown { graph.history.clear() }
    }

    /// Shows `stats` and adds them to the graph.
    func show(_ stats: PlaybackStatistics) {
        lines = StatisticsReport.lines(stats)
        showLines()
        shownText = StatisticsReport.plainText(stats)
        graph.history.append(stats)
        let bandwidth = "\u{2066}" + StatisticsReport.formatBitrate(graph.history.bandwidthScale) + "\u{2069}"
        let buffer = "\u{2066}" + StatisticsReport.formatSeconds(graph.history.bufferScale) + "\u{2069}"
        let legend = tr("%@ bandwidth (top: %@)  %@ buffer (top: %@)")
            .filling("<span foreground=\"#d62485\">━</span>", escaped(bandwidth), "<span foreground=\"white\">━</span>",
                     escaped(buffer))
        gtk_label_set_markup(cast(scales), legend)
    }

    /// The player's width decides between two columns and one, and the panel keeps clear of the control bar
    /// (`barHeight`; a window lower than the figures scrolls them). Told during allocation, so the panel changes
    /// on the loop's next turn.
    func fit(width: Int, barHeight: Int) {
        let compact = width < Self.compactWidth
        let margin = Int32(barHeight + 24)
        guard compact != isCompact || margin != gtk_widget_get_margin_bottom(root) else { return }
        isCompact = compact
        _ = MainLoop.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            gtk_widget_set_margin_bottom(self.root, margin)
            self.showLines()
        }
    }

    private func showLines() {
        gtk_widget_set_visible(copyLabel, isCompact ? 0 : 1)
        while rows.count < lines.count { addRow() }
        for (index, row) in rows.enumerated() {
            let shown = index < lines.count
            gtk_widget_set_visible(row.label, shown && !isCompact ? 1 : 0)
            gtk_widget_set_visible(row.value, shown ? 1 : 0)
            guard shown else { continue }
            let line = lines[index]
            setText(row.label, line.label)
            // First-strong isolates: a value of digits and signs alone ("320×180") keeps its order in a
            // right-to-left paragraph, and one with words takes their direction.
            let value = "\u{2068}" + line.value + "\u{2069}"
            setText(row.value, isCompact ? tr("%@: %@").filling(line.label, value) : value)
        }
    }

    /// The value a row shows now, by its label (for tests).
    func value(of label: String) -> String? {
        guard let index = lines.firstIndex(where: { $0.label == label }), index < rows.count,
              gtk_widget_get_visible(rows[index].value) != 0 else { return nil }
        return lines[index].value
    }

    func copy() {
        guard !shownText.isEmpty else { return }
        gdk_clipboard_set_text(gtk_widget_get_clipboard(root), shownText)
    }

    private func addRow() {
        // Both columns wrap, so the panel fits beside an open playlist in a narrow window.
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        gtk_widget_add_css_class(label, "cove-statistics-label")
        let value = gtk_label_new(nil)!
        gtk_label_set_xalign(cast(value), 0)
        gtk_label_set_wrap(cast(value), 1)
        gtk_label_set_wrap_mode(cast(value), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(cast(value), 64)
        gtk_label_set_selectable(cast(value), 0)
        gtk_widget_set_hexpand(value, 1)
        gtk_size_group_add_widget(labelColumn, label)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_box_append(cast(row), label)
        gtk_box_append(cast(row), value)
        gtk_box_append(cast(grid), row)
        rows.append((label, value))
    }

    /// Only when it changed: a label set to the same text twice a second would still relayout.
    private func setText(_ label: Widget, _ text: String) {
        guard String(cString: gtk_label_get_text(cast(label))) != text else { return }
        gtk_label_set_text(cast(label), text)
    }

    private func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
