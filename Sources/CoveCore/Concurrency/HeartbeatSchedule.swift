/// Generic Stream Concurrency's heartbeat rules, pure: what to send next and when, what an answer means, how
/// often to retry. Times are seconds on any clock the caller keeps (a test scripts it). Every request gets an id,
/// and only the answer to the latest one counts, so a late answer after a pause or a resume changes nothing.
public struct HeartbeatSchedule: Sendable, Equatable {
    public enum Request: Sendable, Equatable {
        /// POST: starts or refreshes the session.
        case heartbeat
        /// DELETE: ends it (pause, end, quit).
        case end
        /// GET: the viewer's sessions, after a MAX_CONCURRENCY refusal.
        case listSessions
    }

    public enum Effect: Sendable, Equatable {
        case send(Request, id: Int)
        /// The service refused: heartbeats stopped and playback must stop. `sessions` for MAX_CONCURRENCY only.
        case refused(StreamConcurrencyRefusal, sessions: [ConcurrencySession])
        /// No answer (or 5xx) after every retry: heartbeats stopped and playback must stop.
        case unavailable
        /// The service accepted without a `heartbeat_interval`: no more heartbeats until the next start (SDK rule).
        case heartbeatsStopped
    }

    public enum Phase: Sendable, Equatable {
        /// Not playing (or never started).
        case idle
        /// A heartbeat is on its way.
        case awaiting
        /// The next heartbeat is due at this time.
        case scheduled(at: Double)
        /// A heartbeat failed; this retry is due at this time.
        case retrying(attempt: Int, at: Double)
        /// Accepted without an interval: quiet until the next start.
        case quiet
        case refused(StreamConcurrencyRefusal)
        case unavailable
    }

    /// Seconds between a failed heartbeat and the next try (the SDKs' 60 s; tests shorten it).
    public var retryDelay: Double
    /// Tries after the first that failed, before giving up (the Android SDK's 3).
    public var maximumRetries: Int

    public private(set) var phase = Phase.idle
    /// A session may exist on the service: a heartbeat was accepted, or one is on its way.
    public private(set) var mayBeRegistered = false
    private var retries = 0
    private var lastID = 0
    private var awaitedHeartbeat: Int?
    private var awaitedList: Int?

    public init(retryDelay: Double = 60, maximumRetries: Int = 3) {
        self.retryDelay = retryDelay.isFinite ? max(0, retryDelay) : 60
        self.maximumRetries = max(0, maximumRetries)
    }

    /// When `wake` has something to do; nil: nothing is scheduled.
    public var nextWake: Double? {
        switch phase {
        case .scheduled(let time), .retrying(_, let time): time
        default: nil
        }
    }

    /// After a refusal or giving up, a start (Retry, or play) tries again.
    public var isStopped: Bool {
        switch phase {
        case .refused, .unavailable: true
        default: false
        }
    }

    /// Playback started or resumed: the first heartbeat goes at once. Already running: nothing.
    public mutating func start(at now: Double) -> [Effect] {
        switch phase {
        case .awaiting, .scheduled, .retrying: return []
        case .idle, .quiet, .refused, .unavailable: break
        }
        retries = 0
        awaitedList = nil
        return sendHeartbeat()
    }

    /// Paused, ended or quit: the session is ended on the service if it may exist.
    public mutating func stop(at now: Double) -> [Effect] {
        if case .idle = phase, !mayBeRegistered { return [] }
        if !isStopped { phase = .idle }
        awaitedHeartbeat = nil
        awaitedList = nil
        guard mayBeRegistered else { return [] }
        mayBeRegistered = false
        return [.send(.end, id: nextID())]
    }

    /// The clock reached `now`: a heartbeat (or retry) that is due goes out.
    public mutating func wake(at now: Double) -> [Effect] {
        guard let due = nextWake, now >= due else { return [] }
        return sendHeartbeat()
    }

    /// The answer to request `id`.
    public mutating func receive(_ reply: StreamConcurrencyReply, for id: Int, at now: Double) -> [Effect] {
        guard id == awaitedHeartbeat else { return [] }
        awaitedHeartbeat = nil
        switch reply {
        case .accepted(let interval):
            retries = 0
            mayBeRegistered = true
            guard let interval else {
                phase = .quiet
                return [.heartbeatsStopped]
            }
            phase = .scheduled(at: now + interval)
            return []
        case .unreachable:
            guard retries < maximumRetries else {
                phase = .unavailable
                return [.unavailable]
            }
            retries += 1
            phase = .retrying(attempt: retries, at: now + retryDelay)
            return []
        case .refused(let refusal, _):
            // The service holds no session for a stream it refuses (or stopped).
            mayBeRegistered = false
            phase = .refused(refusal)
            guard refusal == .maxConcurrency else { return [.refused(refusal, sessions: [])] }
            let list = nextID()
            awaitedList = list
            return [.send(.listSessions, id: list)]
        }
    }

    /// The answer to a session listing (nil: none could be had); the refusal it was asked for goes out with it.
    public mutating func receiveSessions(_ sessions: [ConcurrencySession]?, for id: Int) -> [Effect] {
        guard id == awaitedList, case .refused(let refusal) = phase else { return [] }
        awaitedList = nil
        return [.refused(refusal, sessions: sessions ?? [])]
    }

    private mutating func sendHeartbeat() -> [Effect] {
        let id = nextID()
        awaitedHeartbeat = id
        phase = .awaiting
        // From the moment it leaves, the service may register it: a pause now must end it.
        mayBeRegistered = true
        return [.send(.heartbeat, id: id)]
    }

    private mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }
}
