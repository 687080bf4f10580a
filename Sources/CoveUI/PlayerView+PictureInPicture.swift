import CGtk
import CoveCore

/// The pictureInPicture control (shown with `PlayerViewOptions.showPictureInPictureButton`).
extension PlayerView {
    /// Whether the video plays in the Picture in Picture window.
    public var isPictureInPictureActive: Bool { pictureInPicture.isActive }

    /// Opens the Picture in Picture window, or closes it and returns the video to the player.
    public func togglePictureInPicture() {
        if pictureInPicture.isActive {
            pictureInPicture.stop()
        } else {
            pictureInPicture.onStop = { [weak self] pipSurface in
                guard let self else { return }
                self.surface.take(from: pipSurface)
                self.controlBar.setPictureInPicture(false)
            }
            pictureInPicture.start(from: surface, parent: window)
            controlBar.setPictureInPicture(true)
        }
    }
}
