import CGtk
import CoveApp
import CoveGLib

/// The window opens at the size it had when Cove last closed, maximized or not, as Totem and Showtime do; the
/// size lives in the state file's [Window] group. A fullscreen window keeps the size it had before.
@MainActor
enum WindowGeometry {
    static let group = "Window"
    static let defaultSize = (width: Int32(960), height: Int32(540))
    /// Below this the control bar has its compact arrangement and no less; above, no screen of today.
    static let smallest = (width: Int32(360), height: Int32(200))
    static let largest: Int32 = 16_384

    static func restore(_ window: UnsafeMutablePointer<GtkWindow>, from state: StateKeyFile) {
        func stored(_ key: String, _ fallback: Int32, _ smallest: Int32) -> Int32 {
            guard let value = state.string(key, in: group).flatMap({ Int32($0) }) else { return fallback }
            return min(max(value, smallest), largest)
        }
        gtk_window_set_default_size(window, stored("width", defaultSize.width, smallest.width),
                                    stored("height", defaultSize.height, smallest.height))
        if state.string("maximized", in: group) == "true" { gtk_window_maximize(window) }
    }

    /// GTK 4 keeps the default size at the window's last size outside maximized and fullscreen states.
    static func save(_ window: UnsafeMutablePointer<GtkWindow>, to state: StateKeyFile) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        guard width > 0, height > 0 else { return }
        let values = ["width": String(width), "height": String(height),
                      "maximized": gtk_window_is_maximized(window) != 0 ? "true" : "false"]
        guard state.groups(withPrefix: group).first(where: { $0.name == group })?.values != values else { return }
        CoveStateFile.reportWrite(state.replaceGroups(withPrefix: group, by: [(group, values)]), of: state)
    }
}
