import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CSphere

/// The 360 view: a GtkGLArea drawing the current frame as the inside of a sphere (CSphere's shader) from the
/// controller's `viewProjection`, or, where GTK runs without GL (`SoftwareRendering`), the same view drawn on the
/// CPU (`SphereRasterPicture`). Dragging looks around, the wheel and a pinch zoom; the player's actions do the
/// same from the keyboard (Shift+arrows, + and −), ←/→ stay its jumps. Where a GL area cannot draw after all,
/// `onUnavailable` is told once and the player shows the flat picture instead.
final class Video360View {
    enum Drawing {
        /// A GL area, GL's own sampling (a GPU, or GL the user asked for).
        case gl
        /// `SphereRaster` on the CPU, where the display has no GL.
        case cpu
    }

    let root: Widget
    private let controller: PlaybackController
    private let raster: SphereRasterPicture?
    /// A new view waiting to be drawn on the CPU (drawn once the main loop is idle).
    private(set) var redrawQueued = false
    private var sphere: OpaquePointer?
    private var pending: (any VideoPicture)?
    private(set) var isUnavailable = false
    /// Pictures uploaded and drawn (each render draws the latest; one replaced before a render is not counted),
    /// and when the first was, for the exit report.
    private(set) var framesDrawn = 0
    private(set) var firstDrawNanoseconds: UInt64?
    /// Told once, with the reason for the log, when GL cannot draw here.
    var onUnavailable: ((String) -> Void)?
    private var dragStart: ViewProjection?
    private var pinchStart: ViewProjection?
    /// Degrees a key press pans or tilts; the zoom factor a key press or a wheel step applies.
    static let keyStep = 5.0
    static let zoomStep = 1.1

    private var area: UnsafeMutablePointer<GtkGLArea> { cast(root) }

    var drawing: Drawing { raster == nil ? .gl : .cpu }

    init(controller: PlaybackController, drawing: Drawing? = nil) {
        self.controller = controller
        if (drawing ?? (Self.displayHasGL ? .gl : .cpu)) == .gl {
            raster = nil
            root = gtk_gl_area_new()
            gtk_gl_area_set_has_depth_buffer(cast(root), 0)
            Signals.connect(root, "realize") { [unowned self] in self.realize() }
            Signals.connect(root, "unrealize") { [unowned self] in self.unrealize() }
            Signals.connectRender(root, "render") { [unowned self] in self.render() }
        } else {
            let raster = SphereRasterPicture()
            self.raster = raster
            root = raster.root
        }
        gtk_widget_set_hexpand(root, 1)
        gtk_widget_set_vexpand(root, 1)
        gtk_widget_set_focusable(root, 1)
        cove_accessible_set_label(root, tr("360° video"))
        // One literal, so xgettext sees it whole.
        let help = tr("Drag to look around, scroll to zoom; Shift+arrow keys look around and + or − zoom.")
        cove_accessible_set_description(root, help)
        controller.addViewProjectionObserver { [weak self] _ in self?.redraw() }
        wireNavigation()
    }

    /// Whether GTK set up GL for the display (not where `SoftwareRendering` turned it off).
    static var displayHasGL: Bool {
        guard let display = gdk_display_get_default() else { return false }
        return gdk_display_prepare_gl(display, nil) != 0
    }

    /// Shows `picture` at the next draw (uploaded then, with the GL context current); on the CPU, drawn now.
    func show(_ picture: any VideoPicture) {
        if let raster {
            if raster.draw(picture, projection: controller.viewProjection) { counted() }
            return
        }
        pending = picture
        redraw()
    }

    /// Hidden: the CPU view keeps no frame meanwhile.
    func hidden() {
        raster?.clear()
    }

    /// A new size: the CPU view draws again at it (a GL area redraws by itself).
    func resized() {
        if raster != nil { redraw() }
    }

    private func redraw() {
        guard let raster else {
            if gtk_widget_get_realized(root) != 0 { gtk_gl_area_queue_render(area) }
            return
        }
        // Views change at the pointer's rate while dragging: drawn once for all the changes already queued.
        guard !redrawQueued else { return }
        redrawQueued = true
        _ = MainLoop.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.redrawQueued = false
            raster.draw(nil, projection: self.controller.viewProjection)
        }
    }

    private func counted() {
        framesDrawn += 1
        if firstDrawNanoseconds == nil { firstDrawNanoseconds = VideoSurface.monotonicNanoseconds() }
    }

    private func realize() {
        gtk_gl_area_make_current(area)
        if let error = gtk_gl_area_get_error(area) {
            giveUp(String(cString: error.pointee.message))
            return
        }
        var reason: UnsafePointer<CChar>?
        let useES = gtk_gl_area_get_context(area).map { gdk_gl_context_get_use_es($0) != 0 } ?? false
        sphere = cove_sphere_new(useES, &reason)
        if sphere == nil { giveUp(reason.map { String(cString: $0) } ?? "no GL") }
    }

    private func unrealize() {
        gtk_gl_area_make_current(area)
        if gtk_gl_area_get_error(area) == nil { cove_sphere_free(sphere) }
        sphere = nil
    }

    private func giveUp(_ reason: String) {
        guard !isUnavailable else { return }
        isUnavailable = true
        onUnavailable?(reason)
    }

    private func render() -> Bool {
        guard let sphere else { return false }
        if let picture = pending {
            pending = nil
            var size: gsize = 0
            let data = g_bytes_get_data(picture.pixelBytes, &size)
            if let data, size >= picture.stride * picture.height {
                cove_sphere_upload(sphere, data.assumingMemoryBound(to: UInt8.self), Int32(picture.width),
                                   Int32(picture.height), Int32(picture.stride), picture.pixelOrder == .bgra)
                counted()
            }
        }
        let scale = gtk_widget_get_scale_factor(root)
        let projection = controller.viewProjection
        cove_sphere_draw(sphere, gtk_widget_get_width(root) * scale, gtk_widget_get_height(root) * scale,
                         projection.pan, projection.tilt, projection.verticalAngleOfView,
                         projection.projectionStyle == .vrGoggles)
        return true
    }

    /// Whether a frame reached the GL texture or the CPU view (for tests and the first-frame shutter).
    var hasFrame: Bool { raster?.hasFrame ?? cove_sphere_has_frame(sphere) }

    // MARK: - Looking around

    private var viewportHeight: Double { Double(max(gtk_widget_get_height(root), 1)) }

    private func wireNavigation() {
        let drag = gtk_gesture_drag_new()!
        Signals.connectPoint(raw(drag), "drag-begin") { [unowned self] _, _ in
            self.dragStart = self.controller.viewProjection
            gtk_widget_grab_focus(self.root)
        }
        Signals.connectPoint(raw(drag), "drag-update") { [unowned self] dx, dy in
            guard let start = self.dragStart else { return }
            var moved = start.dragged(dx: dx, dy: dy, viewportHeight: self.viewportHeight)
            moved.projectionStyle = self.controller.viewProjection.projectionStyle
            self.controller.viewProjection = moved
        }
        Signals.connectPoint(raw(drag), "drag-end") { [unowned self] _, _ in
            self.dragStart = nil
            self.controller.reportViewProjection()
        }
        gtk_widget_add_controller(root, drag)

        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signals.connectScroll(raw(scroll), "scroll") { [unowned self] _, dy in
            guard dy != 0 else { return false }
            self.zoom(by: dy < 0 ? Self.zoomStep : 1 / Self.zoomStep)
            return true
        }
        Signals.connect(raw(scroll), "scroll-end") { [unowned self] in self.controller.reportViewProjection() }
        gtk_widget_add_controller(root, scroll)

        let pinch = gtk_gesture_zoom_new()!
        Signals.connect(raw(pinch), "begin") { [unowned self] in self.pinchStart = self.controller.viewProjection }
        Signals.connectDouble(raw(pinch), "scale-changed") { [unowned self] scale in
            guard let start = self.pinchStart else { return }
            var zoomed = self.controller.viewProjection
            zoomed.zoom = start.zoom * scale
            self.controller.viewProjection = zoomed
        }
        Signals.connect(raw(pinch), "end") { [unowned self] in
            self.pinchStart = nil
            self.controller.reportViewProjection()
        }
        gtk_widget_add_controller(root, pinch)

    }

    /// The keyboard's steps (the player's look-* and zoom-* actions): Shift+arrows and + or −.
    func look(pan: Double = 0, tilt: Double = 0) {
        var projection = controller.viewProjection
        projection.pan += pan
        projection.tilt += tilt
        controller.viewProjection = projection
        controller.reportViewProjection()
    }

    func zoomStep(in zoomIn: Bool) {
        zoom(by: zoomIn ? Self.zoomStep : 1 / Self.zoomStep)
        controller.reportViewProjection()
    }

    private func zoom(by factor: Double) {
        var projection = controller.viewProjection
        projection.zoom *= factor
        controller.viewProjection = projection
    }
}
