import CGLib
import CGStreamer
import CGStreamerShim

/// One decoded RGBA frame (R8G8B8A8, straight alpha), shared without copying: it holds the decoder's buffer
/// until the last reference to the frame — or to `bytes`, which a GdkMemoryTexture takes — goes away.
/// Immutable, so it may cross threads.
public final class VideoFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; at least `width * 4`, larger when the decoder pads rows.
    public let stride: Int
    /// The pixels as a `GBytes*` of `stride * height` bytes, owned by the frame: `g_bytes_ref` to keep it longer.
    public let bytes: OpaquePointer
    /// Presentation time in stream seconds, when the buffer carries one.
    public let timestamp: Double?

    /// Borrows `sample` (the caller keeps its reference); nil when the sample has no mappable video.
    init?(sample: OpaquePointer) {
        var width: gint = 0
        var height: gint = 0
        var stride: gint = 0
        guard let bytes = cove_sample_to_bytes(sample, &width, &height, &stride) else { return nil }
        self.bytes = bytes
        self.width = Int(width)
        self.height = Int(height)
        self.stride = Int(stride)
        let pts = gst_sample_get_buffer(sample)?.pointee.pts ?? UInt.max
        timestamp = pts == UInt.max ? nil : Double(pts) / 1_000_000_000
    }

    deinit {
        g_bytes_unref(bytes)
    }

    /// Reads the pixels in place; the pointer is valid only inside `body`.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        return try body(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
