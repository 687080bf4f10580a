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
    var fullResolution = false {
        // A guess made for the window no longer holds: the whole frame is wanted from the first picture on.
        didSet { if fullResolution, requestedIsGuess { apply(nil) } }
    }
    private(set) var requested: PictureSize?
    /// `requested` is a guess (the window's size, before any picture was shown), not a measured size.
    private var requestedIsGuess = false
    private var wanted: PictureSize?
    private var settle: TimerSource?
    private weak var output: VideoOutput?

    /// A new session's output gets the size in use at once, before its first frame.
    func bind(_ output: VideoOutput?) {
        self.output = output
        output?.preferredSize = requested
    }

    /// Before the first picture, the size it will most likely be shown at (the window's), so the first frame is
    /// converted at that size: otherwise it comes at the video's own size, is scaled again when drawn, and the
    /// pipeline renegotiates for the second. The first picture shown corrects a wrong guess at once.
    func expect(_ size: PictureSize) {
        guard requested == nil, wanted == nil, !fullResolution, size.width > 0, size.height > 0 else { return }
        requested = size
        requestedIsGuess = true
        output?.preferredSize = size
    }

    /// Called with each picture shown: `widget` is where it is shown.
    func shown(in widget: Widget) {
        let scale = Int(gtk_widget_get_scale_factor(widget))
        let width = Int(gtk_widget_get_width(widget)) * scale, height = Int(gtk_widget_get_height(widget)) * scale
        let target = fullResolution || width <= 0 || height <= 0 ? nil : PictureSize(width: width, height: height)
        guard target != wanted else { return }
        wanted = target
        settle?.cancel()
        // The first size applies at once (a guess is no size yet); later changes wait until the resize settles.
        if requestedIsGuess || (requested == nil && output?.preferredSize == nil && target != nil) {
            apply(target)
        } else {
            settle = MainLoop.after(milliseconds: 200) { [weak self] in self?.apply(target) }
        }
    }

    private func apply(_ target: PictureSize?) {
        requestedIsGuess = false
        requested = target
        output?.preferredSize = target
    }

    func cancel() { settle?.cancel() }
}
