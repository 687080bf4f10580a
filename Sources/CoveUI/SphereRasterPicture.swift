import CGLib
import CGtk
import CoveCore

/// The 360 view's picture where GTK runs without GL (`SoftwareRendering`): `SphereRaster` draws the view of the
/// latest frame on the CPU at the widget's size in device pixels, and a GtkPicture shows it as a texture.
/// Drawn when a frame arrives, when the view moves and when the widget is resized.
final class SphereRasterPicture {
    let root: Widget
    private var raster = SphereRaster()
    private var latest: (any VideoPicture)?
    private(set) var hasFrame = false

    init() {
        root = gtk_picture_new()
        gtk_picture_set_content_fit(OpaquePointer(root), GTK_CONTENT_FIT_FILL)
    }

    /// Draws `picture` (or the latest one again, for a new view or size); false when there is nothing to draw yet.
    @discardableResult
    func draw(_ picture: (any VideoPicture)?, projection: ViewProjection) -> Bool {
        if let picture { latest = picture }
        guard let frame = latest else { return false }
        let scale = Int(gtk_widget_get_scale_factor(root))
        let width = Int(gtk_widget_get_width(root)) * scale, height = Int(gtk_widget_get_height(root)) * scale
        guard width > 0, height > 0 else { return false }
        var size: gsize = 0
        guard let pixels = g_bytes_get_data(frame.pixelBytes, &size), Int(size) >= frame.stride * frame.height,
              let storage = g_malloc(gsize(width * height * 4)) else { return false }
        raster.draw(frame: UnsafeRawBufferPointer(start: pixels, count: Int(size)), frameWidth: frame.width,
                    frameHeight: frame.height, frameStride: frame.stride,
                    into: UnsafeMutableRawBufferPointer(start: storage, count: width * height * 4),
                    width: width, height: height, outputStride: width * 4, projection: projection)
        let bytes = g_bytes_new_take(storage, gsize(width * height * 4))
        defer { g_bytes_unref(bytes) }
        // The frame's own byte order (the raster moves whole pixels), opaque, so premultiplied already.
        guard let texture = gdk_memory_texture_new(Int32(width), Int32(height),
                                                   VideoSurface.memoryFormat(frame.pixelOrder), bytes,
                                                   gsize(width * 4)) else { return false }
        gtk_picture_set_paintable(OpaquePointer(root), texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
        hasFrame = true
        return true
    }

    /// Lets go of the latest frame (a 4K frame is 33 MiB) while the view is not shown.
    func clear() {
        latest = nil
        hasFrame = false
        gtk_picture_set_paintable(OpaquePointer(root), nil)
    }
}
