import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import Glibc

/// Shows decoded pictures without a copy: in cairo's byte order (GTK's cairo renderer) as a cairo node over the
/// picture's bytes, which GTK 4.8 paints as they are; otherwise as a GdkMemoryTexture, which the GL renderer uploads.
final class VideoSurface {
    let root: Widget
    private(set) var framesShown = 0
    private(set) var frameSize: (width: Int, height: Int)?
    /// Pictures that reached the screen: paints of the window that drew a picture not drawn before. A picture
    /// replaced before the frame clock painted it counts as shown, not painted. Counted once `countPaints()` ran.
    private(set) var framesPainted = 0
    /// CLOCK_MONOTONIC nanoseconds of the first paint with a picture, for start-up figures across processes.
    private(set) var firstPaintNanoseconds: UInt64?
    private var lastPaintedFrame = 0

    init() {
        root = gtk_picture_new()
        gtk_picture_set_content_fit(OpaquePointer(root), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_add_css_class(root, "cove-video")
        gtk_widget_set_hexpand(root, 1)
        gtk_widget_set_vexpand(root, 1)
        describe(nil)
    }

    func show(_ frame: any VideoPicture) {
        guard let paintable = Self.paintable(frame) else { return }
        if frame.pixelOrder == .bgra, framesShown == 0 { cove_x11_keep_shm_pool(root) }
        gtk_picture_set_paintable(OpaquePointer(root), paintable)
        g_object_unref(UnsafeMutableRawPointer(paintable))
        framesShown += 1
        frameSize = (frame.width, frame.height)
    }

    /// A new reference to what draws `frame`: GTK 4.8's cairo renderer would download a texture through floats.
    static func paintable(_ frame: any VideoPicture) -> OpaquePointer? {
        if frame.pixelOrder == .bgra {
            return cove_frame_paintable_new(frame.pixelBytes, Int32(frame.width), Int32(frame.height),
                                            Int32(frame.stride))
        }
        // Video is opaque (alpha 255 from videoconvert), so the bytes are premultiplied already; a straight-alpha
        // format would make GTK 4.8 convert every frame on the CPU before upload, about a third more CPU.
        return gdk_memory_texture_new(Int32(frame.width), Int32(frame.height), memoryFormat(frame.pixelOrder),
                                      frame.pixelBytes, gsize(frame.stride))
    }

    /// The texture format of a picture's bytes: GTK's cairo renderer takes B8G8R8A8 as it is, GL R8G8B8A8.
    static func memoryFormat(_ order: PixelOrder) -> GdkMemoryFormat {
        order == .bgra ? GDK_MEMORY_B8G8R8A8_PREMULTIPLIED : GDK_MEMORY_R8G8B8A8_PREMULTIPLIED
    }

    /// Starts counting paints (the exit report, `cove-bench --picture`); a signal per paint, so not by default.
    func countPaints() {
        Signals.connect(root, "realize") { [unowned self] in
            guard let clock = gtk_widget_get_frame_clock(root) else { return }
            Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") { [unowned self] in self.painted() }
        }
    }

    private func painted() {
        guard framesShown != lastPaintedFrame, gtk_picture_get_paintable(OpaquePointer(root)) != nil else { return }
        lastPaintedFrame = framesShown
        framesPainted += 1
        if firstPaintNanoseconds == nil { firstPaintNanoseconds = Self.monotonicNanoseconds() }
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Screen readers name the picture after the video, not the widget class ("GtkPicture").
    func describe(_ video: Video?) {
        cove_accessible_set_label(root, video?.name.flatMap { $0.isEmpty ? nil : $0 } ?? tr("Video"))
    }

    /// Moves `other`'s picture here (the latest frame, so a paused video does not go blank), leaving `other` empty.
    func take(from other: VideoSurface) {
        gtk_picture_set_paintable(OpaquePointer(root), gtk_picture_get_paintable(OpaquePointer(other.root)))
        frameSize = other.frameSize
        other.clear()
    }

    func clear() {
        gtk_picture_set_paintable(OpaquePointer(root), nil)
        frameSize = nil
    }
}
