/// A caption choice in the Audio & Subtitles menu (SDK legible media selection).
public enum CaptionChoice: Sendable, Equatable {
    case off
    /// "Auto (Recommended)": the video's default sidecar track if it has one, otherwise off.
    case automatic
    case track(MediaTrack)
}

/// Audio renditions and captions: what the session offers, what it shows, and the remembered language.
extension PlaybackController {
    public func selectAudioTrack(_ track: MediaTrack) {
        guard let session = currentSession, session.audioTracks.contains(track) else { return }
        session.expectRebuffer()
        session.engine.selectStreams(audio: track.id, text: engineTextID(for: session.selectedCaptionTrack, in: session))
    }

    /// Shows `choice` in the current session; a track's language is remembered for later videos (and launches),
    /// Off and Auto forget it.
    public func selectCaption(_ choice: CaptionChoice) {
        let track: MediaTrack?
        switch choice {
        case .off:
            track = nil
        case .automatic:
            track = currentSession.flatMap { session in
                session.sidecarTracks.first { session.video.textTracks[sidecarIndex($0)].isDefault }
            }
        case .track(let chosen):
            track = chosen
        }
        if enableCaptionPersistence {
            if case .track(let chosen) = choice { captionPersistence.language = chosen.language }
            else { captionPersistence.language = nil }
        }
        guard let session = currentSession else { return }
        show(track, in: session)
    }

    func streamsChanged(_ streams: EngineStreams, in session: PlaybackSession) {
        let newPipeline = session.engineStreams == nil
        session.engineStreams = streams
        let mediaType = MediaType(hasVideo: streams.hasVideo)
        if mediaType != session.mediaType {
            session.mediaType = mediaType
            emit(.mediaType(mediaType), in: session)
        }
        let captions = streams.text.filter { !$0.isSidecar } + session.sidecarTracks
        if !session.hasReportedTracks || streams.audio != session.audioTracks || captions != session.captionTracks {
            session.hasReportedTracks = true
            session.audioTracks = streams.audio
            session.captionTracks = captions
            emit(.tracks(audio: streams.audio, captions: captions), in: session)
        }
        guard !session.terminated else { return }
        if let wanted = session.pendingCaption {
            // A sidecar joins the collection a little after the manifest's own streams.
            guard !wanted.isSidecar || engineTextID(for: wanted, in: session) != nil else { return }
            session.pendingCaption = nil
            show(wanted, in: session)
        } else if newPipeline {
            // The engine starts with its own default; the session's choice (or the remembered one) wins.
            show(session.hasPlayed || session.selectedCaptionTrack != nil
                 ? session.selectedCaptionTrack : rememberedCaption(in: session), in: session)
        }
    }

    func streamsSelected(audio: String?, text: String?, in session: PlaybackSession) {
        if let audio, let track = session.audioTracks.first(where: { $0.id == audio }),
           track != session.selectedAudioTrack {
            session.selectedAudioTrack = track
            emit(.audioTrack(track), in: session)
        }
        let caption: MediaTrack? = text.flatMap { id in
            if session.engineStreams?.text.first(where: { $0.id == id })?.isSidecar == true {
                return session.loadedSidecar
            }
            return session.captionTracks.first { $0.id == id }
        }
        guard caption != session.selectedCaptionTrack else { return }
        session.selectedCaptionTrack = caption
        emit(.captionTrack(caption), in: session)
    }

    /// The sidecar to load with the content: the one for the remembered language, if the video has one.
    func initialSidecar(for session: PlaybackSession) -> MediaTrack? {
        guard enableCaptionPersistence, let language = captionPersistence.language else { return nil }
        return session.sidecarTracks.first { Self.sameLanguage($0.language, language) }
    }

    private func rememberedCaption(in session: PlaybackSession) -> MediaTrack? {
        guard enableCaptionPersistence, let language = captionPersistence.language else { return nil }
        return session.captionTracks.first { !$0.isSidecar && Self.sameLanguage($0.language, language) }
    }

    /// Selects `track` (nil: off) in the engine; a sidecar not yet loaded reloads the content where it is.
    private func show(_ track: MediaTrack?, in session: PlaybackSession) {
        if let track, track.isSidecar, track != session.loadedSidecar {
            session.loadedSidecar = track
            session.pendingCaption = track
            reload(session, kind: .quiet, at: session.position, playing: session.wantsPlay)
            return
        }
        let audio = session.selectedAudioTrack?.id ?? session.audioTracks.first?.id
        if session.hasPlayed { session.expectRebuffer() }
        session.engine.selectStreams(audio: audio, text: engineTextID(for: track, in: session))
    }

    private func engineTextID(for track: MediaTrack?, in session: PlaybackSession) -> String? {
        guard let track else { return nil }
        if track.isSidecar { return session.engineStreams?.text.first(where: \.isSidecar)?.id }
        return track.id
    }

    private func sidecarIndex(_ track: MediaTrack) -> Int {
        Int(track.id.dropFirst("sidecar:".count)) ?? 0
    }

    /// "en" matches "en-US": persistence stores what the track declared, streams may be more or less specific.
    static func sameLanguage(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        let primary = { (code: String) in code.lowercased().split(separator: "-").first.map(String.init) ?? "" }
        return primary(a) == primary(b)
    }
}
