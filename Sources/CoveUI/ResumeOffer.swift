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

    /// Whether Retry may resume now: a session to resume, and attempts left.
    func canRetry(_ controller: PlaybackController) -> Bool {
        attempts < Self.maximumAttempts && controller.state.session != nil
    }

    /// Resumes where the state says playback stopped, counting the attempt.
    func resume(_ controller: PlaybackController) {
        attempts += 1
        controller.resumeVideo(at: controller.state.position, autoPlay: true)
    }
}
