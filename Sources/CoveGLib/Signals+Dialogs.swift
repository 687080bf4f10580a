import CGLib

extension Signals {
    /// `void (*)(GObject *self, int response_id, gpointer user_data)` — GtkNativeDialog response.
    @MainActor @discardableResult
    public static func connectResponse(_ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (Int32) -> Void)
        -> UInt {
        let thunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (Int32) -> Void).self)(response) }
        }
        return g_signal_connect_data(instance, "response", unsafeBitCast(thunk, to: GCallback.self),
                                     retainedPointer(handler), { data, _ in releaseClosureBox(data) },
                                     GConnectFlags(rawValue: 0))
    }

    /// `gboolean (*)(GtkDropTarget *self, const GValue *value, double x, double y, gpointer user_data)` — drop.
    @MainActor @discardableResult
    public static func connectDrop(_ instance: UnsafeMutableRawPointer,
                                   _ handler: @escaping @MainActor (UnsafePointer<GValue>) -> Bool) -> UInt {
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            guard let value else { return 0 }
            return MainActor.assumeIsolated {
                closure(data, as: (@MainActor (UnsafePointer<GValue>) -> Bool).self)(value) ? 1 : 0
            }
        }
        return g_signal_connect_data(instance, "drop", unsafeBitCast(thunk, to: GCallback.self),
                                     retainedPointer(handler), { data, _ in releaseClosureBox(data) },
                                     GConnectFlags(rawValue: 0))
    }
}
