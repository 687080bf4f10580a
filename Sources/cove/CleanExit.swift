import CGLibShim
import CLibc
import CoveCore
import CoveGLib
import CoveMedia
import Glibc

/// The one way out of Cove, whatever asks for it: the window closed (its button, Ctrl+W), Ctrl+Q, SIGINT or
/// SIGTERM, or the application shutting down. At any moment (an API request in flight, a preroll, a stream switch,
/// Picture in Picture, a live stream) the process ends with status 0 within `bound` seconds.
///
/// The order is fixed: the sessions end first (each engine drops its bus watch and frame bridge, so nothing of a
/// pipeline reaches Swift again, and hands its pipeline to the disposal queue); then a bounded wait while the queue
/// takes them to NULL; then, only if they all got there, the demo's HTTP server and live producers stop (a
/// pipeline must never see its server vanish while it is going down: GStreamer 1.22's urisourcebin crashed then);
/// then `_exit`. No atexit handler or static destructor runs beside GStreamer's threads, and a pipeline stuck in
/// a state change cannot hold the process: a watchdog thread ends it at the bound whatever the main thread does.
@MainActor
final class CleanExit {
    /// The promise: the process is gone this many seconds after the request.
    static let bound = 2.0
    /// What the disposal queue gets; the rest of the bound is for the servers and the watchdog's margin.
    static let pipelineWait = 1.4
    static let watchdogMilliseconds: UInt32 = 1_800

    private var isQuitting = false
    private let reports = getenv("COVE_EXIT_REPORT") != nil
    /// Ends every session (the current one and a preload).
    var stopPlayback: () -> Void = {}
    /// Stops what serves the pipelines (the demo's emulator and live producers).
    var stopServers: () -> Void = {}
    /// Hides the windows at once, so the viewer sees the request taken while the pipelines go down.
    var hideWindows: () -> Void = {}

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
        hideWindows()
        stopPlayback()
        let released = GStreamerRuntime.waitForReleasedPipelines(timeout: Self.pipelineWait)
        if released { stopServers() }
        if reports {
            let elapsed = (ContinuousClock.now - started).components
            let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            cove_print_error("cove-exit: \(reason) released=\(released) pending=\(GStreamerRuntime.releasedPipelinesPending) ms=\(milliseconds)")
        }
        cove_exit_now(0)
    }
}
