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
/// (as the SDK's Sidecar Subtitles fill manifests that lack them). A sidecar is shown by loading the content
/// again with it, where playback was, and removed the same way.
extension PlaybackController {
    /// Switches the audio rendition (not while a sidecar caption is in the pipeline: see `selectStreams`).
    public func selectAudioTrack(_ track: MediaTrack) {
        guard let session = currentSession, session.audioTracks.contains(track) else { return }
        session.expectRebuffer()
        let caption = session.selectedCaptionTrack.flatMap { $0.isSidecar ? nil : $0.id }
        session.engine.selectStreams(audio: track.id, text: caption)
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
                session.captionTracks.first { $0.isSidecar && session.sidecarTextTrack(for: $0)?.isDefault == true }
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
        let inManifest = streams.text.filter { !$0.isSidecar }
        let captions = inManifest.isEmpty ? session.sidecarTracks : inManifest
        if !session.hasReportedTracks || streams.audio != session.audioTracks || captions != session.captionTracks {
            session.hasReportedTracks = true
            session.audioTracks = streams.audio
            session.captionTracks = captions
            emit(.tracks(audio: streams.audio, captions: captions), in: session)
        }
        guard !session.terminated else { return }
        if let pending = session.pendingCaption {
            // A sidecar joins the collection a little after the manifest's own streams; decodebin3 shows it itself.
            if let wanted = pending.track, wanted.isSidecar {
                if streams.text.contains(where: \.isSidecar) { session.pendingCaption = nil }
                return
            }
            session.pendingCaption = nil
            show(pending.track, in: session)
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
        return session.captionTracks.first { Self.sameLanguage($0.language, language) }
    }

    /// Shows `track` (nil: off). In-manifest tracks are selected in the engine; adding or removing a sidecar
    /// reloads the content quietly where it is.
    private func show(_ track: MediaTrack?, in session: PlaybackSession) {
        if track?.isSidecar == true || session.loadedSidecar != nil {
            guard track != session.loadedSidecar || track == nil else { return }
            session.loadedSidecar = track?.isSidecar == true ? track : nil
            session.pendingCaption = PlaybackSession.PendingCaption(track: track)
            reload(session, kind: .quiet, at: session.position, playing: session.wantsPlay)
            return
        }
        let audio = session.selectedAudioTrack?.id ?? session.audioTracks.first?.id
        if session.hasPlayed { session.expectRebuffer() }
        session.engine.selectStreams(audio: audio, text: track?.id)
    }

    /// "en" matches "en-US": persistence stores what the track declared, streams may be more or less specific.
    static func sameLanguage(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        let primary = { (code: String) in code.lowercased().split(separator: "-").first.map(String.init) ?? "" }
        return primary(a) == primary(b)
    }
}
