import CGLib
import CGStreamer
import CGStreamerShim
import CSoup
import CoveMedia
import FoundationEssentials
import Synchronization
import XCTest

/// The hold cove_adaptive_flush_guard.c puts on an adaptive demuxer's flushing seek: a FLUSH_START out of the
/// demuxer's source pad waits while a thread that queued an HTTP request (as hlsdemux2's download thread does) is
/// still running, so the requests it was handed are sent before the seek cancels them.
final class AdaptiveFlushGuardTests: XCTestCase {
    /// A download thread stand-in: queues a request on a session of its own, runs for `busy` seconds (the moment
    /// hlsdemux2's thread has not yet sent what it was handed), then sleeps in its main loop until told to stop.
    private final class DownloadThread: @unchecked Sendable {
        let queued = Atomic<Bool>(false)
        let ranUntilAsleep = Atomic<Bool>(false)
        private let stop = Atomic<Bool>(false)
        private var thread: Thread?

        func start(busy: Double) {
            let thread = Thread { [self] in
                let context = g_main_context_new()
                g_main_context_push_thread_default(context)
                let session = soup_session_new()
                // Port 9 (discard) on loopback: the request is only queued here, never needs an answer.
                let message = soup_message_new("GET", "http://127.0.0.1:9/")
                let cancellable = g_cancellable_new()
                soup_session_send_async(session, message, 0, cancellable, nil, nil)
                queued.store(true, ordering: .releasing)
                let until = ContinuousClock.now + .seconds(busy)
                while ContinuousClock.now < until {}
                ranUntilAsleep.store(true, ordering: .releasing)
                while !stop.load(ordering: .acquiring) { _ = g_main_context_iteration(context, 0); usleep(2000) }
                g_cancellable_cancel(cancellable)
                while g_main_context_iteration(context, 0) != 0 {}
                g_object_unref(UnsafeMutableRawPointer(cancellable))
                g_object_unref(UnsafeMutableRawPointer(message))
                g_object_unref(UnsafeMutableRawPointer(session))
                g_main_context_pop_thread_default(context)
                g_main_context_unref(context)
            }
            self.thread = thread
            thread.start()
        }

        func finish() { stop.store(true, ordering: .releasing) }
    }

    func testAFlushFromTheDemuxerWaitsForABusyDownloadThread() throws {
        GStreamerRuntime.ensureInitialized()
        // libsoup's session type exists before the guard looks for it, as with a real demuxer.
        g_object_unref(UnsafeMutableRawPointer(soup_session_new()))
        let demuxer = try XCTUnwrap(gst_bin_new("demuxer-stand-in"))
        defer { gst_object_unref(UnsafeMutableRawPointer(demuxer)) }
        XCTAssertEqual(cove_adaptive_flush_guard_watch(demuxer), 1, "the guard found libsoup's request-queued")
        let pad = try XCTUnwrap(gst_pad_new("src", GST_PAD_SRC))
        XCTAssertEqual(gst_pad_set_active(pad, 1), 1)
        XCTAssertEqual(gst_element_add_pad(demuxer, pad), 1)

        let downloads = DownloadThread()
        downloads.start(busy: 0.05)
        defer { downloads.finish() }
        let deadline = ContinuousClock.now + .seconds(5)
        while !downloads.queued.load(ordering: .acquiring), ContinuousClock.now < deadline { usleep(1000) }
        XCTAssertTrue(downloads.queued.load(ordering: .acquiring))
        XCTAssertFalse(downloads.ranUntilAsleep.load(ordering: .acquiring), "still busy when the seek comes")

        _ = gst_pad_push_event(pad, gst_event_new_flush_start())
        XCTAssertTrue(downloads.ranUntilAsleep.load(ordering: .acquiring),
                      "the flush went on only once the download thread had gone to sleep")
        _ = gst_pad_push_event(pad, gst_event_new_flush_stop(1))
    }
}
