import CGStreamer
import CGStreamerShim
import CoveCore

/// The decoded frames passing playbin's video filter, before they are scaled to the widget (cove_frame_tap.c).
final class FrameTapSource: FullSizeFrameSource, @unchecked Sendable {
    // Immutable, and the tap locks its own state: safe from any thread.
    private let tap: OpaquePointer

    /// Watches `pad`, the video filter's input.
    init(pad: UnsafeMutablePointer<GstPad>) {
        tap = cove_frame_tap_new(pad)
    }

    deinit { cove_frame_tap_free(tap) }

    /// The frame at `timestamp` is on screen: older ones can no longer be asked for.
    func shown(at timestamp: Double) {
        cove_frame_tap_release_before(tap, UInt(max(0, timestamp * 1_000_000_000).rounded()))
    }

    /// The stream time of the oldest frame kept now.
    var oldestKeptTimestamp: Double? {
        let time = cove_frame_tap_oldest(tap)
        return time == UInt.max ? nil : Double(time) / 1_000_000_000
    }

    func fullSizeFrame(at timestamp: Double?) -> (any VideoPicture)? {
        let nanoseconds = timestamp.map { UInt(max(0, $0 * 1_000_000_000).rounded()) } ?? UInt.max
        guard let kept = cove_frame_tap_pick(tap, nanoseconds) else { return nil }
        defer { gst_sample_unref(kept) }
        guard let rgba = cove_sample_convert_to_rgba(kept) else { return nil }
        defer { gst_sample_unref(rgba) }
        return VideoFrame(sample: rgba)
    }
}
