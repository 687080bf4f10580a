import CoveApp
import CoveCore
import CoveUI

/// A video started from its beginning that was left midway: Cove offers to resume it ("Resume from 12:34?" over
/// the video, with Resume), or with "Always resume where I left off" goes there at once. Started from the Recently
/// Played list or with `--start-at`, it starts where it was asked to.
@MainActor
final class PlaybackResume {
    private let controller: PlaybackController
    private let player: PlayerView
    var alwaysResume: Bool
    /// Where to go once the content can seek, for the session it was found for.
    private var pending: (session: PlaybackSession.ID, position: Double)?

    init(controller: PlaybackController, player: PlayerView, alwaysResume: Bool) {
        self.controller = controller
        self.player = player
        self.alwaysResume = alwaysResume
        controller.state.observe { [weak self] _ in self?.seekIfDue() }
    }

    func resumable(at position: Double) {
        guard let session = controller.state.session?.id else { return }
        if alwaysResume {
            pending = (session, position)
            seekIfDue()
            return
        }
        // TRANSLATORS: offered over a video started from its beginning that was left midway last time.
        let message = tr("Resume from %@?").filling(TimeFormatting.formatTime(position))
        player.showNotice(message, button: tr("Resume")) { [weak self] in
            guard let self, self.controller.state.session?.id == session else { return }
            self.pending = (session, position)
            self.seekIfDue()
        }
    }

    private func seekIfDue() {
        guard let pending, let session = controller.state.session else { return }
        guard session.id == pending.session else { return self.pending = nil }
        guard controller.state.canSeek else { return }
        self.pending = nil
        controller.seek(to: pending.position)
    }
}
