import CGtk
import CoveCore
import CoveGLib

/// Asks the current session's video output for pictures of the size they are shown at, in device pixels, so the
/// pipeline converts and scales each frame once and no larger than the screen needs. A resize is settled for
/// 200 ms before the pipeline renegotiates (a drag of the window edge is one renegotiation, not fifty). In
/// fullscreen the video's own size is asked for.
@MainActor
final class PictureSizing {
    /// Full resolution: fullscreen (and the 360 view, which samples the whole frame).
    var fullResolution = false
    private(set) var requested: PictureSize?
    private var wanted: PictureSize?
    private var settle: TimerSource?
    private weak var output: VideoOutput?

    /// A new session's output gets the size in use at once, before its first frame.
    func bind(_ output: VideoOutput?) {
        self.output = output
        output?.preferredSize = requested
    }

    /// Called with each picture shown: `widget` is where it is shown.
    func shown(in widget: Widget) {
        let scale = Int(gtk_widget_get_scale_factor(widget))
        let width = Int(gtk_widget_get_width(widget)) * scale, height = Int(gtk_widget_get_height(widget)) * scale
        let target = fullResolution || width <= 0 || height <= 0 ? nil : PictureSize(width: width, height: height)
        guard target != wanted else { return }
        wanted = target
        settle?.cancel()
        // The first size applies at once; later changes wait until the resize settles.
        if requested == nil, output?.preferredSize == nil, target != nil {
            apply(target)
        } else {
            settle = MainLoop.after(milliseconds: 200) { [weak self] in self?.apply(target) }
        }
    }

    private func apply(_ target: PictureSize?) {
        requested = target
        output?.preferredSize = target
    }

    func cancel() { settle?.cancel() }
}
