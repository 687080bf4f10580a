import FoundationEssentials

/// The figures of the statistics overlay ("statistics for nerds") and the `stats` event: what a publisher checks of
/// a video, its source and how it plays. Each optional is nil while unknown.
public struct PlaybackStatistics: Sendable, Equatable {
    public var videoID: String?
    public var accountID: String?
    public var referenceID: String?
    /// The source chosen: its MIME type, its host (never the path or query, which may carry tokens) and how it is
    /// delivered.
    public var sourceType: String?
    public var sourceHost: String?
    public var delivery: String?
    /// The demuxers, outermost first, else the API's `container`.
    public var container: String?
    public var videoCodec: String?
    public var audioCodec: String?
    /// The picture as decoded and the variant playing (its declared bitrate), and the variants adapted over.
    public var width: Int?
    public var height: Int?
    public var indicatedBitrate: Int?
    public var variants: [StreamVariant] = []
    /// The Quality menu's choice: "auto", or the rendition held ("720p · 2.0 Mb/s"); nil for a stream with one
    /// rendition.
    public var quality: String?
    /// Bits per second the adaptive demuxer measured.
    public var measuredBandwidth: Int?
    /// Seconds of media waiting ahead of the playhead.
    public var forwardBuffer: Double?
    public var droppedFrames: Int?
    public var shownFrames: Int?
    /// Stalls while playing (not loading or seeking), and the time spent in them.
    public var rebufferCount = 0
    public var rebufferSeconds = 0.0
    /// From the session's start to its first picture.
    public var firstFrameSeconds: Double?
    /// The last Playback API answer's time.
    public var catalogResponseSeconds: Double?
    public var pipeline: String?
    public var decoder: String?
    public var videoOutput: String?
    /// The 360° projection, with the view shown ("equirectangular, yaw 30°, pitch 0°, 75° wide").
    public var projection: String?

    public init() {}

    /// The engine's figures over the session's: the codec, demuxers, decoders and variants it found.
    public mutating func take(_ engine: EngineStatistics) {
        width = engine.width
        height = engine.height
        variants = engine.variants
        if let held = engine.heldBitrate {
            quality = engine.variants.first { $0.demuxerBitrate == held }?.qualityLabel
                ?? StatisticsReport.formatBitrate(held)
        } else if StreamVariant.videoRenditions(engine.variants).count > 1 {
            quality = "auto"
        }
        indicatedBitrate = engine.indicatedBitrate
            ?? StreamVariant.playing(in: engine.variants, width: engine.width, height: engine.height)?.bandwidth
        measuredBandwidth = engine.measuredBitrate
        if engine.droppedFrames != nil || engine.lateFrames != nil {
            droppedFrames = (engine.droppedFrames ?? 0) + (engine.lateFrames ?? 0)
        }
        if !engine.demuxers.isEmpty { container = engine.demuxers.joined(separator: " › ") }
        videoCodec = engine.videoCodec
        audioCodec = engine.audioCodec
        pipeline = engine.pipeline
        decoder = [engine.videoDecoder, engine.audioDecoder].compactMap { $0 }.joined(separator: ", ").nonEmpty
    }

    /// The video's IDs and the source's type, host and delivery.
    public mutating func take(_ video: Video, source: Source) {
        videoID = video.id
        accountID = video.accountID
        referenceID = video.referenceID
        sourceType = source.type
        sourceHost = source.url.isFileURL ? tr("local file") : source.url.host
        delivery = Self.delivery(of: source)
        container = container ?? source.container
        if video.is360 { projection = video.projection }
    }

    static func delivery(of source: Source) -> String {
        let method: String
        switch source.deliveryMethod {
        case .hls: method = "HLS"
        case .dash: method = "DASH"
        case .mp4: method = "MP4"
        case .other(let type): method = type
        }
        guard let version = source.extXVersion else { return method }
        return tr("%@, Dynamic Delivery (version %@)").filling(method, version)
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
