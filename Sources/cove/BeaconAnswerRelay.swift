import CoveCore

/// Hands the beacon thread's answers to the controller on the main thread, as long as it lives.
@MainActor
final class BeaconAnswerRelay {
    private weak var controller: PlaybackController?

    init(controller: PlaybackController) {
        self.controller = controller
    }

    func deliver(_ answer: BeaconAnswer) {
        controller?.beaconAnswered(answer)
    }
}
