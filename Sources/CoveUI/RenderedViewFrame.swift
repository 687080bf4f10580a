import CGLib
import CGtk
import CGtkShim
import CoveCore

/// The 360 view's capture: what the view shows (its projection of the sphere) at its size, not the
/// equirectangular frame. The GL area's last drawing is read back on the main thread (GTK's renderer); the bytes
/// are reordered on the capture queue.
nonisolated final class RenderedViewFrame: FullSizeFrameSource, @unchecked Sendable {
    // Written once in init, read once on the capture queue.
    private var argb: [UInt8]
    private let width: Int
    private let height: Int

    /// nil when `view` has not been drawn yet.
    @MainActor init?(of view: Widget) {
        guard let texture = cove_widget_render_last_drawn(view) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        width = Int(gdk_texture_get_width(texture))
        height = Int(gdk_texture_get_height(texture))
        argb = [UInt8](repeating: 0, count: width * height * 4)
        argb.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
    }

    func fullSizeFrame(at timestamp: Double?) -> (any VideoPicture)? {
        let count = width * height
        let bytes = argb.withUnsafeMutableBufferPointer { buffer -> OpaquePointer? in
            cove_argb32_to_rgba(buffer.baseAddress, gsize(count))
            return g_bytes_new(buffer.baseAddress, gsize(count * 4))
        }
        guard let bytes else { return nil }
        return BytesPicture(width: width, height: height, bytes: bytes)
    }
}

/// R8G8B8A8 pixels in a GBytes of their own.
private nonisolated final class BytesPicture: VideoPicture, @unchecked Sendable {
    let width: Int
    let height: Int
    let pixelBytes: OpaquePointer
    var stride: Int { width * 4 }
    var timestamp: Double? { nil }

    /// Takes over `bytes`' reference.
    init(width: Int, height: Int, bytes: OpaquePointer) {
        self.width = width
        self.height = height
        pixelBytes = bytes
    }

    deinit { g_bytes_unref(pixelBytes) }
}
