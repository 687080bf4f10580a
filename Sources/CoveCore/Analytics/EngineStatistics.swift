/// What the engine measures of the rendition playing, for analytics: each nil when the engine does not know it.
public struct EngineStatistics: Sendable, Equatable {
    public var width: Int?
    public var height: Int?
    /// The rendition's declared bitrate (an HLS variant's BANDWIDTH), bits per second.
    public var indicatedBitrate: Int?
    /// Download throughput the adaptive demuxer measured, bits per second.
    public var measuredBitrate: Int?
    /// Frames the sink dropped since the video started.
    public var droppedFrames: Int?

    public init(width: Int? = nil, height: Int? = nil, indicatedBitrate: Int? = nil, measuredBitrate: Int? = nil,
                droppedFrames: Int? = nil) {
        self.width = width
        self.height = height
        self.indicatedBitrate = indicatedBitrate
        self.measuredBitrate = measuredBitrate
        self.droppedFrames = droppedFrames
    }
}
