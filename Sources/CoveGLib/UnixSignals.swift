import CGLib
import CGLibShim

/// SIGINT and SIGTERM as a request to quit. A thread of its own receives them (`sigwait`), arms the exit
/// watchdog at once, and hands the request to the main thread. Unlike `g_unix_signal_add`, whose source only runs
/// when the main loop next turns, the bound then holds even while the main thread is busy or stuck (a slow
/// software-rendered frame under Xvfb took more than two seconds on a loaded machine).
public enum QuitSignals {
    /// Call first in `main`, before any thread starts: every thread inherits the blocked mask, so no other thread
    /// takes the signal's default action (death by SIGTERM) or GLib's.
    public static func block() {
        cove_block_quit_signals()
    }

    /// `handler` runs on the main thread with the signal's number; the process ends `watchdogMilliseconds`
    /// after the signal whatever the handler does.
    @MainActor
    public static func watch(watchdogMilliseconds: UInt32, _ handler: @escaping @MainActor (Int32) -> Void) {
        let thunk: @convention(c) (gpointer?) -> gboolean = { data in
            MainActor.assumeIsolated {
                closure(data, as: (@MainActor (Int32) -> Void).self)(cove_last_quit_signal())
            }
            return 0  // G_SOURCE_REMOVE: one run per signal
        }
        // Held for the life of the process, like the thread that uses it.
        cove_watch_quit_signals(watchdogMilliseconds, thunk, retainedPointer(handler))
    }
}
