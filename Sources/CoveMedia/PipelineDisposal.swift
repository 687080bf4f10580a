import CGLib
import CLibc
import CGStreamer
import CGStreamerShim
import Dispatch
import Synchronization

/// Takes every pipeline of the process to NULL, one at a time, on one serial queue; nothing else in Cove sets a
/// playbin's state below PAUSED. The engine has already dropped its bus watch and frame bridge, so nothing reaches
/// Swift from a pipeline being disposed.
///
/// Why one queue for all: setting NULL joins the streaming threads, and GStreamer 1.22's playbin3 can deadlock
/// there (a stream switch still under way holds decodebin3's lock while its thread waits on a paused sink), so the
/// main thread must never be the one that waits.
///
/// Why READY before NULL, after a bounded wait for a preroll under way: READY stops the sources and joins the
/// streaming threads while every element is still in place; NULL then only frees.
///
/// Why some pipelines are never taken down (the crash in `gst_object_replace`): GStreamer 1.22's decodebin3 feeds
/// the parsed streams uridecodebin3 hands it through one identity element per input. An input stream that saw EOS
/// is dropped from decodebin3's list by the next unblock of pending inputs while its identity stays; from then on
/// every teardown of that decodebin3 (the PAUSED→READY reset, an input unlink, dispose on the last unref) calls
/// `remove_input_stream(dbin, NULL)` and dereferences `NULL->active_stream` (SIGSEGV, `gst_object_replace`
/// reading address 0x8; frames: decodebin3's change_state → gst_decodebin3_reset → reset_input →
/// remove_input_stream). Fixed upstream only in 1.24 (`reset_input` looks the stream up under the selection lock
/// and no longer meets a NULL one). A live input stream either blocks its identity's src pad (waiting for data) or
/// has linked it; remove_input_stream undoes both, so an identity inside decodebin3 whose src pad is neither linked
/// nor blocked is the sign (`cove_decodebin3_orphan_inputs`); such a pipeline is paused, its bus set flushing,
/// and kept for the life of the process instead (counted in `quarantinedCount`). Streams are dropped that way by
/// upstream threads inside decodebin3's sink pads (a first buffer or a GAP unblocking the pending inputs), and the
/// preroll wait does not stop them: a pipeline let go while prerolling, or one an error failed (its get_state
/// returns at once while its streaming goes on), crashed here under load (3 of 67 runs of the hardware fallback
/// tests). So those pads are frozen first (`cove_decodebin3_freeze_inputs`): after it the look cannot be
/// overtaken before READY.
///
/// Nothing waits on this queue without a bound: at exit the app lets released pipelines be and ends the process
/// (`CleanExit` in the app).
enum PipelineDisposal {
    private static let queue = DispatchQueue(label: "cove.pipeline-disposal")
    private static let prerollWaitNanoseconds: UInt64 = 1_000_000_000
    private static let state = Mutex(Counts())

    private struct Counts {
        var handedOver = 0
        var disposed = 0
        var exiting = false
        var quarantined = 0
    }

    /// Waits until every pipeline handed over so far has reached NULL, for at most `timeout` seconds; false if
    /// some had not by then.
    static func waitUntilDone(timeout: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// The process is about to `_exit`: pipelines not yet taken down stay as they are (`_exit` ends their threads),
    /// so quitting never waits for a teardown.
    static func abandonForExit() {
        state.withLock { $0.exiting = true }
    }

    /// Keeps a pipeline that GStreamer 1.22 cannot take down without crashing: paused (no sound, no clock), its bus
    /// dropping messages, and its reference held on purpose. Only a playing one is paused: one whose preroll
    /// failed (an error) has committed READY while its children went on, and a PAUSED asked of it would run
    /// playbin3's READY→PAUSED again and abort in the next pad added (`GStreamerEngine.applyTargetState`).
    static func quarantine(_ pipeline: UnsafeMutablePointer<GstElement>) {
        var committed = GST_STATE_VOID_PENDING
        gst_element_get_state(pipeline, &committed, nil, 0)
        if committed == GST_STATE_PLAYING { gst_element_set_state(pipeline, GST_STATE_PAUSED) }
        if let bus = gst_element_get_bus(pipeline) {
            gst_bus_set_flushing(bus, 1)
            gst_object_unref(bus)
        }
        state.withLock {
            $0.quarantined += 1
            $0.disposed += 1
        }
    }

    /// Pipelines kept rather than taken down (see above).
    static var quarantinedCount: Int { state.withLock { $0.quarantined } }

    /// Pipelines handed over and not yet at NULL.
    static var pendingCount: Int { state.withLock { $0.handedOver - $0.disposed } }

    /// Takes ownership of the caller's reference to `pipeline`; `tuning` lets go of its demuxers afterwards.
    static func dispose(_ pipeline: UnsafeMutablePointer<GstElement>, then tuning: AdaptiveDemuxTuning?) {
        state.withLock { $0.handedOver += 1 }
        // Raw pointers are not Sendable; the integer carries the one reference across.
        let bits = UInt(bitPattern: pipeline)
        queue.async {
            guard let pipeline = UnsafeMutablePointer<GstElement>(bitPattern: bits),
                  !state.withLock({ $0.exiting }) else { return }
            // A stream that never prerolls (a server that stopped answering) is let go after the wait.
            gst_element_get_state(pipeline, nil, nil, GstClockTime(Self.prerollWaitNanoseconds))
            cove_decodebin3_freeze_inputs(pipeline)
            if cove_decodebin3_orphan_inputs(pipeline) > 0 {
                quarantine(pipeline)
                return
            }
            gst_element_set_state(pipeline, GST_STATE_READY)
            gst_element_set_state(pipeline, GST_STATE_NULL)
            tuning?.close()
            gst_object_unref(pipeline)
            // Its frames and buffers are free now; their pages go back (a playlist's tenth video must not keep
            // what the first nine freed).
            cove_release_free_memory()
            state.withLock { $0.disposed += 1 }
        }
    }
}
