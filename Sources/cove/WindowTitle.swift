import CGtk
import CoveCore

/// The window's title names the video playing: its name, or for a nameless one its file's name, following every
/// session the controller starts (autoAdvance, skips, open-with); "Cove" when nothing plays. A session consumer
/// like MPRIS, so no loader or view has to remember to set it.
final class WindowTitle {
    static let idle = "Cove"

    init(window: UnsafeMutablePointer<GtkWindow>, controller: PlaybackController) {
        gtk_window_set_title(window, Self.idle)
        controller.addObserver { [weak controller] event in
            switch event {
            case .session:
                gtk_window_set_title(window, Self.title(of: controller?.currentSession?.video))
            case .lifecycle(.terminate):
                gtk_window_set_title(window, Self.idle)
            default:
                break
            }
        }
    }

    static func title(of video: Video?) -> String {
        guard let video else { return idle }
        if let name = video.name, !name.isEmpty { return name }
        let file = video.sources.first?.url.lastPathComponent ?? ""
        return file.isEmpty || file == "/" ? idle : file
    }
}
