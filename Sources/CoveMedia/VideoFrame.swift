import CGLib
import CGStreamer
import CGStreamerShim
import CoveCore

/// One decoded frame of four bytes a pixel (R8G8B8A8, or B8G8R8A8 where the screen takes that; opaque: alpha is 255, so it reads as premultiplied too), shared without
/// copying: it holds the decoder's buffer until the last reference to the frame — or to `bytes`, which a
/// GdkMemoryTexture takes — goes away.
/// Immutable, so it may cross threads.
public final class VideoFrame: VideoPicture, @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; at least `width * 4`, larger when the decoder pads rows.
    public let stride: Int
    public let pixelOrder: PixelOrder
    /// The pixels as a `GBytes*` of `stride * height` bytes, owned by the frame: `g_bytes_ref` to keep it longer.
    public let bytes: OpaquePointer
    /// Presentation time in stream seconds (the timeline positions and seeks use), when the buffer carries one.
    public let timestamp: Double?
    /// The decoder marked this frame as a sync point: decoding can start here.
    public let isKeyframe: Bool

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
        var order = PixelOrder.rgba
        if let caps = gst_sample_get_caps(sample), let structure = gst_caps_get_structure(caps, 0),
           let format = gst_structure_get_string(structure, "format"), String(cString: format) == "BGRA" {
            order = .bgra
        }
        pixelOrder = order
        let buffer = gst_sample_get_buffer(sample)
        let pts = buffer?.pointee.pts ?? UInt.max
        // HLS segments carry their own timestamps; the segment maps them onto the stream's timeline.
        let streamTime = pts == UInt.max ? UInt.max
            : gst_sample_get_segment(sample).map { gst_segment_to_stream_time($0, GST_FORMAT_TIME, pts) } ?? pts
        timestamp = streamTime == UInt.max ? nil : Double(streamTime) / 1_000_000_000
        isKeyframe = (buffer?.pointee.mini_object.flags ?? 0) & GST_BUFFER_FLAG_DELTA_UNIT.rawValue == 0
    }

    public var pixelBytes: OpaquePointer { bytes }

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
