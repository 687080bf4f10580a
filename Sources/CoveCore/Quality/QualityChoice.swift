/// The Quality menu's choice: adaptive switching, or one video rendition held.
public enum QualityChoice: Sendable, Equatable {
    case automatic
    case rendition(StreamVariant)
}

/// A quality by its lines ("720p"), as `--quality` and `quality=` name it, applied to each video with renditions:
/// the rendition of that height (the best bitrate of it), or the tallest below it; the smallest when every one is
/// taller.
public struct QualityPreference: Sendable, Equatable {
    public var height: Int

    public init(height: Int) {
        self.height = height
    }

    /// "720p" or "720"; nil for anything else.
    public init?(_ word: String) {
        let digits = word.lowercased().hasSuffix("p") ? String(word.dropLast()) : word
        guard let lines = Int(digits), lines > 0, lines <= 8640 else { return nil }
        height = lines
    }

    public var label: String { "\(height)p" }

    public func rendition(among renditions: [StreamVariant]) -> StreamVariant? {
        let fitting = renditions.filter { ($0.height ?? 0) <= height }
        let best = { (list: [StreamVariant]) in
            list.max { ($0.height ?? 0, $0.bandwidth) < ($1.height ?? 0, $1.bandwidth) }
        }
        return best(fitting) ?? renditions.min { ($0.height ?? 0, $0.bandwidth) < ($1.height ?? 0, $1.bandwidth) }
    }
}

extension StreamVariant {
    /// What the Quality menu offers of a stream's variants: those with a picture size, tallest (then richest)
    /// first; none when fewer than two (a single rendition leaves nothing to choose).
    public static func videoRenditions(_ variants: [StreamVariant]) -> [StreamVariant] {
        let sized = variants.filter { $0.height != nil }
            .sorted { ($0.height ?? 0, $0.bandwidth) > ($1.height ?? 0, $1.bandwidth) }
        return sized.count > 1 ? sized : []
    }

    /// "1080p · 5.0 Mb/s".
    public var qualityLabel: String {
        let lines = height.map { "\($0)p" } ?? StatisticsReport.formatBitrate(bandwidth)
        let rate = bandwidth >= 1_000_000
            ? StatisticsReport.decimal(Double(bandwidth) / 1_000_000, places: 1) + " Mb/s"
            : StatisticsReport.formatBitrate(bandwidth)
        return lines + " · " + rate
    }

    /// The `player.quality` action's value for this rendition ("auto" is Auto).
    public var qualityID: String { "\(height ?? 0)p-\(bandwidth)" }

    /// The demuxer's figure for this variant: hlsdemux2 takes AVERAGE-BANDWIDTH over BANDWIDTH when a playlist
    /// gives both, and holds a variant only when its bounds equal that figure.
    public var demuxerBitrate: Int { averageBandwidth ?? bandwidth }
}
