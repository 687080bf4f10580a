import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import FoundationEssentials

/// The player's commands: the `player.*` actions PlayerShortcuts binds keys to, and what each does.
extension PlayerView {
    /// The commands of PlayerShortcuts' `player.*` rows; their keys are bound in `PlayerActions.install`.
    func wireActions() {
        let step = options.jumpBackInterval
        let commands: [(String, () -> Void)] = [
            ("play", { [weak self] in self?.controller.play() }),
            ("pause", { [weak self] in self?.controller.pause() }),
            ("play-pause", { [weak self] in self?.togglePlayPause() }),
            ("stop", { [weak self] in self?.stopAtStart() }),
            ("next", { [weak self] in self?.controller.advanceToNext() }),
            ("previous", { [weak self] in self?.controller.advanceToPrevious() }),
            ("retry", { [weak self] in self?.retryHandler?() }),
            ("resume", { [weak self] in self?.resumeWhereFailed() }),
            ("jump-back", { [weak self] in self?.jump(by: -step) }),
            ("jump-forward", { [weak self] in self?.jump(by: step) }),
            ("volume-up", { [weak self] in self?.changeVolume(by: 0.1) }),
            ("volume-down", { [weak self] in self?.changeVolume(by: -0.1) }),
            ("next-captions", { [weak self] in
                guard let self else { return }
                let next = PlayerCommands.captionActionValue(for: self.audioSubtitles.nextCaptionChoice)
                self.actions.activate("caption-track", string: next)
            }),
            ("next-audio", { [weak self] in
                guard let self, let next = self.audioSubtitles.nextAudioTrack else { return }
                self.actions.activate("audio-track", string: next.id)
            }),
            ("slower", { [weak self] in self?.changeRate(by: -0.25) }),
            ("faster", { [weak self] in self?.changeRate(by: 0.25) }),
            ("next-frame", { [weak self] in self?.controller.stepFrame(forward: true) }),
            ("previous-frame", { [weak self] in self?.controller.stepFrame(forward: false) }),
            ("live-edge", { [weak self] in self?.goToLiveEdge() }),
            ("next-chapter", { [weak self] in self?.controller.seekToNextChapter() }),
            ("previous-chapter", { [weak self] in self?.controller.seekToPreviousChapter() }),
            ("fullscreen", { [weak self] in self?.toggleFullscreen() }),
            ("unfullscreen", { [weak self] in
                guard let window = self?.window, gtk_window_is_fullscreen(cast(window)) != 0 else { return }
                gtk_window_unfullscreen(cast(window))
            }),
            ("picture-in-picture", { [weak self] in self?.togglePictureInPicture() }),
            ("capture-frame", { [weak self] in self?.captureFrame() }),
            ("video360", { [weak self] in self?.toggleGoggles() }),
            ("look-left", { [weak self] in self?.shown360View?.look(pan: -Video360View.keyStep) }),
            ("look-right", { [weak self] in self?.shown360View?.look(pan: Video360View.keyStep) }),
            ("look-up", { [weak self] in self?.shown360View?.look(tilt: Video360View.keyStep) }),
            ("look-down", { [weak self] in self?.shown360View?.look(tilt: -Video360View.keyStep) }),
            ("zoom-in", { [weak self] in self?.shown360View?.zoomStep(in: true) }),
            ("zoom-out", { [weak self] in self?.shown360View?.zoomStep(in: false) }),
        ]
        for (name, command) in commands {
            actions.add(name) { [weak self] in
                self?.visibility.userActivity()
                command()
            }
        }
        addTypedActions()
        addAdActions()
        wireStatistics()
        // Escape is the window's until there is a fullscreen to leave.
        actions.setEnabled("unfullscreen", false)
        // The 360 keys are the window's (Shift+arrows select, + and − type) until a 360 video shows.
        for name in Self.video360Actions { actions.setEnabled(name, false) }
        showActionAvailability()
        actions.install(on: widget)
    }

    /// `[` and `]`: a quarter slower or faster.
    func changeRate(by step: Double) {
        actions.activate("set-rate", double: controller.state.rate + step)
    }

    func togglePlayPause() {
        switch controller.state.status {
        case .playing, .buffering: controller.pause()
        default: controller.play()
        }
    }

    /// Stop as media controls mean it: paused at the start, so the next Play starts the video over.
    func stopAtStart() {
        controller.pause()
        if controller.state.canSeek { actions.activate("seek", double: 0) }
    }

    func jump(by seconds: Double) {
        actions.activate("seek", double: controller.state.position + seconds)
        if actions.activatedByKey, controller.state.canSeek { keyFeedback.showJump(seconds) }
    }

    /// From the level playing: a step up from muted unmutes at the step.
    func changeVolume(by step: Double) {
        actions.activate("set-volume", double: controller.state.effectiveVolume + step)
    }
}
