import CGLibShim
import CLibc
import CQuitEarly
import CoveApp
import CoveCore
import CoveGLib
import CoveMedia
import Glibc

/// The one way out of Cove, whatever asks for it: the window closed (its button, Ctrl+W), Ctrl+Q, SIGINT or
/// SIGTERM, or the application shutting down. At any moment (an API request in flight, a preroll, a stream switch,
/// Picture in Picture, a live stream) the process ends with status 0 within `bound` seconds.
///
/// The order is fixed: each session ends (its engine drops the bus watch and frame bridge, so nothing of a pipeline
/// reaches Swift again), the disposal queue is told to start no teardown, and the process ends with `_exit`.
/// No pipeline is taken to NULL at exit and the demo's HTTP server is not stopped: a teardown takes time the bound
/// does not have (joining streaming threads, a preroll wait), it is where GStreamer 1.22's decodebin3 can crash
/// (see `PipelineDisposal`), and a server stopped under a pipeline going down crashed urisourcebin. `_exit` ends
/// every thread at once, so neither teardown runs; the kernel closes the sockets and the sound device. No atexit handler or static destructor runs
/// beside GStreamer's threads, and a watchdog thread ends the process at the bound whatever the main thread does.
@MainActor
final class CleanExit {
    /// The promise: the process is gone this many seconds after the request.
    static let bound = 2.0
    static let watchdogMilliseconds: UInt32 = 1_800

    private var isQuitting = false
    let reports = getenv("COVE_EXIT_REPORT") != nil
    /// With the report: the picture's figures (frames shown and painted, the first paint), for `cove-bench --picture`.
    var pictureReport: () -> String = { "" }
    /// Writes what the next launch reopens with (the window's size); a file write, well inside the bound.
    var saveState: () -> Void = {}
    /// Ends every session (the current one and a preload), announcing Terminate.
    var stopPlayback: () -> Void = {}
    /// Waits (at most `requestWait`) for requests that must leave before the process ends: GSC's DELETE.
    var finishRequests: () -> Void = {}
    /// Seconds a quit waits for them, well inside the watchdog's bound.
    static let requestWait = 1.0

    /// Quits on SIGINT (Ctrl+C in a terminal) and SIGTERM (a session manager, `kill`); `QuitSignals.block()` ran
    /// first in main.
    func handleSignals() {
        QuitSignals.watch(watchdogMilliseconds: Self.watchdogMilliseconds) { [weak self] signal in
            self?.quit(because: signal == SIGINT ? "SIGINT" : "SIGTERM")
        }
    }

    /// Idempotent; does not return.
    func quit(because reason: String) {
        guard !isQuitting else { return }
        isQuitting = true
        cove_exit_watchdog(Self.watchdogMilliseconds)
        let started = ContinuousClock.now
        GStreamerRuntime.abandonReleasedPipelinesForExit()
        saveState()
        stopPlayback()
        finishRequests()
        if reports {
            let elapsed = (ContinuousClock.now - started).components
            let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            // Whether SIGINT/SIGTERM were blocked before main (CQuitEarly), checked by the exit tests; and how many
            // released pipelines were kept rather than taken down (see PipelineDisposal), for the soak.
            cove_print_error("cove-exit: \(reason) ms=\(milliseconds) blocked-before-main="
                             + "\(cove_quit_signals_blocked_before_main()) "
                             + "kept-pipelines=\(GStreamerRuntime.quarantinedPipelines)")
            cove_print_error("cove-picture: " + pictureReport())
        }
        cove_exit_now(0)
    }
}
