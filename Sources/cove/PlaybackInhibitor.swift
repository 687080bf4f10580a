import CGtk
import CoveCore

/// Keeps the screen from blanking and the computer from suspending while a video plays
/// (`gtk_application_inhibit`: GNOME's or Xfce's session manager, else the desktop portal), and lets go on pause,
/// end, failure, and when the session ends. A session consumer: the UI knows nothing of it.
final class PlaybackInhibitor: PlaybackSessionConsumer {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let window: UnsafeMutablePointer<GtkWindow>?
    /// The session manager's cookie while inhibited; 0 when not (or when nothing on the bus could inhibit).
    private var cookie: guint = 0

    init(application: UnsafeMutablePointer<GtkApplication>, window: UnsafeMutablePointer<GtkWindow>?) {
        self.application = application
        self.window = window
    }

    func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        switch event {
        case .lifecycle(.play):
            inhibit()
        case .lifecycle(.pause), .lifecycle(.end), .lifecycle(.fail), .lifecycle(.failedToPlayToEndTime),
             .lifecycle(.resumeFail), .lifecycle(.error), .lifecycle(.terminate), .error:
            release()
        default:
            break
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
