import CGLib

/// GObject signal connection for the handful of C signatures Cove uses. GTK signals arrive on the main thread,
/// so handlers are main-actor isolated; never connect these to GStreamer streaming-thread signals.
public enum Signals {
    /// `void (*)(GObject *self, gpointer user_data)` — clicked, activate, value-changed, destroy…
    @MainActor @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               _ handler: @escaping @MainActor () -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Void).self)() }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `gboolean (*)(GObject *self, gpointer user_data)` — close-request and friends.
    @MainActor @discardableResult
    public static func connectReturningBool(_ instance: UnsafeMutableRawPointer, _ name: String,
                                            _ handler: @escaping @MainActor () -> Bool) -> UInt {
        let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Bool).self)() ? 1 : 0 }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `void (*)(GObject *self, double x, double y, gpointer user_data)` — motion, enter.
    @MainActor @discardableResult
    public static func connectPoint(_ instance: UnsafeMutableRawPointer, _ name: String,
                                    _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (Double, Double) -> Void).self)(x, y) }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `void (*)(GObject *self, int width, int height, gpointer user_data)` — GtkDrawingArea resize.
    @MainActor @discardableResult
    public static func connectSize(_ instance: UnsafeMutableRawPointer, _ name: String,
                                   _ handler: @escaping @MainActor (Int, Int) -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, width, height, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (Int, Int) -> Void).self)(Int(width), Int(height)) }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `void (*)(GObject *self, int n_press, double x, double y, gpointer user_data)` — GtkGestureClick pressed/released.
    @MainActor @discardableResult
    public static func connectPress(_ instance: UnsafeMutableRawPointer, _ name: String,
                                    _ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
            MainActor.assumeIsolated {
                closure(data, as: (@MainActor (Int, Double, Double) -> Void).self)(Int(count), x, y)
            }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `gboolean (*)(GObject *self, guint keyval, guint keycode, GdkModifierType state, gpointer user_data)`.
    @MainActor @discardableResult
    public static func connectKey(_ instance: UnsafeMutableRawPointer, _ name: String,
                                  _ handler: @escaping @MainActor (UInt32, UInt32) -> Bool) -> UInt {
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> gboolean = { _, key, _, state, data in
            MainActor.assumeIsolated {
                closure(data, as: (@MainActor (UInt32, UInt32) -> Bool).self)(key, state) ? 1 : 0
            }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// `void (*)(GObject *self, GParamSpec *pspec, gpointer user_data)` — notify::PROPERTY.
    @MainActor @discardableResult
    public static func connectNotify(_ instance: UnsafeMutableRawPointer, property: String,
                                     _ handler: @escaping @MainActor () -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Void).self)() }
        }
        return attach(instance, "notify::\(property)", unsafeBitCast(thunk, to: GCallback.self), handler)
    }

    /// Connects `thunk` with `handler` boxed as its user data, released when the handler is disconnected.
    static func attach<Handler>(_ instance: UnsafeMutableRawPointer, _ name: String, _ thunk: GCallback,
                                        _ handler: Handler) -> UInt {
        g_signal_connect_data(instance, name, thunk, retainedPointer(handler), { data, _ in releaseClosureBox(data) },
                              GConnectFlags(rawValue: 0))
    }

    public static func disconnect(_ instance: UnsafeMutableRawPointer, _ handlerID: UInt) {
        if handlerID != 0 { g_signal_handler_disconnect(instance, gulong(handlerID)) }
    }
}

extension Signals {
    /// `gboolean (*)(GObject *self, int kind, double value, gpointer user_data)` — GtkRange change-value.
    @MainActor @discardableResult
    public static func connectChangeValue(_ instance: UnsafeMutableRawPointer, _ name: String,
                                          _ handler: @escaping @MainActor (Double) -> Bool) -> UInt {
        let thunk: @convention(c) (gpointer?, gint, Double, gpointer?) -> gboolean = { _, _, value, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (Double) -> Bool).self)(value) ? 1 : 0 }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }
}

extension Signals {
    /// `void (*)(GObject *self, double value, gpointer user_data)` — GtkScaleButton value-changed.
    @MainActor @discardableResult
    public static func connectDouble(_ instance: UnsafeMutableRawPointer, _ name: String,
                                     _ handler: @escaping @MainActor (Double) -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, value, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (Double) -> Void).self)(value) }
        }
        return attach(instance, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }
}

extension Signals {
    /// `void (*)(GSimpleAction *self, GVariant *parameter, gpointer user_data)` — GSimpleAction activate.
    @MainActor @discardableResult
    public static func connectActivate(_ action: UnsafeMutableRawPointer, _ handler: @escaping @MainActor () -> Void)
        -> UInt {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor () -> Void).self)() }
        }
        return attach(action, "activate", unsafeBitCast(thunk, to: GCallback.self), handler)
    }
}

extension Signals {
    /// `void (*)(GSimpleAction *self, GVariant *value, gpointer user_data)` — GSimpleAction activate and
    /// change-state, with the action's parameter or the state asked for (nil for an action without one).
    @MainActor @discardableResult
    public static func connectVariant(_ action: UnsafeMutableRawPointer, _ name: String,
                                      _ handler: @escaping @MainActor (OpaquePointer?) -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, value, data in
            MainActor.assumeIsolated { closure(data, as: (@MainActor (OpaquePointer?) -> Void).self)(value) }
        }
        return attach(action, name, unsafeBitCast(thunk, to: GCallback.self), handler)
    }
}
