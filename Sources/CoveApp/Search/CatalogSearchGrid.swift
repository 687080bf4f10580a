import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// The results as a GtkGridView: a few cells recycled while scrolling, however many pages arrive. Each cell is a
/// button (poster, name, duration, tags) whose accessible label says all of it; a click chooses the result.
@MainActor
final class CatalogSearchGrid {
    let widget: Widget
    let scroller: Widget
    private let model: OpaquePointer
    private let signals = ListItemSignals()
    private var factory: OpaquePointer { signals.factory }
    private let textures = RemoteTextures(assets: .network)
    private var items: [CatalogSearchItem] = []
    private var cells: [OpaquePointer: Cell] = [:]
    var onChoose: (Int) -> Void = { _ in }
    /// Called when the viewer scrolled near the end (or the results do not fill the view): time for the next page.
    var onNearEnd: () -> Void = {}

    final class Cell {
        let button: Widget
        let picture: Widget
        let name: Widget
        let duration: Widget
        let tags: Widget
        var index: Int?

        init() {
            button = gtk_button_new()
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "cove-search-result")
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            picture = gtk_picture_new()
            gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
            // A poster's own size (often 1280×720) must not widen the cell, or the grid falls to one column: the
            // picture is an overlay, which takes no part in measuring, over a 152×86 placeholder.
            let frame = gtk_overlay_new()!
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_size_request(placeholder, 152, 86)
            gtk_overlay_set_child(cast(frame), placeholder)
            gtk_overlay_add_overlay(cast(frame), picture)
            gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
            gtk_widget_add_css_class(frame, "cove-search-poster")
            cove_accessible_set_hidden(frame, 1)
            gtk_box_append(cast(box), frame)
            name = Self.label("cove-search-name")
            gtk_label_set_wrap(cast(name), 1)
            gtk_label_set_lines(cast(name), 2)
            gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_END)
            duration = Self.label("cove-search-duration")
            tags = Self.label("cove-search-tags")
            gtk_label_set_ellipsize(cast(tags), PANGO_ELLIPSIZE_END)
            // As wide as the poster, whatever the text: the grid's columns then stay even.
            for label in [name, tags] { gtk_label_set_max_width_chars(cast(label), 1) }
            for part in [name, duration, tags] {
                gtk_box_append(cast(box), part)
                // The button's label says everything; its parts would only repeat it.
                cove_accessible_set_hidden(part, 1)
            }
            gtk_button_set_child(cast(button), box)
        }

        private static func label(_ style: String) -> Widget {
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(cast(label), 0)
            gtk_widget_add_css_class(label, style)
            return label
        }
    }

    init() {
        CatalogSearchStyle.install()
        model = gtk_string_list_new(nil)!
        let grid = gtk_grid_view_new(gtk_no_selection_new(model), signals.factory)!
        g_object_ref(UnsafeMutableRawPointer(model))
        g_object_ref(UnsafeMutableRawPointer(signals.factory))
        gtk_grid_view_set_min_columns(OpaquePointer(grid), 1)
        gtk_grid_view_set_max_columns(OpaquePointer(grid), 6)
        gtk_widget_add_css_class(grid, "cove-search-grid")
        cove_accessible_set_label(grid, tr("Search results"))
        widget = grid
        scroller = gtk_scrolled_window_new()
        AccessibleNames.nameScrollBars(of: scroller, tr("Search Results"))
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // One row of results at least: with them the form stays within a 768-pixel screen's room.
        gtk_scrolled_window_set_min_content_height(cast(scroller), 190)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_scrolled_window_set_child(cast(scroller), grid)
        connect("setup") { [unowned self] item in self.setup(item) }
        connect("bind") { [unowned self] item in self.bind(item) }
        connect("unbind") { [unowned self] item in self.cells[item]?.index = nil }
        let adjustment = UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(cast(scroller))!)
        // "changed": the results were laid out or the view resized (a page that leaves room below it, in a tall
        // window, calls for the next at once); "value-changed": the viewer scrolled. Only after layout: before it
        // the adjustment still measures the previous results.
        for signal in ["changed", "value-changed"] {
            Signals.connect(adjustment, signal) { [unowned self] in self.checkNearEnd() }
        }
    }

    var count: Int { items.count }

    /// Shows `items` in place of what was shown (a new search) or, when they extend it, appends the new ones so the
    /// viewer keeps their place.
    func show(_ newItems: [CatalogSearchItem]) {
        let extending = newItems.count >= items.count && Array(newItems.prefix(items.count)) == items
        guard !extending || newItems.count > items.count else { return }
        let start = extending ? items.count : 0
        let removed = extending ? 0 : items.count
        // A new search starts at the top; scrolled there while the old results are still laid out.
        if !extending, let adjustment = gtk_scrolled_window_get_vadjustment(cast(scroller)),
           gtk_adjustment_get_value(adjustment) > 0 {
            gtk_adjustment_set_value(adjustment, 0)
        }
        items = newItems
        let strings = newItems.indices.dropFirst(start).map { strdup(String($0)) }
        var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
        gtk_string_list_splice(model, guint(start), guint(removed), &pointers)
        strings.forEach { free($0) }
    }

    /// Within half a screenful of the end, or not enough results to scroll: asks for more.
    private func checkNearEnd() {
        guard !items.isEmpty, let adjustment = gtk_scrolled_window_get_vadjustment(cast(scroller)) else { return }
        let value = gtk_adjustment_get_value(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        let upper = gtk_adjustment_get_upper(adjustment)
        guard page > 0 else { return }
        if value + page * 1.5 >= upper { onNearEnd() }
    }

    /// The cell showing `index` now, if it is on screen; for tests.
    func cell(at index: Int) -> Cell? { cells.values.first { $0.index == index } }

    private func setup(_ listItem: OpaquePointer) {
        let cell = Cell()
        cells[listItem] = cell
        Signals.connect(UnsafeMutableRawPointer(cell.button), "clicked") { [unowned self, unowned cell] in
            if let index = cell.index { self.onChoose(index) }
        }
        gtk_list_item_set_child(listItem, cell.button)
        gtk_list_item_set_activatable(listItem, 0)
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let cell = cells[listItem] else { return }
        let index = Int(gtk_list_item_get_position(listItem))
        guard items.indices.contains(index) else { return }
        let item = items[index]
        cell.index = index
        gtk_label_set_text(cast(cell.name), item.name)
        gtk_label_set_text(cast(cell.duration), item.duration)
        gtk_label_set_text(cast(cell.tags), item.tags)
        gtk_widget_set_visible(cell.tags, item.tags.isEmpty ? 0 : 1)
        gtk_widget_set_tooltip_text(cell.button, item.name)
        cove_accessible_set_label(cell.button, item.accessibleLabel)
        gtk_picture_set_paintable(cast(cell.picture), nil)
        guard let url = item.fetchablePoster else { return }
        textures.texture(for: url) { [weak cell] texture in
            // The cell may show another result by now (recycled while scrolling).
            guard let cell, cell.index == index, let texture else { return }
            gtk_picture_set_paintable(cast(cell.picture), texture)
        }
    }

    private func connect(_ signal: String, _ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        signals.connect(signal, handler)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
    }
}

/// The results' look: theme colours, a rounded poster, the name over a dimmer duration and tags.
@MainActor
enum CatalogSearchStyle {
    static let css = """
    .cove-search-grid { background: none; }
    button.flat.cove-search-result { padding: 4px; }
    gridview.cove-search-grid > child { padding: 2px; }
    .cove-search-poster { border-radius: 6px; background-color: alpha(currentColor, 0.08); }
    .cove-search-name { font-weight: bold; }
    .cove-search-duration, .cove-search-tags { font-size: smaller; opacity: 0.75; }
    .cove-search-status { margin: 12px 0; }
    """

    private static var installedOn: OpaquePointer?

    static func install() {
        StyleSheet.install(css, installedOn: &installedOn)
    }
}
