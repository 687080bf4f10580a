import CGtk
import CoveCore
import CoveGLib

/// The viewer's say over Video Cloud Analytics, in the More menu (Cove's app menu): "Send Viewing Statistics"
/// (`win.send-analytics`) and "Include a Viewer Identifier" (`win.analytics-identifier`), check items bound to
/// boolean actions the app installs on its window (GTK makes them insensitive where there are none). The
/// identifier item is insensitive while nothing is sent.
public enum AnalyticsPreferences {
    public static let sendAction = "send-analytics"
    public static let identifierAction = "analytics-identifier"

    static func makeItems() -> [Widget] {
        [(tr("Send Viewing Statistics"), sendAction), (tr("Include a Viewer Identifier"), identifierAction)]
            .map { title, action in
                let item = gtk_check_button_new_with_label(title)!
                gtk_actionable_set_action_name(OpaquePointer(item), "win." + action)
                return item
            }
    }

    /// Adds both actions to `window` with their states; `changed` hears every change the viewer makes.
    public static func installActions(on window: Widget, send: Bool, identifier: Bool,
                                      changed: @escaping @MainActor (_ action: String, _ on: Bool) -> Void) {
        let sendItem = add(sendAction, send, on: window, changed: changed)
        let identifierItem = add(identifierAction, identifier, on: window, changed: changed)
        g_simple_action_set_enabled(identifierItem, send ? 1 : 0)
        Signals.connectVariant(UnsafeMutableRawPointer(sendItem), "change-state") { value in
            guard let value else { return }
            g_simple_action_set_enabled(identifierItem, g_variant_get_boolean(value))
        }
    }

    private static func add(_ name: String, _ initial: Bool, on window: Widget,
                            changed: @escaping @MainActor (String, Bool) -> Void) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial ? 1 : 0))!
        Signals.connectVariant(UnsafeMutableRawPointer(action), "change-state") { value in
            guard let value else { return }
            g_simple_action_set_state(action, value)
            changed(name, g_variant_get_boolean(value) != 0)
        }
        g_action_map_add_action(WindowActions.map(of: window), action)
        // The window's action map holds it from here.
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }
}
