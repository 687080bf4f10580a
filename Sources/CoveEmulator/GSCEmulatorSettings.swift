/// How the emulator's Generic Stream Concurrency service behaves: the interval it hands out and a failure to play
/// instead of the normal answer (tests flip these while it runs, through `catalog.gsc`).
public struct GSCEmulatorSettings: Sendable, Equatable {
    public enum Failure: Sendable, Equatable {
        /// 503 to every request: the service unreachable.
        case serverError
        /// 200 without `heartbeat_interval`.
        case missingInterval
        /// 403 `FEATURE_NOT_SUPPORTED`: the account is not enabled.
        case featureDisabled
        /// 400 `MISSING_CLAIM`, whatever the token says.
        case missingClaim
        /// 401 `INVALID_TOKEN`.
        case invalidToken
        /// 403 with an empty body (the SDK's `playbackNotAllowed`).
        case emptyRefusal
    }

    /// Seconds, as `heartbeat_interval` (the service's default is a minute; tests use 2).
    public var heartbeatInterval: Double
    public var failure: Failure?

    public init(heartbeatInterval: Double = 60, failure: Failure? = nil) {
        self.heartbeatInterval = heartbeatInterval
        self.failure = failure
    }
}
