import CoveCore

/// The viewer's Retry after playback failed midway (FailedToPlayToEndTime, or a resume that failed): it resumes the
/// same video where it stopped (`resumeVideo(at:autoPlay:)`: no bumper again, no progress reported twice), at most
/// `maximumAttempts` times per video. After that the message stays without Retry: a stream that keeps breaking
/// should not keep the viewer trying.
@MainActor
final class ResumeOffer {
    static let maximumAttempts = 3
    private(set) var attempts = 0

    /// A new video starts with every attempt available again.
    func reset() { attempts = 0 }

    /// What Retry does now, or nil once the attempts are used up. `onRetry` runs first (e.g. clear the message).
    func retry(for controller: PlaybackController, onRetry: @escaping () -> Void) -> (() -> Void)? {
        guard attempts < Self.maximumAttempts, controller.state.session != nil else { return nil }
        let position = controller.state.position
        return { [weak self, weak controller] in
            guard let self, let controller else { return }
            self.attempts += 1
            onRetry()
            controller.resumeVideo(at: position, autoPlay: true)
        }
    }
}
