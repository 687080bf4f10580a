import CGtk

/// The `win` actions of a window that shows a player: a GtkApplicationWindow's own action map, or, for a plain
/// window, one `win` group of Cove's kept on it, so every installer adds to the same group instead of replacing
/// the group another one inserted.
enum WindowActions {
    private static let groupKey = "cove-win-actions"

    static func add(_ action: OpaquePointer, to window: Widget) {
        let instance = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, g_action_map_get_type()) != 0 {
            g_action_map_add_action(OpaquePointer(window), action)
            return
        }
        let object = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GObject.self)
        if let group = g_object_get_data(object, groupKey) {
            g_action_map_add_action(OpaquePointer(group), action)
            return
        }
        let group = g_simple_action_group_new()!
        g_action_map_add_action(OpaquePointer(group), action)
        gtk_widget_insert_action_group(window, "win", OpaquePointer(group))
        // The window holds the group (inserted) and this note of it, which goes with the window.
        g_object_set_data_full(object, groupKey, UnsafeMutableRawPointer(group)) { g_object_unref($0) }
    }
}
