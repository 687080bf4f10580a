import CGtk
import CoveGLib

/// The one way Cove makes a plain action: a GSimpleAction whose activation runs `handler`, added to `map` (a
/// GActionMap: the player's group, a window's `win` actions, the application's `app` actions), which holds it from
/// then on. The action is returned for enabling and disabling.
public enum Actions {
    @discardableResult
    public static func add(_ name: String, to map: OpaquePointer, _ handler: @escaping @MainActor () -> Void)
        -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        Signals.connectActivate(UnsafeMutableRawPointer(action), handler)
        g_action_map_add_action(map, action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }
}

/// Escape closes a secondary window (a dialog, Preferences, Downloads) through GtkWindow's own `window.close`.
public enum EscapeCloses {
    public static func install(on window: Widget) {
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(escape, gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)
    }
}

/// The `win` actions of a window that shows a player: a GtkApplicationWindow's own action map, or, for a plain
/// window, one `win` group of Cove's kept on it, so every installer adds to the same group instead of replacing
/// the group another one inserted.
public enum WindowActions {
    private static let groupKey = "cove-win-actions"

    /// The window's `win` action map.
    public static func map(of window: Widget) -> OpaquePointer {
        let instance = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, g_action_map_get_type()) != 0 { return OpaquePointer(window) }
        let object = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GObject.self)
        if let group = g_object_get_data(object, groupKey) { return OpaquePointer(group) }
        let group = g_simple_action_group_new()!
        gtk_widget_insert_action_group(window, "win", OpaquePointer(group))
        // The window holds the group (inserted) and this note of it, which goes with the window.
        g_object_set_data_full(object, groupKey, UnsafeMutableRawPointer(group)) { g_object_unref($0) }
        return OpaquePointer(group)
    }
}
