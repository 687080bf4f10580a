import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A GtkLayoutManager that places a container's children where the elastic layout engine (CoveCore) says: the
/// standard or compact rows of a ControlLayout, mirrored in right-to-left locales. GtkCustomLayout's callbacks carry
/// no user data, so each container finds its Swift owner in a registry keyed by the widget.
@MainActor
final class ElasticLayout {
    let container: Widget
    var layout: ControlLayout { didSet { gtk_widget_queue_resize(container) } }
    /// The widget shown for a layout view; nil leaves the view's space empty.
    var widgetForView: (LayoutView) -> Widget? = { _ in nil }
    /// Called after each allocation with the arrangement used, so the owner can report compact/standard changes.
    var onAllocate: (LayoutResult) -> Void = { _ in }
    private(set) var lastResult: LayoutResult?
    private var isReorderPending = false
    /// Seconds a control takes to move to its place when the bar switches between standard and compact.
    var arrangementMoveDuration = 0.25
    private var move: ArrangementMove?
    /// Where each control was last shown (mid-move included), for the next move to start from.
    private var shownRects: [UnsafeMutableRawPointer: GtkAllocation] = [:]
    private var tickID: guint = 0

    private static var owners: [UnsafeMutableRawPointer: ElasticLayout] = [:]

    init(container: Widget, layout: ControlLayout) {
        self.container = container
        self.layout = layout
        Self.owners[UnsafeMutableRawPointer(container)] = self
        let manager = gtk_custom_layout_new(
            { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { widget, orientation, forSize, minimum, natural, _, _ in
                MainActor.assumeIsolated {
                    ElasticLayout.owner(of: widget)?.measure(orientation, forSize, minimum, natural)
                }
            },
            { widget, width, height, _ in
                MainActor.assumeIsolated { ElasticLayout.owner(of: widget)?.allocate(width: width, height: height) }
            })
        gtk_widget_set_layout_manager(container, manager)
    }

    /// Forgets the container (call when it is destroyed).
    func detach() {
        Self.owners[UnsafeMutableRawPointer(container)] = nil
    }

    private static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> ElasticLayout? {
        widget.flatMap { owners[UnsafeMutableRawPointer($0)] }
    }

    private var isMirrored: Bool { gtk_widget_get_direction(container) == GTK_TEXT_DIR_RTL }

    private func measure(_ orientation: GtkOrientation, _ forSize: Int32,
                         _ minimum: UnsafeMutablePointer<Int32>?, _ natural: UnsafeMutablePointer<Int32>?) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // Narrow is fine: the engine drops the least important controls; the natural width fits the standard row.
            let standard = layout.standard.map { row in
                row.filter { !$0.isRemoved }.reduce(0.0) { sum, view in
                    sum + (view.isElastic ? view.resolvedWidth : max(view.resolvedWidth, minimumWidth(of: view)))
                        + layout.horizontalItemSpacing
                }
            }.max() ?? 0
            minimum?.pointee = Int32(ViewTag.playback.defaultWidth)
            natural?.pointee = Int32(max(standard, layout.compactLayoutMaximumWidth))
        } else {
            let width = forSize >= 0 ? Double(forSize) : layout.compactLayoutMaximumWidth
            let height = Int32(layout.frames(forWidth: width).height)
            minimum?.pointee = height
            natural?.pointee = height
        }
    }

    /// The frames the controls get at `width`: the layout's, each fixed control at least as wide as its content.
    func frames(forWidth width: Double) -> LayoutResult {
        layout.frames(forWidth: width, mirrored: isMirrored, contentWidth: minimumWidth(of:))
    }

    private func allocate(width: Int32, height: Int32) {
        let result = frames(forWidth: Double(width))
        let now = g_get_monotonic_time()
        if let last = lastResult, last.compact != result.compact, arrangementMoveDuration > 0, !shownRects.isEmpty {
            move = ArrangementMove(from: shownRects, start: now, duration: arrangementMoveDuration)
            startTicking()
        }
        var shown = Set<UnsafeMutableRawPointer>()
        var rects: [UnsafeMutableRawPointer: GtkAllocation] = [:]
        for view in layout.allLayoutItems {
            guard let child = widgetForView(view), let frame = result[view] else { continue }
            shown.insert(UnsafeMutableRawPointer(child))
            if gtk_widget_get_child_visible(child) == 0 { setShown(child, true) }
            // Controls keep their natural height, centred in their row; the row height is the bar's.
            var natural: Int32 = 0
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, Int32(frame.width), nil, &natural, nil, nil)
            let childHeight = min(Double(natural), frame.height)
            var rect = GtkAllocation(x: Int32(frame.x), y: Int32(frame.y + (frame.height - childHeight) / 2),
                                     width: Int32(frame.width), height: Int32(childHeight))
            if let move { rect = move.rect(of: UnsafeMutableRawPointer(child), toward: rect, at: now) }
            rects[UnsafeMutableRawPointer(child)] = rect
            gtk_widget_size_allocate(child, &rect, -1)
        }
        var child = gtk_widget_get_first_child(container)
        while let current = child {
            if !shown.contains(UnsafeMutableRawPointer(current)), gtk_widget_get_child_visible(current) != 0 {
                setShown(current, false)
            }
            child = gtk_widget_get_next_sibling(current)
        }
        shownRects = rects
        if move?.isFinished(at: now) ?? false { move = nil }
        lastResult = result
        followReadingOrder(of: result)
        onAllocate(result)
    }

    /// The least width GTK may give the view's widget: a label's text in the user's language, a button's icon.
    private func minimumWidth(of view: LayoutView) -> Double {
        guard let widget = widgetForView(view) else { return 0 }
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return Double(minimum)
    }

    /// While a move lasts, each frame lays the controls out again a step further.
    private func startTicking() {
        guard tickID == 0 else { return }
        tickID = gtk_widget_add_tick_callback(container, { widget, _, _ in
            MainActor.assumeIsolated { ElasticLayout.owner(of: widget)?.tick() ?? 0 }
        }, nil, nil)
    }

    private func tick() -> gboolean {
        guard move != nil else {
            tickID = 0
            return 0  // G_SOURCE_REMOVE
        }
        gtk_widget_queue_allocate(container)
        return 1
    }

    /// A control the layout leaves out is hidden from screen readers too, not only from the eye.
    private func setShown(_ child: Widget, _ shown: Bool) {
        gtk_widget_set_child_visible(child, shown ? 1 : 0)
        cove_accessible_set_hidden(child, shown ? 0 : 1)
    }

    /// Screen readers and keyboard focus follow the children's order: keep it the order the controls are seen in,
    /// row by row from the leading edge. The move waits for an idle moment: a container cannot reorder its
    /// children while allocating them.
    private func followReadingOrder(of result: LayoutResult) {
        let order = readingOrder(of: result)
        guard order != Array(children().prefix(order.count)), !isReorderPending else { return }
        isReorderPending = true
        // The container's pointer stays valid until the idle has run; the controls are only compared with the
        // children it still has, never followed, since by then the bar may be gone.
        g_object_ref(UnsafeMutableRawPointer(container))
        let ordered = order.map { UnsafeMutableRawPointer($0) }
        MainLoop.after(milliseconds: 0) { [weak self, container] in
            defer { g_object_unref(UnsafeMutableRawPointer(container)) }
            self?.isReorderPending = false
            let present = Dictionary(uniqueKeysWithValues: Self.children(of: container).map {
                (UnsafeMutableRawPointer($0), $0)
            })
            var previous: Widget?
            for pointer in ordered {
                guard let widget = present[pointer] else { continue }
                gtk_widget_insert_after(widget, container, previous)
                previous = widget
            }
        }
    }

    private func readingOrder(of result: LayoutResult) -> [Widget] {
        let mirrored = isMirrored
        let placed = layout.allLayoutItems.compactMap { view in
            result[view].flatMap { frame in widgetForView(view).map { (widget: $0, frame: frame) } }
        }
        return placed.sorted { first, second in
            (first.frame.row, mirrored ? -first.frame.x : first.frame.x)
                < (second.frame.row, mirrored ? -second.frame.x : second.frame.x)
        }.map(\.widget)
    }

    private func children() -> [Widget] { Self.children(of: container) }

    private static func children(of container: Widget) -> [Widget] {
        var children: [Widget] = []
        var child = gtk_widget_get_first_child(container)
        while let widget = child {
            children.append(widget)
            child = gtk_widget_get_next_sibling(widget)
        }
        return children
    }
}
