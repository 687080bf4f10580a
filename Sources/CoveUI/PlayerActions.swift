import CGtk
import CoveGLib

/// The player's commands as GActions in one group, inserted on the PlayerView's widget as `player.*`, and a
/// shortcut controller that binds the table's keys to them. The keys live in CoveUI, not in the application's
/// accelerators (which GTK runs in the capture phase, before the focused control), so a PlayerView works in any
/// GtkWindow and a focused button still takes Space and the slider the arrows before the player does.
@MainActor
final class PlayerActions {
    /// The GSimpleActionGroup (a GActionGroup and GActionMap).
    let group: OpaquePointer
    private var actions: [String: OpaquePointer] = [:]

    init() {
        group = OpaquePointer(g_simple_action_group_new()!)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(group)) }

    func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        actions[name] = Actions.add(name, to: group, handler)
    }

    func insert(_ action: OpaquePointer, named name: String) {
        g_action_map_add_action(group, action)
        actions[name] = action
        // The group holds it from here.
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Only when it differs, so "notify::state" (and a menu bound to it) moves only for a real change.
    func setState(_ name: String, _ value: OpaquePointer) {
        guard let action = actions[name] else { return }
        g_variant_ref_sink(value)
        defer { g_variant_unref(value) }
        if let current = g_action_group_get_action_state(group, name) {
            defer { g_variant_unref(current) }
            if g_variant_equal(UnsafeRawPointer(current), UnsafeRawPointer(value)) != 0 { return }
        }
        g_simple_action_set_state(action, value)
    }

    /// A disabled action's keys are not taken: the key goes on to the window (Escape when not fullscreen).
    func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    var names: [String] { actions.keys.sorted() }

    /// Inserts the group on `widget` and binds the table's `player.*` keys there twice. Locally in the bubble phase:
    /// a key reaches the player after the focused control (a button keeps Space, the slider its arrows, a menu its
    /// keys) but before the window's own bindings, which would take Space (activate-focus) and the arrows
    /// (move-focus) for themselves. And globally, for when the focus is on no widget of the player.
    func install(on widget: Widget) {
        gtk_widget_insert_action_group(widget, PlayerShortcuts.group, group)
        for scope in [GTK_SHORTCUT_SCOPE_LOCAL, GTK_SHORTCUT_SCOPE_GLOBAL] {
            let controller = gtk_shortcut_controller_new()!
            gtk_shortcut_controller_set_scope(controller, scope)
            for binding in PlayerShortcuts.rows.flatMap(\.bindings)
            where binding.action.hasPrefix(PlayerShortcuts.group + ".") {
                guard let trigger = gtk_shortcut_trigger_parse_string(binding.accelerator) else { continue }
                let action = gtk_named_action_new(binding.action)
                gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, action))
            }
            gtk_widget_add_controller(widget, controller)
        }
    }
}
