import CoveCore

/// The typed `player.*` actions: every command that carries a value or has a selection goes through one of
/// these, whether it comes from the slider, the volume control, a menu, a key or MPRIS (`PlayerView.perform`).
///
/// | action | parameter | state | does |
/// |---|---|---|---|
/// | `player.seek` | double, content seconds | — | seeks (within half a second: a keyframe nearby is taken) |
/// | `player.set-volume` | double, 0…1 | — | sets the level and unmutes |
/// | `player.set-rate` | double, 0.25…3 | the speed | plays faster or slower, keeping the pitch |
/// | `player.mute` | — | muted | toggles mute; the level is kept |
/// | `player.caption-track` | string: a track id, `off` or `auto` | the track shown, or `off` | shows captions |
/// | `player.audio-track` | string: a track id | the track playing | switches the audio rendition |
/// | `player.select-item` | uint32, a queue index | — | plays that video of the queue |
/// | `player.set-bitrate` | uint32, bits per second | — | caps adaptive streams; 0 is automatic |
/// | `player.time-left` | — | shown | the duration label shows the time left at the speed playing |
/// | `player.quality` | string: `auto` or a rendition's `qualityID` | the choice | holds a video rendition |
enum PlayerCommands {
    static let captionsOff = "off"
    static let captionsAutomatic = "auto"
    static let qualityAutomatic = "auto"

    static func qualityState(_ choice: QualityChoice) -> String {
        if case .rendition(let rendition) = choice { return rendition.qualityID }
        return qualityAutomatic
    }

    static func captionActionValue(for choice: CaptionChoice) -> String {
        switch choice {
        case .off: captionsOff
        case .automatic: captionsAutomatic
        case .track(let track): track.id
        }
    }

    /// The choice an action value stands for among the offered tracks; nil for an id no track has.
    static func captionChoice(for value: String, among tracks: [MediaTrack]) -> CaptionChoice? {
        switch value {
        case captionsOff: .off
        case captionsAutomatic: .automatic
        default: tracks.first { $0.id == value }.map(CaptionChoice.track)
        }
    }

    static func captionState(_ track: MediaTrack?) -> String { track?.id ?? captionsOff }
}

extension PlayerView {
    /// The typed actions, each a call on the controller; their states follow the player state (`stateChanged`).
    func addTypedActions() {
        actions.addNumber("seek") { [weak self] seconds in
            self?.visibility.userActivity()
            self?.controller.seek(to: seconds, tolerance: 0.5)
        }
        actions.addNumber("set-volume") { [weak self] level in
            self?.controller.setVolume(level)
            self?.sayVolumeForKey()
        }
        actions.addNumberChoice("set-rate", initial: controller.state.rate) { [weak self] rate in
            guard let self, rate.isFinite else { return }
            let rates = PlaybackController.playbackRates
            self.controller.playbackRate = min(rates.upperBound, max(rates.lowerBound, rate))
            if self.actions.activatedByKey { self.keyFeedback.show(KeyFeedback.speedText(self.controller.state.rate)) }
        }
        actions.addToggle("mute") { [weak self] muted in
            self?.visibility.userActivity()
            self?.controller.setMuted(muted)
            self?.sayVolumeForKey()
        }
        actions.addChoice("caption-track", initial: PlayerCommands.captionsOff) { [weak self] value in
            guard let self,
                  let choice = PlayerCommands.captionChoice(for: value, among: self.controller.state.captionTracks) else {
                return
            }
            self.controller.selectCaption(choice)
            if self.actions.activatedByKey {
                self.keyFeedback.show(KeyFeedback.captionText(self.controller.state.selectedCaptionTrack))
            }
        }
        actions.addChoice("audio-track", initial: "") { [weak self] id in
            guard let self, let track = self.controller.state.audioTracks.first(where: { $0.id == id }) else { return }
            self.controller.selectAudioTrack(track)
            // The switch is confirmed later: the notice names the track asked for.
            if self.actions.activatedByKey { self.keyFeedback.show(KeyFeedback.audioText(track)) }
        }
        actions.addChoice("quality", initial: PlayerCommands.qualityAutomatic) { [weak self] id in
            guard let controller = self?.controller else { return }
            if id == PlayerCommands.qualityAutomatic { return controller.selectQuality(.automatic) }
            guard let rendition = controller.state.renditions.first(where: { $0.qualityID == id }) else { return }
            controller.selectQuality(.rendition(rendition))
        }
        actions.addToggle("time-left") { [weak self] on in
            guard let self else { return }
            self.showsTimeLeft = on
            self.actions.setState("time-left", bool: on)
            self.controlBar.timeLeftRate = on ? self.controller.state.rate : nil
            self.controlBar.showDurationOrTimeLeft(position: self.controller.state.position)
        }
        actions.addCount("select-item") { [weak self] index in self?.controller.playVideo(at: index) }
        actions.addCount("set-bitrate") { [weak self] bitsPerSecond in
            self?.controller.setPreferredPeakBitRate(bitsPerSecond)
        }
    }

    private func sayVolumeForKey() {
        guard actions.activatedByKey else { return }
        keyFeedback.show(KeyFeedback.volumeText(level: controller.state.volume, muted: controller.state.isMuted))
    }

    /// The stateful actions show what the player state says.
    func showActionStates() {
        let state = controller.state
        actions.setState("set-rate", double: state.rate)
        actions.setState("mute", bool: state.isMuted)
        actions.setState("caption-track", string: PlayerCommands.captionState(state.selectedCaptionTrack))
        actions.setState("audio-track", string: state.selectedAudioTrack?.id ?? "")
        actions.setState("quality", string: PlayerCommands.qualityState(state.qualityChoice))
    }

    /// The transport's actions follow the state: what cannot be done now is disabled (MPRIS's CanGoNext and the
    /// like read the same state).
    func showActionAvailability() {
        let state = controller.state
        actions.setEnabled("next", state.canAdvanceToNext)
        actions.setEnabled("previous", state.canAdvanceToPrevious)
        actions.setEnabled("stop", state.session != nil)
        actions.setEnabled("retry", retryHandler != nil)
    }
}
