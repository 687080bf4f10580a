import FoundationEssentials

/// What the engine measures of the media playing, for analytics and the statistics overlay: each nil (or empty)
/// when the engine does not know it.
public struct EngineStatistics: Sendable, Equatable {
    public var width: Int?
    public var height: Int?
    /// The rendition's declared bitrate (an HLS variant's BANDWIDTH), bits per second.
    public var indicatedBitrate: Int?
    /// Download throughput the adaptive demuxer measured, bits per second.
    public var measuredBitrate: Int?
    /// Frames the picture path dropped since the video started: decoded but replaced before the window took them.
    public var droppedFrames: Int?
    /// Frames the video sink dropped as too late (QoS) since the video started.
    public var lateFrames: Int?
    /// The variants an adaptive stream can switch between, as its master playlist lists them.
    public var variants: [StreamVariant] = []
    /// The rendition the Quality menu holds (its demuxer bitrate); nil on Auto.
    public var heldBitrate: Int?
    /// "playbin3" or "playbin".
    public var pipeline: String?
    /// The demuxers chosen, outermost first ("hlsdemux2", "tsdemux").
    public var demuxers: [String] = []
    /// The decoders chosen (GStreamer factory names, "avdec_h264") and what they decode, described for people.
    public var videoDecoder: String?
    public var audioDecoder: String?
    public var videoCodec: String?
    public var audioCodec: String?

    public init(width: Int? = nil, height: Int? = nil, indicatedBitrate: Int? = nil, measuredBitrate: Int? = nil,
                droppedFrames: Int? = nil) {
        self.width = width
        self.height = height
        self.indicatedBitrate = indicatedBitrate
        self.measuredBitrate = measuredBitrate
        self.droppedFrames = droppedFrames
    }
}

/// One variant of an adaptive stream (an HLS `#EXT-X-STREAM-INF`).
public struct StreamVariant: Sendable, Equatable {
    /// Bits per second (BANDWIDTH).
    public var bandwidth: Int
    public var width: Int?
    public var height: Int?
    /// AVERAGE-BANDWIDTH, when the playlist gives it.
    public var averageBandwidth: Int?

    public init(bandwidth: Int, width: Int? = nil, height: Int? = nil, averageBandwidth: Int? = nil) {
        self.bandwidth = bandwidth
        self.width = width
        self.height = height
        self.averageBandwidth = averageBandwidth
    }

    /// The variants of an HLS master playlist, highest bandwidth first.
    public static func variants(ofMaster text: String, baseURL: URL) -> [StreamVariant] {
        HLSMasterPlaylist(text: text, baseURL: baseURL).variants
            .map { StreamVariant(bandwidth: $0.bandwidth, width: $0.width, height: $0.height,
                                 averageBandwidth: $0.averageBandwidth) }
            .sorted { $0.bandwidth > $1.bandwidth }
    }

    /// The variant playing, told by the decoded picture's size: hlsdemux2 announces no switch, but each variant
    /// of a ladder has its own size. Nil when the size matches none, or several variants share it (then the
    /// size alone cannot tell them apart); a stream with one variant plays that one.
    public static func playing(in variants: [StreamVariant], width: Int?, height: Int?) -> StreamVariant? {
        if variants.count == 1 { return variants[0] }
        guard let width, let height else { return nil }
        let matches = variants.filter { $0.width == width && $0.height == height }
        return matches.count == 1 ? matches[0] : nil
    }
}
