import CGtk
import CoveGLib

/// Commands that carry a value (a position, a level, a speed) and commands whose state is the player's selection
/// (mute, the caption track, the audio track). A stateful action's state is never changed by activating it: the
/// handler asks the controller, and the state follows the player state (`setState`), so a menu bound to it shows
/// what is playing, whoever changed it.
extension PlayerActions {
    /// An action taking a double (`player.seek`, `player.set-volume`, `player.set-rate`).
    func addNumber(_ name: String, _ handler: @escaping @MainActor (Double) -> Void) {
        let type = g_variant_type_new("d")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name, type)!
        Signals.connectVariant(UnsafeMutableRawPointer(action), "activate") { value in
            guard let value else { return }
            handler(g_variant_get_double(value))
        }
        insert(action, named: name)
    }

    /// An action taking an unsigned number (`player.select-item`, `player.set-bitrate`).
    func addCount(_ name: String, _ handler: @escaping @MainActor (Int) -> Void) {
        let type = g_variant_type_new("u")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name, type)!
        Signals.connectVariant(UnsafeMutableRawPointer(action), "activate") { value in
            guard let value else { return }
            handler(Int(g_variant_get_uint32(value)))
        }
        insert(action, named: name)
    }

    /// An on/off action with no parameter (`player.mute`): activating it asks for the other state.
    func addToggle(_ name: String, _ handler: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(0))!
        Signals.connectVariant(UnsafeMutableRawPointer(action), "change-state") { value in
            guard let value else { return }
            handler(g_variant_get_boolean(value) != 0)
        }
        insert(action, named: name)
    }

    /// A choice among strings (`player.caption-track`, `player.audio-track`); its state is the current one.
    func addChoice(_ name: String, initial: String, _ handler: @escaping @MainActor (String) -> Void) {
        addStateful(name, type: "s", initial: g_variant_new_string(initial)) { value in
            handler(String(cString: g_variant_get_string(value, nil)))
        }
    }

    /// A double with a state (`player.set-rate`): menus of choices show the current value checked.
    func addNumberChoice(_ name: String, initial: Double, _ handler: @escaping @MainActor (Double) -> Void) {
        addStateful(name, type: "d", initial: g_variant_new_double(initial)) { value in
            handler(g_variant_get_double(value))
        }
    }

    /// A stateful action whose parameter has the state's type; asking for a state goes to `handler` only.
    private func addStateful(_ name: String, type signature: String, initial: OpaquePointer,
                             _ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        let type = g_variant_type_new(signature)
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new_stateful(name, type, initial)!
        Signals.connectVariant(UnsafeMutableRawPointer(action), "change-state") { value in
            guard let value else { return }
            handler(value)
        }
        insert(action, named: name)
    }

    func setState(_ name: String, bool: Bool) { setState(name, g_variant_new_boolean(bool ? 1 : 0)) }
    func setState(_ name: String, string: String) { setState(name, g_variant_new_string(string)) }
    func setState(_ name: String, double: Double) { setState(name, g_variant_new_double(double)) }

    /// The action's state now, for tests and the menus.
    func state(of name: String) -> OpaquePointer? {
        g_action_group_get_action_state(group, name)
    }

    /// Activates `name` as a key, a button or D-Bus would (with a parameter for the typed ones).
    func activate(_ name: String, double: Double) { activate(name, g_variant_new_double(double)) }
    func activate(_ name: String, string: String) { activate(name, g_variant_new_string(string)) }

    func activate(_ name: String, _ parameter: OpaquePointer? = nil) {
        g_action_group_activate_action(group, name, parameter)
    }
}
