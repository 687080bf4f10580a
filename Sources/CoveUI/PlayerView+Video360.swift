import CLibc
import CGtk
import CoveCore

/// An equirectangular video plays in the 360 view (a GL area, or drawn on the CPU without GL) instead of the flat picture; the Video 360 button
/// toggles VR goggles, which hide the screen-mode button and hold the window fullscreen while they last.
extension PlayerView {
    /// The 360 view when it is the one showing pictures.
    var shown360View: Video360View? {
        guard let view = video360View, !view.isUnavailable, gtk_widget_get_visible(view.root) != 0 else { return nil }
        return view
    }

    func choosePictureView(for video: Video?) {
        let is360 = video?.is360 == true
        if is360, let view = make360View(), !view.isUnavailable {
            show360(true)
        } else {
            show360(false)
            if let projection = video?.projection, !projection.isEmpty, !is360 {
                controller.reportWarning(code: Self.unsupportedProjection,
                                         message: tr("The projection “%@” is not supported: the video plays flat.")
                                            .filling(projection))
            }
        }
        sizing.fullResolution = shown360View != nil || isWindowFullscreen
        projectionChanged(controller.viewProjection)
    }

    private func make360View() -> Video360View? {
        if let video360View { return video360View }
        let view = Video360View(controller: controller, drawing: video360Drawing)
        view.onUnavailable = { [weak self] reason in self?.video360Unavailable(reason) }
        // Right above the flat picture, beneath the poster, captions, status and controls.
        gtk_overlay_add_overlay(cast(widget), view.root)
        gtk_widget_insert_after(view.root, widget, surface.root)
        gtk_widget_set_visible(view.root, 0)
        video360View = view
        return view
    }

    /// One of the two shows pictures; the other is hidden, so it neither draws nor reads as a picture.
    private func show360(_ on: Bool) {
        video360View.map { gtk_widget_set_visible($0.root, on ? 1 : 0) }
        if !on { video360View?.hidden() }
        gtk_widget_set_visible(surface.root, on ? 0 : 1)
    }

    /// GL cannot draw here (no driver, `GDK_DEBUG=gl-disable`): the video goes on, flat, and the viewer is told.
    private func video360Unavailable(_ reason: String) {
        show360(false)
        sizing.fullResolution = isWindowFullscreen
        let message = tr("This 360° video plays flat: 3D drawing is not available here.")
        notice.show(message)
        controller.reportWarning(code: Self.video360Unavailable, message: message)
        cove_print_error("cove: 360 view: \(reason)")
        if let picture = controller.state.videoOutput?.latestPicture { surface.show(picture) }
        projectionChanged(controller.viewProjection)
    }

    func toggleGoggles() {
        guard shown360View != nil else { return }
        var projection = controller.viewProjection
        projection.projectionStyle = projection.projectionStyle == .vrGoggles ? .normal : .vrGoggles
        controller.viewProjection = projection
    }

    func projectionChanged(_ projection: ViewProjection) {
        let is360 = shown360View != nil
        let goggles = is360 && projection.projectionStyle == .vrGoggles
        if selection.projectionChanged(is360: is360, vrGoggles: goggles) { controlBar.setNeedsLayout() }
        for name in Self.video360Actions { actions.setEnabled(name, is360) }
        guard let window else { return }
        if goggles, !isWindowFullscreen {
            fullscreenForGoggles = true
            gtk_window_fullscreen(cast(window))
        } else if !goggles, fullscreenForGoggles {
            fullscreenForGoggles = false
            gtk_window_unfullscreen(cast(window))
        }
    }

    var isWindowFullscreen: Bool {
        guard let window else { return false }
        return gtk_window_is_fullscreen(cast(window)) != 0
    }

    static let video360Actions = ["video360", "look-left", "look-right", "look-up", "look-down", "zoom-in", "zoom-out"]
    static let unsupportedProjection = "UNSUPPORTED_PROJECTION"
    static let video360Unavailable = "VIDEO360_UNAVAILABLE"
}
