import CGLib
import CGtk
import CoveCore

/// `player.capture-frame`: the frame on screen saved at the video's own size, and a notice saying where.
extension PlayerView {
    static let frameCaptureFailed = "FRAME_CAPTURE_FAILED"

    func captureFrame() {
        // The shown picture decides whether there is a frame and which one (its time); the engine's full-size
        // copy of it is what is saved. The 360 view saves what it shows, at its own size.
        let output = controller.state.videoOutput
        let source: (any FullSizeFrameSource)? = if let view = shown360View { RenderedViewFrame(of: view.root) }
            else { output?.fullSizeFrames }
        guard let shown = output?.latestPicture, let source else {
            frameCaptureFailed(controller.state.mediaType == .audio ? FrameCapture.audioOnly : FrameCapture.noPicture)
            return
        }
        let base = FrameCaptureName.base(title: controller.state.title, position: controller.state.position)
        frameCapture.save(from: source, at: shown.timestamp, base: base) { [weak self] outcome in
            switch outcome {
            case .saved(let path): self?.frameSaved(path)
            case .failed(let message): self?.frameCaptureFailed(message)
            }
        }
    }

    private func frameSaved(_ path: String) {
        let parts = path.split(separator: "/")
        let name = parts.last.map(String.init) ?? path
        let folder = parts.dropLast().last.map(String.init) ?? "/"
        notice.show(tr("Frame saved to %@ as “%@”").filling(folder, name), button: tr("Open")) { [weak self] in
            self?.openSavedPicture(path)
        }
    }

    private func frameCaptureFailed(_ message: String) {
        notice.show(message)
        controller.reportWarning(code: Self.frameCaptureFailed, message: message)
    }

    private func openSavedPicture(_ path: String) {
        if let open = frameCapture.openPicture { return open(path) }
        guard let uri = g_filename_to_uri(path, nil, nil) else { return }
        defer { g_free(uri) }
        let root = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        // GDK_CURRENT_TIME (0): the action may come from a key, a menu or D-Bus.
        gtk_show_uri(root, uri, 0)
    }
}
