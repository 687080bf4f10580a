import CGtk
import CGtkShim
import CoveApp
import CoveCore

/// The window's title names the video: the state's title (its name, else its file's name), "Cove" when there is
/// none. Following the state, it keeps up with every session the controller starts (autoAdvance, skips,
/// open-with) without a loader or view having to set it.
final class WindowTitle {
    static let idle = "Cove"

    private let window: UnsafeMutablePointer<GtkWindow>
    private let state: PlayerState

    init(window: UnsafeMutablePointer<GtkWindow>, state: PlayerState) {
        self.window = window
        self.state = state
        update()
        state.observe { [weak self] changes in
            if changes.contains(.title) { self?.update() }
        }
    }

    private func update() {
        let title = state.title ?? Self.idle
        gtk_window_set_title(window, title)
        // The accessible name is set with the title, so a screen reader names the window as the title bar does
        // instead of deriving a name that can lag behind it.
        cove_accessible_set_label(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self), title)
    }
}
