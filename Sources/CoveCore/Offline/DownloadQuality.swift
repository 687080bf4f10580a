/// A quality a viewer can download: one variant of the master, with its size estimated from its bandwidth and the
/// video's duration.
public struct DownloadQuality: Sendable, Equatable {
    public var variantIndex: Int
    public var width: Int?
    public var height: Int?
    public var bandwidth: Int
    public var estimatedBytes: Int64

    /// "720p", or the bitrate for a variant without a resolution (audio only).
    public var label: String {
        if let height { return "\(height)p" }
        return "\(max(1, bandwidth / 1000)) kbps"
    }

    /// The master's qualities, best first.
    public static func choices(in master: HLSMasterPlaylist, duration: Double) -> [DownloadQuality] {
        let seconds = duration.isFinite && duration > 0 ? duration : 0
        return master.variants.enumerated().map { index, variant in
            DownloadQuality(variantIndex: index, width: variant.width, height: variant.height,
                            bandwidth: variant.bandwidth, estimatedBytes: Int64(Double(variant.bandwidth) / 8 * seconds))
        }.sorted { ($0.height ?? 0, $0.bandwidth) > ($1.height ?? 0, $1.bandwidth) }
    }

    /// What a download takes without being told: the best at most 1080 lines, or with `preferredBitrate` (the
    /// SDK's RequestedBitrateKey) the best at most that; the smallest when none qualifies.
    public static func preferred(among choices: [DownloadQuality], preferredBitrate: Int? = nil) -> DownloadQuality? {
        let fitting = choices.filter { quality in
            if let preferredBitrate, preferredBitrate > 0 { return quality.bandwidth <= preferredBitrate }
            return (quality.height ?? 0) <= 1080
        }
        return fitting.first ?? choices.last
    }

    /// The quality a `--quality` word names ("720p", "720"), if the master has it.
    public static func named(_ word: String, among choices: [DownloadQuality]) -> DownloadQuality? {
        let digits = word.lowercased().hasSuffix("p") ? String(word.dropLast()) : word
        guard let lines = Int(digits) else { return nil }
        return choices.first { $0.height == lines }
    }
}
