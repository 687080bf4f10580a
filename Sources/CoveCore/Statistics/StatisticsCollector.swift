import FoundationEssentials

/// Keeps what the statistics overlay reports beyond the engine's own figures: when the session started and showed
/// its first picture, its stalls, and the Playback API's last response time. A session consumer like any other;
/// `snapshot` joins its figures with the engine's when asked (twice a second while the overlay shows).
@MainActor
public final class StatisticsCollector: PlaybackSessionConsumer {
    /// Seconds on a monotonic clock; tests step it.
    public var now: () -> Double = { StatisticsCollector.monotonicSeconds() }

    /// The session being measured as it started; its player (held weakly, as it goes with the session) gives
    /// what changes.
    private var session: PlaybackSession.ID?
    private var video: (video: Video, source: Source)?
    private weak var engine: (any PlaybackEngine)?
    private var startedAt: Double?
    private var firstFrameSeconds: Double?
    private var stalledAt: Double?
    private var rebufferCount = 0
    private var rebufferSeconds = 0.0
    private var catalogResponseSeconds: Double?

    public init() {}

    /// A Playback API exchange (any thread's, delivered on the main actor).
    public func catalog(_ exchange: CatalogExchange) {
        if case .response(_, let seconds, _) = exchange { catalogResponseSeconds = seconds }
    }

    public func didAdvance(to session: PlaybackSession) {
        self.session = session.id
        video = (session.video, session.source)
        engine = session.engine
        startedAt = now()
        firstFrameSeconds = nil
        stalledAt = nil
        rebufferCount = 0
        rebufferSeconds = 0
    }

    public func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        guard let session, session.id == self.session, case .lifecycle(let type) = event else { return }
        switch type {
        case .ready where firstFrameSeconds == nil:
            // Ready is the prerolled first picture (the engine's `.ready`), whether or not it plays at once.
            if let startedAt { firstFrameSeconds = now() - startedAt }
        case .playbackStalled:
            rebufferCount += 1
            stalledAt = now()
        case .playbackRecovered, .end, .fail, .failedToPlayToEndTime, .terminate:
            if let stalledAt { rebufferSeconds += now() - stalledAt }
            stalledAt = nil
        default:
            break
        }
    }

    /// The figures now; nil without a session. `shownFrames` and `videoOutput` come from the view showing it.
    public func snapshot(shownFrames: Int? = nil, videoOutput: String? = nil) -> PlaybackStatistics? {
        guard let video, let engine else { return nil }
        var statistics = PlaybackStatistics()
        if let measured = engine.statistics { statistics.take(measured) }
        statistics.take(video.video, source: video.source)
        if let buffered = engine.bufferedPosition, let position = engine.position, engine.transport.isReady {
            statistics.forwardBuffer = max(0, buffered - position)
        }
        statistics.shownFrames = shownFrames
        statistics.videoOutput = videoOutput
        statistics.rebufferCount = rebufferCount
        statistics.rebufferSeconds = rebufferSeconds + (stalledAt.map { now() - $0 } ?? 0)
        statistics.firstFrameSeconds = firstFrameSeconds
        statistics.catalogResponseSeconds = catalogResponseSeconds
        return statistics
    }

    nonisolated static func monotonicSeconds() -> Double {
        let elapsed = ContinuousClock.now - ContinuousClock.Instant.zeroReference
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

extension ContinuousClock.Instant {
    fileprivate static let zeroReference = ContinuousClock.now
}
