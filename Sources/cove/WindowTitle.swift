import CGtk
import CGtkShim
import CoveCore

/// The window's title names the video playing: its name, or for a nameless one its file's name, following every
/// session the controller starts (autoAdvance, skips, open-with); "Cove" when nothing plays. A session consumer
/// like MPRIS, so no loader or view has to remember to set it.
final class WindowTitle: PlaybackSessionConsumer {
    static let idle = "Cove"

    private let window: UnsafeMutablePointer<GtkWindow>
    private var current: PlaybackSession?

    init(window: UnsafeMutablePointer<GtkWindow>, controller: PlaybackController) {
        self.window = window
        setTitle(Self.idle)
        _ = controller.addSessionConsumer(self)
    }

    func didAdvance(to session: PlaybackSession) {
        current = session
        setTitle(Self.title(of: session.video))
    }

    func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        // Only the current session's end: a preloaded or earlier session may be let go while another plays.
        guard case .lifecycle(.terminate) = event, let session, session === current else { return }
        current = nil
        setTitle(Self.idle)
    }

    /// The accessible name is set with the title: a CI run once read the window's name as "Cove" while the picture
    /// was already named after the video, so a screen reader is not left to derive one from the other.
    private func setTitle(_ title: String) {
        gtk_window_set_title(window, title)
        cove_accessible_set_label(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self), title)
    }

    static func title(of video: Video?) -> String {
        guard let video else { return idle }
        if let name = video.name, !name.isEmpty { return name }
        let file = video.sources.first?.url.lastPathComponent ?? ""
        return file.isEmpty || file == "/" ? idle : file
    }
}
