import FoundationEssentials

/// Generic Stream Concurrency for one controller, as the SDKs' `streamConcurrencyEnabled` does it: a heartbeat
/// while the video plays, the session ended on pause, end and quit, and playback stopped with a message when the
/// service refuses. A session consumer like any other: it reads lifecycle events and answers with commands, so
/// the controller knows nothing of it. The rules live in `HeartbeatSchedule`; this moves them to the network and
/// the clock.
@MainActor
public final class StreamConcurrencyMonitor: PlaybackSessionConsumer {
    public let configuration: StreamConcurrencyConfiguration
    private weak var controller: PlaybackController?
    private let transport: any StreamConcurrencyTransport
    private let scheduler: any PlaybackScheduler
    /// Seconds since 1970: the schedule's clock, and what "last seen" is measured from.
    private let clock: () -> Double
    private var schedule: HeartbeatSchedule
    private var wakeUp: (any ScheduledWork)?
    /// The video the session is for (the `video` header), kept from its start so its DELETE names it too.
    private var videoID: String?
    /// Told when a refused or failed stream starts again (Retry, or play), so the message over it can go.
    public var onRestart: (() -> Void)?

    public init(controller: PlaybackController, configuration: StreamConcurrencyConfiguration,
                transport: any StreamConcurrencyTransport, scheduler: any PlaybackScheduler,
                clock: @escaping () -> Double = { Date().timeIntervalSince1970 }) {
        self.controller = controller
        self.configuration = configuration
        self.transport = transport
        self.scheduler = scheduler
        self.clock = clock
        schedule = HeartbeatSchedule(retryDelay: configuration.retryDelay)
        controller.addSessionConsumer(self)
    }

    /// The schedule's phase, for diagnostics and tests.
    public var phase: HeartbeatSchedule.Phase { schedule.phase }

    /// True after a refusal or giving up: Retry is this monitor's, not a reload of the video.
    public var offersRetry: Bool { schedule.isStopped }

    /// Retry after a refusal: plays again, which sends a heartbeat first.
    public func retry() {
        controller?.play()
    }

    /// Ends the session on the service (a quit); the DELETE is queued before this returns.
    public func end() {
        apply(schedule.stop(at: clock()))
    }

    /// Ends the session and stops listening: what plays next is not this token's.
    public func detach() {
        end()
        wakeUp?.cancel()
        wakeUp = nil
        controller?.removeSessionConsumer(self)
    }

    public func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        switch event {
        case .lifecycle(.play):
            let wasStopped = schedule.isStopped
            let effects = schedule.start(at: clock())
            if !effects.isEmpty { videoID = session?.video.id ?? controller?.currentSession?.video.id }
            if wasStopped, !effects.isEmpty { onRestart?() }
            apply(effects)
        case .lifecycle(.pause), .lifecycle(.end), .lifecycle(.terminate), .lifecycle(.fail):
            apply(schedule.stop(at: clock()))
        default:
            break
        }
    }

    private func apply(_ effects: [HeartbeatSchedule.Effect]) {
        for effect in effects {
            switch effect {
            case .send(let kind, let id):
                send(kind, id: id)
            case .refused(let refusal, let sessions):
                stopPlayback(code: StreamConcurrencyErrorCode.code(for: refusal),
                             message: StreamConcurrencyMessages.message(
                                for: refusal, limit: configuration.claims.limit, sessions: sessions, now: clock()))
            case .unavailable:
                stopPlayback(code: StreamConcurrencyErrorCode.unavailable,
                             message: StreamConcurrencyMessages.unavailable)
            case .heartbeatsStopped:
                break
            }
        }
        rescheduleWakeUp()
    }

    private func send(_ kind: HeartbeatSchedule.Request, id: Int) {
        let request = configuration.request(kind, videoID: videoID)
        transport.send(request) { response in
            Task { @MainActor [weak self] in self?.received(response, to: kind, id: id) }
        }
    }

    private func received(_ response: StreamConcurrencyResponse, to kind: HeartbeatSchedule.Request, id: Int) {
        switch kind {
        case .heartbeat:
            apply(schedule.receive(StreamConcurrencyReply(status: response.status, body: response.body), for: id,
                                   at: clock()))
        case .listSessions:
            let sessions = response.status.map { (200..<300).contains($0) } == true
                ? ConcurrencySession.list(from: response.body) : nil
            apply(schedule.receiveSessions(sessions, for: id))
        case .end:
            // Best effort: a session not ended expires on the service by itself.
            break
        }
    }

    private func rescheduleWakeUp() {
        wakeUp?.cancel()
        wakeUp = nil
        guard let due = schedule.nextWake else { return }
        wakeUp = scheduler.schedule(after: max(0, due - clock())) { [weak self] in
            guard let self else { return }
            self.wakeUp = nil
            self.apply(self.schedule.wake(at: max(due, self.clock())))
        }
    }

    /// The viewer keeps a usable window: the video pauses (so the picture stays), the message says why.
    private func stopPlayback(code: String, message: String) {
        controller?.pause()
        controller?.reportError(code: code, message: message)
    }
}
