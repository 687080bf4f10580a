/// A caption choice in the Audio & Subtitles menu (SDK legible media selection).
public enum CaptionChoice: Sendable, Equatable {
    case off
    /// "Auto (Recommended)": the video's default sidecar track if it offers sidecars and has one, otherwise off.
    case automatic
    case track(MediaTrack)
}

/// Audio renditions and captions: what the session offers, what it shows, and the remembered language.
///
/// Captions are the stream's own renditions; only a stream without any offers the video's sidecar WebVTT tracks
/// (as the SDK's Sidecar Subtitles fill manifests that lack them). Cove draws captions itself, so a caption
/// choice goes to no local engine: it holds at once, paused or before Ready, and the view loads the cues. A Cast
/// device shows captions on the TV: the choice goes there, and the TV's own choice comes back.
extension PlaybackController {
    /// Switches the audio rendition; `.audioTrack` follows when the engine has switched.
    public func selectAudioTrack(_ track: MediaTrack) {
        transition {
            guard let current = currentSession, current.audioTracks.contains(track) else { return }
            session.requestedAudioTrack = track == session.selectedAudioTrack ? nil : track
            session.requestedAudioConfirmedAt = nil
            session.expectRebuffer()
            session.engine.selectAudioStream(track.id)
        }
    }

    /// Shows `choice` in the current session; a track's language is remembered for later videos (and launches),
    /// Off and Auto forget it.
    public func selectCaption(_ choice: CaptionChoice) {
        transition {
            if enableCaptionPersistence {
                if case .track(let chosen) = choice { captionPersistence.language = chosen.language }
                else { captionPersistence.language = nil }
            }
            guard currentSession != nil else { return }
            session.captionChoice = choice
            resolveCaption()
        }
    }

    /// Leaves out a caption track whose cues cannot be loaded (an address Cove will not open, a track over a
    /// `FetchLimits` cap, a failed fetch): a warning event says why, the track leaves the menu for the rest of the
    /// session, and the choice falls back as if the track had never been offered. Playback goes on.
    public func leaveOutCaptionTrack(_ track: MediaTrack, code: String, message: String) {
        transition {
            guard let current = currentSession, current.offeredTracks?.captions.contains(track) == true else { return }
            session.leftOutCaptionTracks.append(track)
            session.offeredTracks?.captions.removeAll { $0 == track }
            emit(.warning(code: code, message: message))
            emit(.tracks(audio: session.audioTracks, captions: session.offeredTracks?.captions ?? []))
            resolveCaption()
        }
    }

    /// An engine failure right after the viewer chose an audio rendition (one the server cannot deliver): that
    /// rendition is left out with a warning and the content reloads where it was, with the audio it had.
    func fellBackFromAudioTrack() -> Bool {
        guard let track = session.requestedAudioTrack, session.transport.isReady, session.reload == nil else { return false }
        session.requestedAudioTrack = nil
        session.leftOutAudioTracks.append(track)
        session.offeredTracks?.audio.removeAll { $0 == track }
        emit(.warning(code: Self.audioTrackUnavailableCode,
                      message: tr("An audio track could not be loaded; the video goes on with the previous one.")))
        emit(.tracks(audio: session.audioTracks, captions: session.offeredTracks?.captions ?? []))
        reload(kind: .resume, at: session.position, playing: session.wantsPlay)
        return true
    }

    public static let audioTrackUnavailableCode = "AUDIO_TRACK_UNAVAILABLE"

    /// A chosen rendition counts as delivered once two seconds have played after the engine confirmed it
    /// (hlsdemux2 confirms before it has fetched anything).
    func audioTrackSettled(at seconds: Double) {
        guard let confirmed = session.requestedAudioConfirmedAt, seconds > confirmed + 2 else { return }
        session.requestedAudioTrack = nil
        session.requestedAudioConfirmedAt = nil
    }

    func streamsChanged(_ streams: EngineStreams) {
        let newPipeline = session.engineStreams == nil
        session.engineStreams = streams
        renditionsListed(streams.renditions)
        let mediaType = MediaType(hasVideo: streams.hasVideo)
        if mediaType != session.mediaType {
            session.mediaType = mediaType
            emit(.mediaType(mediaType))
        }
        let inManifest = streams.text.filter { !$0.isSidecar }
        session.listedCaptionTracks = inManifest.isEmpty ? session.sidecarTracks : inManifest
        let captions = session.listedCaptionTracks.filter { !session.leftOutCaptionTracks.contains($0) }
        let audio = streams.audio.filter { !session.leftOutAudioTracks.contains($0) }
        let offered = PlaybackSession.OfferedTracks(audio: audio, captions: captions)
        let firstListing = session.offeredTracks?.audio.isEmpty ?? true
        if offered != session.offeredTracks {
            session.offeredTracks = offered
            emit(.tracks(audio: audio, captions: captions))
            resolveCaption()
        }
        // A reloaded pipeline (a resume) starts with its own default audio; the viewer's choice wins.
        if newPipeline, let chosen = session.selectedAudioTrack, audio.contains(chosen) {
            session.engine.selectAudioStream(chosen.id)
        } else if firstListing, session.selectedAudioTrack == nil, session.requestedAudioTrack == nil,
                  let preferred = mediaSelection.audio(among: audio) {
            // The wanted language (or audio description) before the first frame, without a word from the viewer.
            session.requestedAudioTrack = preferred
            session.engine.selectAudioStream(preferred.id)
        }
    }

    func streamsSelected(audio: String?) {
        guard let audio, let track = session.audioTracks.first(where: { $0.id == audio }),
              track != session.selectedAudioTrack else { return }
        if track == session.requestedAudioTrack { session.requestedAudioConfirmedAt = session.position }
        session.selectedAudioTrack = track
        emit(.audioTrack(track))
        // Automatic captions and forced subtitles follow the language spoken.
        resolveCaption()
    }

    /// Captions carried in the video arrive as the engine decodes them: kept per track, and shown at once when
    /// their track is the one selected.
    func closedCaptionCuesChanged(track: String, cues: [CaptionCue]) {
        session.closedCaptionCues[track] = cues
        guard captions.embeddedTrack == track else { return }
        captions.cues = CaptionCues(cues)
        refreshCaptions()
    }

    /// Whether `track` is carried in the video (CEA-608/708), decoded by the engine rather than loaded.
    nonisolated static func isClosedCaptionTrack(_ track: MediaTrack) -> Bool {
        track.id.hasPrefix("cc:") && !track.isSidecar
    }

    /// Puts the session's caption choice (or, without one, the remembered language) into effect among the tracks
    /// it offers: before the stream has listed them, only its sidecars are known. A Cast device is told, unless
    /// the choice is the one it shows already.
    private func resolveCaption(shownOnDevice: Bool = false) {
        let offered = session.offeredTracks?.captions ?? session.sidecarTracks
        let track: MediaTrack?
        switch session.captionChoice {
        case nil:
            let remembered = enableCaptionPersistence ? captionPersistence.language : nil
            track = session.offeredTracks != nil
                ? mediaSelection.caption(among: offered, remembered: remembered, audio: session.selectedAudioTrack)
                : nil
        case .off?:
            track = nil
        case .automatic?:
            track = offered.first { $0.isSidecar && session.sidecarTextTrack(for: $0)?.isDefault == true }
        case .track(let chosen)?:
            // A track of another session (or a list since replaced) stands for its language.
            let choices = offered.filter { !$0.has(.forced) }
            track = choices.contains(chosen) ? chosen
                : chosen.language.flatMap { language in choices.first { Self.sameLanguage($0.language, language) } }
        }
        guard track != session.selectedCaptionTrack else { return captionTrackChanged() }
        session.selectedCaptionTrack = track
        emit(.captionTrack(track))
        if session.isRemote, !shownOnDevice { session.engine.selectTextStream(track?.id) }
        captionTrackChanged()
    }

    /// The Cast device shows another caption track (chosen with the TV's remote): the viewer's choice, as if made
    /// in the menu, without a word back to the device.
    func remoteCaptionSelected(_ id: String?) {
        let track = id.flatMap { id in session.captionTracks.first { $0.id == id } }
        guard id == nil || track != nil, track != session.selectedCaptionTrack else { return }
        session.captionChoice = track.map { .track($0) } ?? .off
        resolveCaption(shownOnDevice: true)
    }

    /// "en" matches "en-US": persistence stores what the track declared, streams may be more or less specific.
    nonisolated static func sameLanguage(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        let primary = { (code: String) in code.lowercased().split(separator: "-").first.map(String.init) ?? "" }
        return primary(a) == primary(b)
    }
}
