import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// Makes and fills the strip's rows for GtkListView: a few button widgets recycled while scrolling, however long
/// the playlist. Each row is a button (poster, name, duration, a "Playing" mark) whose accessible label is all of it.
@MainActor
final class PlaylistStripFactory {
    private let signals = ListItemSignals()
    var factory: OpaquePointer { signals.factory }
    /// The item at a row (an index of the strip's items), and whether it is the one playing.
    var item: (Int) -> PlaylistStripItem? = { _ in nil }
    var isPlaying: (Int) -> Bool = { _ in false }
    var onChoose: (Int) -> Void = { _ in }
    private let textures: RemoteTextures
    /// The rows bound now, by item index: marks are updated in place when the playing video changes.
    private var bound: [Int: Row] = [:]

    final class Row {
        let button: Widget
        let picture: Widget
        let name: Widget
        let detail: Widget
        let mark: Widget
        var index: Int?

        init() {
            button = gtk_button_new()
            gtk_widget_add_css_class(button, "cove-strip-item")
            gtk_widget_add_css_class(button, "flat")
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
            picture = gtk_picture_new()
            gtk_widget_add_css_class(picture, "cove-strip-poster")
            gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
            gtk_widget_set_size_request(picture, 96, 54)
            gtk_widget_set_valign(picture, GTK_ALIGN_CENTER)
            let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
            gtk_widget_set_hexpand(text, 1)
            name = gtk_label_new(nil)
            gtk_label_set_wrap(cast(name), 1)
            gtk_label_set_lines(cast(name), 2)
            gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_END)
            gtk_label_set_xalign(cast(name), 0)
            gtk_widget_add_css_class(name, "cove-strip-name")
            detail = gtk_label_new(nil)
            gtk_label_set_xalign(cast(detail), 0)
            gtk_widget_add_css_class(detail, "cove-strip-detail")
            mark = gtk_label_new(tr("Playing"))
            gtk_label_set_xalign(cast(mark), 0)
            gtk_widget_add_css_class(mark, "cove-strip-mark")
            gtk_box_append(cast(text), name)
            gtk_box_append(cast(text), detail)
            gtk_box_append(cast(text), mark)
            gtk_box_append(cast(box), picture)
            gtk_box_append(cast(box), text)
            gtk_button_set_child(cast(button), box)
            // The button's label says everything; its parts would only repeat it.
            for part in [picture, name, detail, mark] { cove_accessible_set_hidden(part, 1) }
        }
    }

    init(textures: RemoteTextures) {
        self.textures = textures
        connect("setup") { [unowned self] listItem in self.setup(listItem) }
        connect("bind") { [unowned self] listItem in self.bind(listItem) }
        connect("unbind") { [unowned self] listItem in self.unbind(listItem) }
    }

    /// Refreshes the mark of every bound row (the playing video changed).
    func refreshMarks() {
        for (index, row) in bound { mark(row, playing: isPlaying(index)) }
    }

    /// Whether the row for `index` is on screen now; for tests.
    func row(at index: Int) -> Row? { bound[index] }

    private var rows: [OpaquePointer: Row] = [:]

    private func setup(_ listItem: OpaquePointer) {
        let row = Row()
        rows[listItem] = row
        Signals.connect(UnsafeMutableRawPointer(row.button), "clicked") { [unowned self, unowned row] in
            if let index = row.index { self.onChoose(index) }
        }
        gtk_list_item_set_child(listItem, row.button)
        // The button is the tab stop, not the row around it.
        gtk_list_item_set_activatable(listItem, 0)
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let row = rows[listItem] else { return }
        let index = Int(gtk_list_item_get_position(listItem))
        guard let item = item(index) else { return }
        row.index = index
        bound[index] = row
        gtk_label_set_text(cast(row.name), item.name)
        gtk_label_set_text(cast(row.detail), item.detail)
        gtk_widget_set_tooltip_text(row.button, item.name)
        mark(row, playing: isPlaying(index))
        gtk_picture_set_paintable(cast(row.picture), nil)
        gtk_widget_remove_css_class(row.picture, "cove-strip-poster-loaded")
        guard let url = item.fetchablePoster else { return }
        textures.texture(for: url) { [weak row] texture in
            // The row may show another item by now (recycled while scrolling).
            guard let row, row.index == index, let texture else { return }
            gtk_picture_set_paintable(cast(row.picture), texture)
            gtk_widget_add_css_class(row.picture, "cove-strip-poster-loaded")
        }
    }

    private func unbind(_ listItem: OpaquePointer) {
        guard let row = rows[listItem], let index = row.index else { return }
        if bound[index] === row { bound[index] = nil }
        row.index = nil
    }

    private func mark(_ row: Row, playing: Bool) {
        guard let index = row.index, let item = item(index) else { return }
        gtk_widget_set_visible(row.mark, playing ? 1 : 0)
        if playing { gtk_widget_add_css_class(row.button, "cove-strip-playing") }
        else { gtk_widget_remove_css_class(row.button, "cove-strip-playing") }
        cove_accessible_set_label(row.button, item.accessibleLabel(playing: playing))
    }

    private func connect(_ signal: String, _ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        signals.connect(signal, handler)
    }
}
