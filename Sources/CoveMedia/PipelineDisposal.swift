import CGLib
import CGStreamer
import Dispatch

/// Takes pipelines to NULL off the main thread. Setting NULL joins the streaming threads, and GStreamer 1.22's
/// playbin3 can deadlock there (a stream switch still under way holds decodebin3's lock while its thread waits on
/// a paused sink): the main thread, and with it the UI, must not be the one that waits. The engine has already
/// dropped its bus watch and frame bridge, so nothing reaches Swift from a pipeline being disposed.
/// One pipeline at a time: two playbin3 pipelines going to NULL at once crashed GStreamer 1.22 in
/// `gst_object_replace` about one run in four of the layout UI test (players made and dropped in quick
/// succession); one after the other, never in eight runs.
enum PipelineDisposal {
    private static let queue = DispatchQueue(label: "cove.pipeline-disposal")
    private static let prerollWaitNanoseconds: UInt64 = 2_000_000_000

    /// Waits until every pipeline handed over so far has reached NULL, for at most `timeout` seconds; false if
    /// some had not by then.
    static func waitUntilDone(timeout: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// Takes ownership of the caller's reference to `pipeline`; `tuning` lets go of its demuxers afterwards.
    static func dispose(_ pipeline: UnsafeMutablePointer<GstElement>, then tuning: AdaptiveDemuxTuning?) {
        // Raw pointers are not Sendable; the integer carries the one reference across.
        let bits = UInt(bitPattern: pipeline)
        queue.async {
            guard let pipeline = UnsafeMutablePointer<GstElement>(bitPattern: bits) else { return }
            // A pipeline dropped while still prerolling (a viewer skipping fast) first finishes that state change:
            // taking playbin3 to NULL while uridecodebin3's streaming threads are still setting up its play item
            // crashed GStreamer 1.22 now and then. A stream that never prerolls is let go after the wait.
            gst_element_get_state(pipeline, nil, nil, GstClockTime(Self.prerollWaitNanoseconds))
            gst_element_set_state(pipeline, GST_STATE_NULL)
            tuning?.close()
            gst_object_unref(pipeline)
        }
    }
}
