import CGLib
import CGStreamer
import Dispatch
import Synchronization

/// Takes every pipeline of the process to NULL, one at a time, on one serial queue; nothing else in Cove sets a
/// playbin's state below PAUSED. The engine has already dropped its bus watch and frame bridge, so nothing reaches
/// Swift from a pipeline being disposed.
///
/// Why one queue for all: setting NULL joins the streaming threads, and GStreamer 1.22's playbin3 can deadlock
/// there (a stream switch still under way holds decodebin3's lock while its thread waits on a paused sink), so the
/// main thread must never be the one that waits. And two playbin3 pipelines going to NULL at once crashed
/// GStreamer 1.22 in `gst_object_replace` (players made and dropped in quick succession, or a failed pipeline
/// taken to NULL on the main thread while the queue disposed another); one after the other, never.
///
/// Why READY before NULL, after a bounded wait for a preroll under way: taking playbin3 down while uridecodebin3's
/// streaming threads are still setting up its play item crashed GStreamer 1.22 now and then. READY stops the
/// sources and joins the streaming threads while every element is still in place; NULL then only frees.
///
/// Nothing waits on this queue without a bound: at exit the app waits a moment for it and then ends the process
/// whatever a stuck pipeline does (`CleanExit` in the app).
enum PipelineDisposal {
    private static let queue = DispatchQueue(label: "cove.pipeline-disposal")
    private static let prerollWaitNanoseconds: UInt64 = 1_000_000_000
    private static let state = Mutex(Counts())

    private struct Counts {
        var handedOver = 0
        var disposed = 0
        var exiting = false
    }

    /// Waits until every pipeline handed over so far has reached NULL, for at most `timeout` seconds; false if
    /// some had not by then.
    static func waitUntilDone(timeout: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// The process is about to `_exit`: pipelines not yet taken down stay as they are. GStreamer 1.22.0 crashed in
    /// `gst_object_replace` on this queue while taking a playing HTTP playbin3 from PAUSED to READY (the clean-exit
    /// test, Ctrl+Q right after Play); a teardown that never starts cannot meet it, and `_exit` ends its threads.
    static func abandonForExit() {
        state.withLock { $0.exiting = true }
    }

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
            gst_element_set_state(pipeline, GST_STATE_READY)
            gst_element_set_state(pipeline, GST_STATE_NULL)
            tuning?.close()
            gst_object_unref(pipeline)
            state.withLock { $0.disposed += 1 }
        }
    }
}
