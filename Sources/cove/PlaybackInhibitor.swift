import CGtk
import CoveApp
import CoveCore

/// Keeps the screen from blanking and the computer from suspending while a video plays
/// (`gtk_application_inhibit`: GNOME's or Xfce's session manager, else the desktop portal), and lets go on pause,
/// end, failure, and when the session ends. It follows the state's status: the UI knows nothing of it.
final class PlaybackInhibitor {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let window: UnsafeMutablePointer<GtkWindow>?
    private let state: PlayerState
    /// The session manager's cookie while inhibited; 0 when not (or when nothing on the bus could inhibit).
    private var cookie: guint = 0

    init(application: UnsafeMutablePointer<GtkApplication>, window: UnsafeMutablePointer<GtkWindow>?,
         state: PlayerState) {
        self.application = application
        self.window = window
        self.state = state
        update()
        state.observe { [weak self] changes in
            if changes.contains(.status) { self?.update() }
        }
    }

    /// Waiting for media the viewer wants played holds on too: a seek's rebuffering neither lets the screen
    /// blank nor asks the session manager again.
    private func update() {
        switch state.status {
        case .playing, .buffering: inhibit()
        case .idle, .loading, .paused, .ended, .failed: release()
        }
    }

    private func inhibit() {
        guard cookie == 0 else { return }
        let flags = GtkApplicationInhibitFlags(rawValue: GTK_APPLICATION_INHIBIT_IDLE.rawValue
                                               | GTK_APPLICATION_INHIBIT_SUSPEND.rawValue)
        cookie = gtk_application_inhibit(application, window, flags, tr("Playing a video"))
    }

    private func release() {
        guard cookie != 0 else { return }
        gtk_application_uninhibit(application, cookie)
        cookie = 0
    }
}
