import CoveCore
import CoveGLib

/// A Cast device as one more player behind the controller's seam: `load` opens the channel, launches the receiver
/// app and LOADs (paused, at the start position), and the device's statuses come back as the engine's signals;
/// the commands go to the device. It shows no pictures (the TV does). How a cast ends beyond the media's own end
/// or a failure (the TV stopped it, the device was lost, the viewer ended it) is `onCastEnded`'s, with the last
/// place the device was at, so the local player can take over there.
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

    public func selectAudioStream(_ id: String) {}

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
        let result = step(&session)
        self.session = session
        send(result)
        for event in result.events { handle(event) }
    }

    private func send(_ step: CastSenderSession.Step) {
        for message in step.send { channel?.send(message) }
    }

    private func handle(_ event: CastSenderSession.Event) {
        switch event {
        case .launched:
            break
        case .status(let status):
            show(status)
        case .ended(let reason, let position):
            ended(reason, position)
        }
    }

    private func show(_ status: CastMediaStatus) {
        let state = status.playerState
        if !transport.isReady, state == "PLAYING" || state == "PAUSED" {
            let duration = status.media?.streamType == "LIVE" ? nil : status.media?.duration
            signal(.ready)
            signal(.duration(duration))
            signal(.seekable(duration.map { SeekableRange(start: 0, end: $0) }))
            signal(.streams(EngineStreams(hasVideo: true)))
        }
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

    private func ended(_ reason: CastEndReason, _ position: Double?) {
        clock?.cancel()
        clock = nil
        channel?.close()
        switch reason {
        case .finished:
            signal(.endOfStream)
        case .launchFailed(let why):
            fail(EngineError(kind: .other, detail: "the cast device did not start the receiver app: \(why)"))
        case .loadFailed(let code):
            fail(EngineError(kind: .unsupportedFormat,
                             detail: "the cast device could not play the video" + (code.map { " (\($0))" } ?? "")))
        case .lost, .stoppedOnDevice, .endedByViewer:
            break
        }
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
