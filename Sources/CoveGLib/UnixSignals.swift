import CGLib

/// POSIX signals (SIGINT, SIGTERM, …) as main-loop events: GLib's signal source turns the asynchronous signal
/// into a dispatch on the default context, so the handler runs on the main thread like any other callback and
/// may do what a real signal handler must not.
public enum UnixSignals {
    /// Calls `handler` on the main thread each time the process receives `signal`, for the rest of its life.
    @MainActor
    public static func handle(_ signal: Int32, _ handler: @escaping @MainActor () -> Void) {
        let thunk: @convention(c) (gpointer?) -> gboolean = { data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Void).self)() }
            return 1  // G_SOURCE_CONTINUE
        }
        g_unix_signal_add_full(G_PRIORITY_HIGH, signal, thunk, retainedPointer(handler), releaseClosureBox)
    }
}
