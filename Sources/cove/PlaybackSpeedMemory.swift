import CoveCore
import CoveGLib

/// The playback speed kept across launches, in the state file (`[Playback] speed=1.5`; none for Normal). A value
/// out of range or unreadable is left alone and Normal applies.
@MainActor
enum PlaybackSpeedMemory {
    static let group = "Playback"
    static let key = "speed"

    static func attach(_ controller: PlaybackController, to state: StateKeyFile) {
        if let text = state.string(key, in: group), let rate = Double(text),
           PlaybackController.playbackRates.contains(rate) {
            controller.playbackRate = rate
        }
        controller.playbackRateChosen = { rate in
            guard let error = state.set(rate == 1 ? nil : String(rate), for: key, in: group) else { return }
            CoveStateFile.reportWrite(error, of: state)
        }
    }
}
