import CoveCore
import CoveGLib

/// A Cast device as one more player behind the controller's seam: `load` opens the channel, launches the receiver
/// app and LOADs (paused, at the start position), and the device's statuses come back as the engine's signals;
/// the commands go to the device. It shows no pictures (the TV does). How a cast ends beyond the media's own end
/// (a refused launch or load, the TV stopped it, the device was lost, the viewer ended it) is `onCastEnded`'s,
/// with the last place the device was at, so the local player can take over there.
@MainActor
public final class CastPlayer: PlaybackEngine {
    /// Where to cast and what: the device, the receiver app, and the LOAD for an address and a start position.
    public struct Target: Sendable {
        public var host: String
        public var port: UInt16
        public var appId: String
        public var senderID: String
        public var silenceLimit: Double
        public var makeLoad: @Sendable (_ uri: String, _ startPosition: Double?) -> CastMediaMessage

        public init(host: String, port: UInt16, appId: String, senderID: String = "sender-cove",
                    silenceLimit: Double = 15,
                    makeLoad: @escaping @Sendable (_ uri: String, _ startPosition: Double?) -> CastMediaMessage) {
            self.host = host
            self.port = port
            self.appId = appId
            self.senderID = senderID
            self.silenceLimit = silenceLimit
            self.makeLoad = makeLoad
        }
    }

    public var signalHandler: (@MainActor (EngineSignal) -> Void)?
    public var onCastEnded: (@MainActor (CastEndReason, Double?) -> Void)?
    public let videoOutput = VideoOutput()
    public private(set) var transport = EngineTransport()
    public private(set) var session: CastSenderSession?
    private let target: Target
    private var channel: CastChannel?
    private var clock: TimerSource?
    private var load = 0
    /// The trackIds of the captions the LOAD carried: the video's sidecars, which keep their own names.
    private var sidecars: Set<Int> = []
    private var shownState: String?
    private let started = ContinuousClock.now

    public init(target: Target) {
        self.target = target
    }

    private var now: Double {
        let elapsed = started.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    public var position: Double? { session?.position(at: now) }
    public var duration: Double? { session?.lastStatus?.media?.duration }
    public var bufferedPosition: Double? { nil }

    public func load(uri: String, options: EngineLoadOptions) {
        close()
        transport = EngineTransport()
        shownState = nil
        load += 1
        let thisLoad = load
        var request = target.makeLoad(uri, options.startPosition)
        request.autoplay = false
        sidecars = Set((request.media?.tracks ?? []).map(\.trackId))
        CastChannel.open(host: target.host, port: target.port) { [weak self] result in
            guard let self, self.load == thisLoad else {
                if case .success(let channel) = result { channel.close() }
                return
            }
            switch result {
            case .failure(let error):
                self.fail(EngineError(kind: .resource, detail: "cast device: \(error.description)"))
            case .success(let channel):
                self.opened(channel, request)
            }
        }
    }

    private func opened(_ channel: CastChannel, _ request: CastMediaMessage) {
        self.channel = channel
        var session = CastSenderSession(senderID: target.senderID, appId: target.appId, load: request, at: now,
                                        silenceLimit: target.silenceLimit)
        let start = session.start()
        self.session = session
        channel.onMessage = { [weak self] message in
            guard let self else { return }
            self.run { $0.receive(message, at: self.now) }
        }
        channel.onClose = { [weak self] in
            guard let self, var session = self.session, !session.isEnded else { return }
            // The device closed the channel: as lost as a silent one, at the place it was last at.
            let position = session.position(at: self.now)
            _ = session.stop(at: self.now)
            self.session = session
            self.ended(.lost, position)
        }
        send(start)
        clock = MainLoop.every(milliseconds: 250) { [weak self] in
            guard let self else { return false }
            self.run { $0.tick(at: self.now) }
            if self.session?.phase == .loaded, let position = self.position { self.signal(.position(position)) }
            return true
        }
    }

    public func play() { run { $0.play() } }

    public func pause() { run { $0.pause() } }

    public func seek(to seconds: Double, tolerance: Double) {
        transport.hasEnded = false
        run { $0.seek(to: seconds) }
    }

    public func setRate(_ rate: Double) { run { $0.setRate(rate) } }

    /// The device's own volume: what the TV's remote shows.
    public func setVolume(_ level: Double) { run { $0.setVolume(level) } }

    public func setMaximumBitrate(_ bitsPerSecond: Int) {}

    public func setForwardBuffer(seconds: Double) {}

    public func selectAudioStream(_ id: String) { choose(id, type: "AUDIO") }

    public func selectTextStream(_ id: String?) { choose(id, type: "TEXT") }

    /// EDIT_TRACKS_INFO with the one track of `type` on (or none), the other type's as they are; nothing when the
    /// device shows it already (the choice came from the TV).
    private func choose(_ id: String?, type: String) {
        guard let session, let media = session.lastStatus?.media else { return }
        let castID = id.flatMap(CastTracks.castID)
        guard id == nil || castID != nil else { return }
        let active = session.activeTrackIds
        let chosen = CastTracks.choosing(castID, type: type, active: active, of: media)
        guard Set(chosen) != Set(active) else { return }
        run { $0.setActiveTracks(chosen) }
    }

    /// Ends the cast: the app stops on the device and the channel closes. No signal follows.
    public func stop() {
        signalHandler = nil
        if session != nil { run { $0.stop(at: self.now) } }
        close()
    }

    private func close() {
        clock?.cancel()
        clock = nil
        channel?.close()
        channel = nil
    }

    /// One step of the session: its messages sent, its events turned into signals.
    private func run(_ step: (inout CastSenderSession) -> CastSenderSession.Step) {
        guard var session else { return }
        let before = session.lastStatus
        let result = step(&session)
        self.session = session
        send(result)
        for event in result.events { handle(event, after: before) }
    }

    private func send(_ step: CastSenderSession.Step) {
        for message in step.send { channel?.send(message) }
    }

    private func handle(_ event: CastSenderSession.Event, after before: CastMediaStatus?) {
        switch event {
        case .launched:
            break
        case .status(let status):
            show(status, after: before)
        case .ended(let reason, let position):
            ended(reason, position)
        }
    }

    private func show(_ status: CastMediaStatus, after before: CastMediaStatus?) {
        let state = status.playerState
        let becomesReady = !transport.isReady && (state == "PLAYING" || state == "PAUSED")
        if becomesReady {
            let duration = status.media?.streamType == "LIVE" ? nil : status.media?.duration
            signal(.ready)
            signal(.duration(duration))
            signal(.seekable(duration.map { SeekableRange(start: 0, end: $0) }))
        }
        if transport.isReady { showTracks(status, after: becomesReady ? nil : before) }
        guard state != shownState else { return }
        if shownState == "BUFFERING" { signal(.buffering(percent: 100)) }
        shownState = state
        switch state {
        case "PLAYING": signal(.playing)
        case "PAUSED": signal(.paused)
        case "BUFFERING" where transport.isReady: signal(.buffering(percent: 0))
        default: break
        }
    }

    /// The device's tracks and the ones it shows, when they differ from its last status (all of them at Ready):
    /// the menus follow the TV.
    private func showTracks(_ status: CastMediaStatus, after before: CastMediaStatus?) {
        let streams = tracks(of: status)
        let tracksChanged = before.map(tracks) != streams
        if tracksChanged { signal(.streams(streams)) }
        let active = Set(status.activeTrackIds ?? [])
        guard tracksChanged || active != Set(before?.activeTrackIds ?? []) else { return }
        let selection = status.media.map { CastTracks.selection(Array(active), of: $0, sidecars: sidecars) }
        signal(.streamsSelected(audio: selection?.audio, text: selection?.text))
    }

    private func tracks(of status: CastMediaStatus) -> EngineStreams {
        status.media.map { CastTracks.streams(of: $0, sidecars: sidecars) } ?? EngineStreams(hasVideo: true)
    }

    private func ended(_ reason: CastEndReason, _ position: Double?) {
        clock?.cancel()
        clock = nil
        channel?.close()
        // Only the media's own end is the engine's; every other end (a refused launch or load among them) is the
        // caster's to handle, which plays the video here again.
        if reason == .finished { signal(.endOfStream) }
        onCastEnded?(reason, position)
    }

    private func fail(_ error: EngineError) {
        signal(.error(error))
    }

    private func signal(_ signal: EngineSignal) {
        transport.record(signal)
        signalHandler?(signal)
    }
}
