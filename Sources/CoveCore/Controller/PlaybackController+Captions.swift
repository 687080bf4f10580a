/// Why something the controller loads beside the media (a caption track's cues, a VMAP) could not be had, as the
/// warning event says it.
public struct LoadFailure: Error, Sendable, Equatable {
    public var code: String
    /// The translated sentence.
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

public typealias CaptionLoadFailure = LoadFailure

/// Loads one caption track's cues (the app's is CoveService's `CaptionLoader`).
public typealias CaptionCueLoader = @Sendable (CaptionTrackSource) async throws(CaptionLoadFailure) -> CaptionCues

/// Wake-ups on the thread and loop that deliver engine signals (GLib's main loop in the app).
@MainActor
public protocol PlaybackScheduler: AnyObject {
    func schedule(after seconds: Double, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork
}

@MainActor
public protocol ScheduledWork: AnyObject {
    func cancel()
}

/// The selected track's cues and the wake-up at their next change.
struct CaptionsState {
    var source: CaptionTrackSource?
    /// The selected caption track carried in the video (`cc:N`): its cues come from the engine, not a loader.
    var embeddedTrack: String?
    var cues = CaptionCues.empty
    var showing: [CaptionCue] = []
    var wakeUp: (any ScheduledWork)?
    /// Counts loads, so a load that finishes after another track was chosen is dropped.
    var generation = 0
}

/// Captions under the controller: the selected track's cues are loaded here, and the cues showing now are part of
/// the player state, changed exactly when a cue starts or ends (a wake-up at that moment while playing), at every
/// progress, seek and pause. The overlay only draws `state.captionCues`.
extension PlaybackController {
    var captionCuesShowing: [CaptionCue] { captions.showing }

    /// A new session (or none): its caption choice decides; the old track's cues go.
    func captionsDidAdvance() {
        captions.wakeUp?.cancel()
        captions = CaptionsState(generation: captions.generation + 1)
    }

    /// The selected caption track of the current session changed: load its cues (a failure leaves the track out).
    /// A Cast device shows its captions itself, on the TV.
    func captionTrackChanged() {
        let session = currentSession
        if let session, let adCaptions = Self.clientAdCaptionSource(of: session) {
            showClientAdCaptions(adCaptions)
            return
        }
        let shown = session.flatMap { $0.isRemote ? nil : $0.shownCaptionTrack }
        let source = session.flatMap { session in shown.flatMap(session.captionSource(for:)) }
        let embedded = shown.flatMap { Self.isClosedCaptionTrack($0) ? $0.id : nil }
        guard source != captions.source || embedded != captions.embeddedTrack else { return }
        captions.wakeUp?.cancel()
        captions = CaptionsState(source: source, embeddedTrack: embedded, generation: captions.generation + 1)
        if let embedded, let session { captions.cues = CaptionCues(session.closedCaptionCues[embedded] ?? []) }
        refreshCaptions()
        guard let source, let session, let track = shown, let loader = captionCueLoader else {
            return
        }
        let generation = captions.generation
        Task { @MainActor [weak self] in
            do throws(CaptionLoadFailure) {
                let cues = try await loader(source)
                guard let self, self.captions.generation == generation else { return }
                self.transition {
                    self.captions.cues = cues
                    self.refreshCaptions()
                }
            } catch {
                guard let self, self.captions.generation == generation, self.currentSession?.id == session.id else {
                    return
                }
                self.leaveOutCaptionTrack(track, code: error.code, message: error.message)
            }
        }
    }

    /// While a client-side ad plays with captions on, its own caption file in the viewer's language (or its first).
    static func clientAdCaptionSource(of session: PlaybackSession) -> CaptionTrackSource? {
        guard let creative = session.clientAds?.running?.creative, creative.tracker.hasStarted,
              let chosen = session.selectedCaptionTrack else { return nil }
        let files = (creative.tracker.ad.inline.linear?.closedCaptionFiles ?? []).filter {
            $0.type == nil || $0.type == "text/vtt"
        }
        let file = files.first { file in file.language.map { sameLanguage(chosen.language, $0) } ?? false }
            ?? files.first
        return file.map { .webVTT($0.url, origin: .network) }
    }

    /// An ad's captions: loaded like a track's, timed by the ad's own clock; if they cannot be had, the ad shows
    /// none and the content's choice stands.
    private func showClientAdCaptions(_ source: CaptionTrackSource) {
        guard source != captions.source else { return }
        captions.wakeUp?.cancel()
        captions = CaptionsState(source: source, generation: captions.generation + 1)
        refreshCaptions()
        guard let loader = captionCueLoader else { return }
        let generation = captions.generation
        Task { @MainActor [weak self] in
            guard let cues = try? await loader(source), let self, self.captions.generation == generation else { return }
            self.transition {
                self.captions.cues = cues
                self.refreshCaptions()
            }
        }
    }

    /// Puts the cues at the playhead into the state and, while playing, wakes up when they next change.
    func refreshCaptions() {
        captions.wakeUp?.cancel()
        captions.wakeUp = nil
        guard let session = currentSession, !session.isBumperActive,
              captions.source != nil || captions.embeddedTrack != nil else {
            setShowingCues([])
            return
        }
        // A client-side ad's captions follow the ad's own clock (its position updates refresh them).
        if clientCreativePlayer != nil {
            setShowingCues(captions.cues.active(at: state.adPlayhead ?? 0))
            return
        }
        let playhead = state.playhead
        setShowingCues(captions.cues.active(at: playhead))
        // A caption carried in the video shows until the next change, unknown yet (an infinite end).
        guard session.isPlaying, let scheduler, let next = captions.cues.nextChange(after: playhead), next.isFinite
        else { return }
        // A hair after the boundary, so the playhead has passed it when the wake-up reads it.
        let delay = max(0.005, (next - playhead) / max(0.01, playbackRate) + 0.005)
        captions.wakeUp = scheduler.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.transition { self.refreshCaptions() }
        }
    }

    private func setShowingCues(_ cues: [CaptionCue]) {
        captions.showing = cues
        if cues != state.captionCues { updateState() }
    }
}
