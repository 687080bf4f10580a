import CGLib

extension Signals {
    /// `gboolean (*)(GObject *self, gpointer object, gpointer user_data)` — GtkGLArea render (the context).
    @MainActor @discardableResult
    public static func connectRender(_ instance: UnsafeMutableRawPointer, _ name: String,
                                     _ handler: @escaping @MainActor () -> Bool) -> UInt {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, _, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Bool).self)() ? 1 : 0 }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `gboolean (*)(GObject *self, double dx, double dy, gpointer user_data)` — GtkEventControllerScroll scroll.
    @MainActor @discardableResult
    public static func connectScroll(_ instance: UnsafeMutableRawPointer, _ name: String,
                                     _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (Double, Double) -> Bool).self)(dx, dy) ? 1 : 0 }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }
}
