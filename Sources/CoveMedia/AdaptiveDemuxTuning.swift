import CGLib
import CGLibShim
import CGStreamer
import CGStreamerShim
import Synchronization

/// The bitrate cap and forward buffer for the adaptive demuxers (hlsdemux2) inside one playbin. playbin creates
/// the demuxer on a streaming thread and announces it through `deep-element-added`, so the settings live behind a
/// mutex and the demuxers found are kept (with a reference) for later changes from the main thread.
final class AdaptiveDemuxTuning: Sendable {
    private struct State {
        var maximumBitrate: UInt32 = 0
        /// One variant held (the Quality menu): the demuxer's bounds both at its bitrate.
        var heldBitrate: UInt32?
        var forwardBufferNanoseconds: UInt?
        /// Element pointers as integers (raw pointers are not Sendable); each holds a reference.
        var demuxers: [UInt] = []
        var closed = false
    }

    private let state = Mutex(State())

    /// Applies to the demuxers found so far and to any found later.
    func setMaximumBitrate(_ bitsPerSecond: Int) {
        let value = UInt32(clamping: max(0, bitsPerSecond))
        let (bounds, demuxers) = state.withLock { state in
            state.maximumBitrate = value
            return (Self.bounds(state), state.demuxers)
        }
        for demuxer in demuxers { Self.apply(bounds, to: Self.element(demuxer)) }
    }

    /// Holds the variant of this (demuxer) bitrate, or with nil lets the demuxer choose again under the cap.
    /// hlsdemux2 takes the highest variant at most its target, clamped to [min, max], at every fragment: equal
    /// bounds keep that variant whatever the measured bandwidth.
    func holdBitrate(_ bitsPerSecond: Int?) {
        let value = bitsPerSecond.map { UInt32(clamping: max(1, $0)) }
        let (bounds, demuxers) = state.withLock { state in
            state.heldBitrate = value
            return (Self.bounds(state), state.demuxers)
        }
        for demuxer in demuxers { Self.apply(bounds, to: Self.element(demuxer)) }
    }

    private struct Bounds {
        var minimum: UInt32
        var maximum: UInt32
    }

    private static func bounds(_ state: State) -> Bounds {
        if let held = state.heldBitrate { return Bounds(minimum: held, maximum: held) }
        return Bounds(minimum: 0, maximum: state.maximumBitrate)
    }

    func setForwardBuffer(seconds: Double) {
        let value = UInt(max(1, seconds) * 1_000_000_000)
        let demuxers = state.withLock { state in
            state.forwardBufferNanoseconds = value
            return state.demuxers
        }
        for demuxer in demuxers { Self.applyBuffer(value, to: Self.element(demuxer)) }
    }

    /// Called from `deep-element-added`, on whatever thread added the element.
    func elementAdded(_ element: UnsafeMutablePointer<GstElement>) {
        guard Self.isAdaptiveDemuxer(element) else { return }
        let settings: (Bounds, UInt?)? = state.withLock { state in
            guard !state.closed else { return nil }
            gst_object_ref(element)
            state.demuxers.append(UInt(bitPattern: element))
            return (Self.bounds(state), state.forwardBufferNanoseconds)
        }
        guard let (bounds, buffer) = settings else { return }
        _ = cove_adaptive_flush_guard_watch(element)
        Self.apply(bounds, to: element)
        if let buffer { Self.applyBuffer(buffer, to: element) }
    }

    /// The download throughput the first demuxer measured (`current-bandwidth`), bits per second; nil without
    /// an adaptive demuxer or before its first download.
    func measuredBandwidth() -> Int? {
        // The reference is taken under the lock, so `close` cannot drop the element while it is read.
        guard let demuxer = state.withLock({ state -> UInt? in
            guard let first = state.demuxers.first else { return nil }
            gst_object_ref(Self.element(first))
            return first
        }) else { return nil }
        let element = Self.element(demuxer)
        defer { gst_object_unref(element) }
        guard cove_object_has_property(element, "current-bandwidth") != 0 else { return nil }
        let bandwidth = UInt32(bitPattern: cove_object_get_int(element, "current-bandwidth"))
        return bandwidth > 0 ? Int(bandwidth) : nil
    }

    /// Drops the references; later announcements are ignored. Call once the pipeline is NULL.
    func close() {
        let demuxers = state.withLock { state in
            state.closed = true
            defer { state.demuxers = [] }
            return state.demuxers
        }
        for demuxer in demuxers { gst_object_unref(Self.element(demuxer)) }
    }

    /// hlsdemux2 and its adaptive siblings (dashdemux2) share these properties; the classic hlsdemux has neither.
    private static func isAdaptiveDemuxer(_ element: UnsafeMutablePointer<GstElement>) -> Bool {
        cove_object_has_property(element, "max-bitrate") != 0
            && cove_object_has_property(element, "max-buffering-time") != 0
    }

    /// The start bitrate too: without it the demuxer opens with the playlist's first variant whatever the cap.
    private static func apply(_ bounds: Bounds, to element: UnsafeMutablePointer<GstElement>) {
        cove_object_set_uint(element, "min-bitrate", bounds.minimum)
        cove_object_set_uint(element, "max-bitrate", bounds.maximum)
        if cove_object_has_property(element, "start-bitrate") != 0 {
            cove_object_set_uint(element, "start-bitrate", bounds.maximum)
        }
    }

    /// The high watermark pauses downloads once this much parsed media waits ahead of the playhead.
    private static func applyBuffer(_ nanoseconds: UInt, to element: UnsafeMutablePointer<GstElement>) {
        cove_object_set_uint64(element, "max-buffering-time", nanoseconds)
        cove_object_set_uint64(element, "high-watermark-time", nanoseconds)
    }

    private static func element(_ bits: UInt) -> UnsafeMutablePointer<GstElement> {
        UnsafeMutablePointer(bitPattern: bits)!
    }
}

/// `deep-element-added` on a bin: `void (*)(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data)`.
/// A file-scope function so it carries no actor isolation: it runs on streaming threads.
private func tuningDeepElementAdded(_ bin: gpointer?, _ subBin: gpointer?, _ element: gpointer?, _ data: gpointer?) {
    guard let element, let data else { return }
    let tuning = Unmanaged<AdaptiveDemuxTuning>.fromOpaque(data).takeUnretainedValue()
    tuning.elementAdded(element.assumingMemoryBound(to: GstElement.self))
}

private func releaseTuning(_ data: gpointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<AdaptiveDemuxTuning>.fromOpaque(data).release()
}

extension AdaptiveDemuxTuning {
    /// Watches `pipeline` for demuxers; the connection holds a reference to `self` until the pipeline goes.
    func watch(_ pipeline: UnsafeMutablePointer<GstElement>) {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void = tuningDeepElementAdded
        g_signal_connect_data(pipeline, "deep-element-added", unsafeBitCast(thunk, to: GCallback.self),
                              Unmanaged.passRetained(self).toOpaque(), releaseTuning, GConnectFlags(rawValue: 0))
    }
}
