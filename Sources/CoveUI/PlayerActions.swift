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
    /// True while an action runs for a key (or a media key, through `PlayerView.send`): it may say what it did
    /// (KeyFeedback), which a button or slider the pointer moved shows by itself.
    private(set) var activatedByKey = false

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
                let action = KeyBinding(actions: self, name: binding.action).shortcutAction()
                gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, action))
            }
            gtk_widget_add_controller(widget, controller)
        }
    }

    /// Runs `body` as a key's command.
    func byKey(_ body: () -> Void) {
        activatedByKey = true
        defer { activatedByKey = false }
        body()
    }
}

/// One key's command: the named action, activated as a key (GtkNamedAction's behaviour: a disabled or missing
/// action does not take the key, which goes on to the window).
@MainActor
private final class KeyBinding {
    unowned let actions: PlayerActions
    let name: String

    init(actions: PlayerActions, name: String) {
        self.actions = actions
        self.name = name
    }

    func shortcutAction() -> OpaquePointer? {
        let run: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
            widget, _, data in
            guard let widget, let data else { return 0 }
            return MainActor.assumeIsolated {
                Unmanaged<KeyBinding>.fromOpaque(data).takeUnretainedValue().activate(on: widget)
            }
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<KeyBinding>.fromOpaque(data).release()
        }
        return gtk_callback_action_new(run, Unmanaged.passRetained(self).toOpaque(), release)
    }

    private func activate(on widget: UnsafeMutablePointer<GtkWidget>) -> gboolean {
        var taken: gboolean = 0
        actions.byKey { taken = gtk_widget_activate_action_variant(widget, name, nil) }
        return taken
    }
}
