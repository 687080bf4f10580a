import CGLib
import CGLibShim

/// GLib's default main context as the main actor's home: timers, idle calls, and the libdispatch bridge.
public enum MainLoop {
    /// Lets `@MainActor` tasks run while GLib (GTK or a test's loop) owns the main thread.
    public static func bridgeDispatchMainQueue() {
        cove_attach_main_queue_source(nil)
    }

    /// A repeating timer on the default context; return false from the handler to stop it.
    @MainActor @discardableResult
    public static func every(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Bool) -> TimerSource {
        let thunk: @convention(c) (gpointer?) -> gboolean = { data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Bool).self)() ? 1 : 0 }
        }
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, thunk, retainedPointer(handler), releaseClosureBox)
        return TimerSource(id: id)
    }

    /// A one-shot timer on the default context.
    @MainActor @discardableResult
    public static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) -> TimerSource {
        every(milliseconds: milliseconds) { handler(); return false }
    }

    /// Runs the default context until `condition` holds or `timeout` seconds pass; returns whether it held.
    /// For tests and command-line tools that have no GTK loop of their own.
    @MainActor
    public static func run(until condition: @MainActor () -> Bool, timeout: Double) -> Bool {
        bridgeDispatchMainQueue()
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        var expired = false
        let waker = g_timeout_add_full(G_PRIORITY_DEFAULT, 50, { _ in 1 }, nil, nil)
        defer { g_source_remove(waker) }
        while !condition() {
            if g_get_monotonic_time() >= deadline { expired = true; break }
            g_main_context_iteration(nil, 1)
        }
        return !expired
    }
}

/// A GLib timeout source; cancelling twice, or after it finished, is harmless.
@MainActor
public final class TimerSource {
    private var id: guint
    init(id: guint) { self.id = id }

    public func cancel() {
        guard id != 0 else { return }
        // The source may already be gone if the handler returned false.
        if let source = g_main_context_find_source_by_id(nil, id), g_source_is_destroyed(source) == 0 {
            g_source_destroy(source)
        }
        id = 0
    }
}
