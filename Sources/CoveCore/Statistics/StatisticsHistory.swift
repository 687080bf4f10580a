/// The last minute of bandwidth and buffer, a sample every half second, for the overlay's graph.
public struct StatisticsHistory: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        /// Bits per second; nil while unmeasured.
        public var bandwidth: Int?
        /// Seconds ahead of the playhead; nil while unknown.
        public var buffer: Double?
    }

    /// 60 s at two samples a second.
    public static let capacity = 120

    /// Oldest first.
    public private(set) var samples: [Sample] = []

    public init() {}

    public mutating func append(_ stats: PlaybackStatistics) {
        samples.append(Sample(bandwidth: stats.measuredBandwidth, buffer: stats.forwardBuffer))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    public mutating func clear() { samples = [] }

    /// The graph's top for bandwidth: the largest sample rounded up to 1, 2 or 5 × a power of ten, so the scale
    /// reads as a round number and moves rarely.
    public var bandwidthScale: Int { Self.roundedUp(samples.compactMap(\.bandwidth).max() ?? 0, floor: 100_000) }

    /// The graph's top for the buffer, in seconds.
    public var bufferScale: Double {
        Double(Self.roundedUp(Int((samples.compactMap(\.buffer).max() ?? 0).rounded(.up)), floor: 5))
    }

    static func roundedUp(_ value: Int, floor: Int) -> Int {
        var power = 1
        while true {
            for step in [1, 2, 5] where step * power >= max(value, floor) { return step * power }
            power *= 10
        }
    }
}
