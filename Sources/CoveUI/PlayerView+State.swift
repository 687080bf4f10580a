import CoveCore

/// What the player state says, shown: the play button, the time labels and slider, the buffered region, the
/// volume, the Audio & Subtitles menu, the captions and advertising mode (PlayerView+Ads). No view keeps a copy or a formula of its own.
extension PlayerView {
    func stateChanged(_ changes: PlayerState.Changes) {
        let state = controller.state
        if changes.contains(.session) { selection.sessionStarted() }
        // A client-side ad's creative plays in a player of its own: its frames come at the shown size too.
        if changes.contains(.videoOutput), !changes.contains(.session) { sizing.bind(state.videoOutput) }
        if !changes.isDisjoint(with: [.session, .status]) {
            // Audio has no picture and its layouts no pictureInPicture control.
            if state.mediaType == .audio { pictureInPicture.stop() }
            applyLayout(selection.determined(mediaType: state.mediaType, videoType: state.videoType))
        }
        if !changes.isDisjoint(with: [.session, .status, .seekable]), state.videoType == .liveDVR,
           let window = state.seekableRange {
            controlBar.setSeekWindow(start: window.start, end: window.end)
        }
        if changes.contains(.status) {
            let playing = state.status == .playing || state.status == .buffering
            controlBar.setPlaying(playing)
            visibility.isPlaying = playing
        }
        // The bumper's purple slider follows its own progress (the bumperProgress events).
        if !state.isBumperActive, !changes.isDisjoint(with: [.session, .status, .position, .duration, .rate]) {
            controlBar.timeLeftRate = showsTimeLeft ? state.rate : nil
            controlBar.update(position: state.position, duration: state.duration)
            controlBar.setAtLiveEdge(state.isAtLiveEdge)
        }
        if !changes.isDisjoint(with: [.session, .buffered]) { controlBar.setBuffered(state.bufferedPosition) }
        if changes.contains(.volume) { controlBar.showVolume(state.effectiveVolume) }
        if !changes.isDisjoint(with: [.session, .tracks]) {
            audioSubtitles.show(audio: state.audioTracks, captions: state.captionTracks,
                                selectedAudio: state.selectedAudioTrack, selectedCaption: state.selectedCaptionTrack)
            overflowMenu.setRenditions(state.renditions)
            if selection.tracksChanged(audioCount: state.audioTracks.count, captionCount: state.captionTracks.count) {
                controlBar.setNeedsLayout()
            }
        }
        if !changes.isDisjoint(with: [.session, .captions]) { captions.show(state.captionCues) }
        if !changes.isDisjoint(with: [.session, .rate, .volume, .tracks]) { showActionStates() }
        if !changes.isDisjoint(with: [.session, .queue]) { showActionAvailability() }
        adStateChanged(changes)
    }
}

extension PlayerView {
    /// The rendition playing, told by the decoded picture's size (the demuxer announces no switch); nil when the
    /// size matches none or several.
    var playingRendition: StreamVariant? {
        let renditions = controller.state.renditions
        guard !renditions.isEmpty, let statistics = controller.currentSession?.engine.statistics else { return nil }
        return StreamVariant.playing(in: renditions, width: statistics.width, height: statistics.height)
    }
}
