import CGLib

/// A thread of its own for blocking work (a socket's reads, a device's clock), through GLib so it has a name in
/// a debugger and joins like the server threads. Holds the thread until `join`, hence `@unchecked Sendable`.
public struct WorkerThread: @unchecked Sendable {
    private let thread: UnsafeMutablePointer<GThread>

    /// Runs `body` on a new thread named `name`; nil if GLib could not start one.
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) -> WorkerThread? {
        let main: GThreadFunc = { data in
            closure(data, as: (@Sendable () -> Void).self)()
            releaseClosureBox(data)
            return nil
        }
        let data = retainedPointer(body)
        var error: UnsafeMutablePointer<GError>?
        guard let thread = g_thread_try_new(name, main, data, &error) else {
            g_clear_error(&error)
            releaseClosureBox(data)
            return nil
        }
        return WorkerThread(thread: thread)
    }

    /// Waits for the thread to end (and lets it go).
    public func join() {
        g_thread_join(thread)
    }

    /// Lets the thread go without waiting: it ends on its own, when its body returns.
    public func detach() {
        g_thread_unref(thread)
    }
}
