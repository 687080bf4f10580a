/// How far ahead the engine fetches (SDK buffer optimizer, options `kBCOVBufferOptimizerMethodKey`,
/// `…MinimumDurationKey`, `…MaximumDurationKey`): start small, so a viewer who leaves early wasted little, and grow
/// with the time watched, re-tuned every `retuneInterval` seconds of watching.
public struct BufferOptimization: Sendable, Equatable {
    public enum Method: Int, Sendable {
        /// The engine's own buffering.
        case none = 0
        case `default` = 1
    }

    public static let retuneInterval = 5.0

    public var method: Method
    /// Seconds, at least 1 (default 30).
    public var minimumDuration: Double {
        didSet { minimumDuration = max(1, minimumDuration) }
    }
    /// Seconds, at least the minimum (default 90).
    public var maximumDuration: Double

    public init(method: Method = .default, minimumDuration: Double = 30, maximumDuration: Double = 90) {
        self.method = method
        self.minimumDuration = max(1, minimumDuration)
        self.maximumDuration = maximumDuration
    }

    /// The forward buffer after `watched` seconds of playback; nil leaves the engine's default.
    public func forwardBuffer(afterWatching watched: Double) -> Double? {
        guard method == .default else { return nil }
        return min(max(watched, minimumDuration), max(minimumDuration, maximumDuration))
    }
}
