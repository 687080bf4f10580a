import FoundationEssentials

/// The statistics as people read them (the overlay, its Copy) and as scripts read them (the `stats` event).
public enum StatisticsReport {
    public struct Line: Sendable, Equatable {
        public let label: String
        public let value: String
    }

    /// A line per figure, in the overlay's order; an unknown figure reads "—", so the lines never move.
    public static func lines(_ stats: PlaybackStatistics) -> [Line] {
        let unknown = "—"
        func text(_ value: String?) -> String { value ?? unknown }
        let rendition = [size(stats.width, stats.height), stats.indicatedBitrate.map(formatBitrate)]
            .compactMap { $0 }.joined(separator: " · ").nonEmpty ?? unknown
        let variants = stats.variants.map { variant in
            let text = [size(variant.width, variant.height), formatBitrate(variant.bandwidth)]
                .compactMap { $0 }.joined(separator: " ")
            return variant.bandwidth == stats.indicatedBitrate ? "[" + text + "]" : text
        }
        let frames = stats.shownFrames.map { tr("%@ shown").filling(String($0)) }
        let dropped = stats.droppedFrames.map { tr("%@ dropped").filling(String($0)) }
        return [
            Line(label: tr("Video ID"), value: text(stats.videoID)),
            Line(label: tr("Account ID"), value: text(stats.accountID)),
            Line(label: tr("Reference ID"), value: text(stats.referenceID)),
            Line(label: tr("Source"), value: [stats.sourceType, stats.sourceHost].compactMap { $0 }
                .joined(separator: " · ").nonEmpty ?? unknown),
            Line(label: tr("Delivery"), value: text(stats.delivery)),
            Line(label: tr("Container"), value: text(stats.container)),
            Line(label: tr("Codecs"), value: [stats.videoCodec, stats.audioCodec].compactMap { $0 }
                .joined(separator: ", ").nonEmpty ?? unknown),
            Line(label: tr("Rendition"), value: rendition),
            Line(label: tr("Renditions"), value: variants.joined(separator: ", ").nonEmpty ?? unknown),
            Line(label: tr("Quality"), value: text(stats.quality == "auto" ? tr("Auto") : stats.quality)),
            Line(label: tr("Bandwidth"), value: stats.measuredBandwidth.map(formatBitrate) ?? unknown),
            Line(label: tr("Buffer"), value: stats.forwardBuffer.map(formatSeconds) ?? unknown),
            Line(label: tr("Frames"), value: [frames, dropped].compactMap { $0 }.joined(separator: ", ").nonEmpty
                ?? unknown),
            // The seconds are isolated: in a right-to-left sentence "0.0 s" would otherwise read "s 0.0".
            Line(label: tr("Rebuffering"), value: trn("%@ time", "%@ times", stats.rebufferCount)
                .filling(String(stats.rebufferCount)) + ", \u{2066}" + formatSeconds(stats.rebufferSeconds) + "\u{2069}"),
            Line(label: tr("First frame"), value: stats.firstFrameSeconds.map(formatMilliseconds) ?? unknown),
            Line(label: tr("Playback API"), value: stats.catalogResponseSeconds.map(formatMilliseconds) ?? unknown),
            Line(label: tr("Decoder"), value: [stats.decoder, stats.pipeline.map { "(" + $0 + ")" }]
                .compactMap { $0 }.joined(separator: " ").nonEmpty ?? unknown),
            Line(label: tr("Video output"), value: text(stats.videoOutput)),
        ] + (stats.projection.map { [Line(label: tr("Projection"), value: $0)] } ?? [])
    }

    /// What Copy puts on the clipboard: "label: value" lines, for a support ticket.
    public static func plainText(_ stats: PlaybackStatistics) -> String {
        let text = lines(stats).map { $0.label + ": " + $0.value }.joined(separator: "\n") + "\n"
        return String(text.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }.map(Character.init))
    }

    /// The `stats` event of `--print-events --stats`: every figure under a fixed English key, numbers as numbers.
    public static func eventLine(_ stats: PlaybackStatistics) -> String {
        func number(_ value: Int?) -> JSONLine.Value { .optional(value.map(Double.init)) }
        let variants = stats.variants.map { variant in
            JSONLine.Value.object([("bandwidth", .number(Double(variant.bandwidth))), ("width", number(variant.width)),
                                   ("height", number(variant.height))])
        }
        return JSONLine.object([
            ("type", .string("stats")),
            ("video_id", .optional(stats.videoID)), ("account_id", .optional(stats.accountID)),
            ("reference_id", .optional(stats.referenceID)), ("source_type", .optional(stats.sourceType)),
            ("source_host", .optional(stats.sourceHost)), ("delivery", .optional(stats.delivery)),
            ("container", .optional(stats.container)), ("video_codec", .optional(stats.videoCodec)),
            ("audio_codec", .optional(stats.audioCodec)), ("width", number(stats.width)),
            ("height", number(stats.height)), ("indicated_bitrate", number(stats.indicatedBitrate)),
            ("variants", .array(variants)), ("quality", .optional(stats.quality)),
            ("measured_bandwidth", number(stats.measuredBandwidth)),
            ("forward_buffer", .optional(stats.forwardBuffer)), ("dropped_frames", number(stats.droppedFrames)),
            ("shown_frames", number(stats.shownFrames)), ("rebuffer_count", .number(Double(stats.rebufferCount))),
            ("rebuffer_seconds", .number(stats.rebufferSeconds)),
            ("first_frame_seconds", .optional(stats.firstFrameSeconds)),
            ("catalog_response_seconds", .optional(stats.catalogResponseSeconds)),
            ("pipeline", .optional(stats.pipeline)), ("decoder", .optional(stats.decoder)),
            ("video_output", .optional(stats.videoOutput)), ("projection", .optional(stats.projection)),
        ])
    }

    static func size(_ width: Int?, _ height: Int?) -> String? {
        guard let width, let height else { return nil }
        return "\(width)×\(height)"
    }

    /// "1.12 Mb/s", "495 kb/s": three significant figures at most, SI units as players write them.
    public static func formatBitrate(_ bitsPerSecond: Int) -> String {
        if bitsPerSecond >= 1_000_000 { return decimal(Double(bitsPerSecond) / 1_000_000) + " Mb/s" }
        if bitsPerSecond >= 1_000 { return decimal(Double(bitsPerSecond) / 1_000) + " kb/s" }
        return "\(bitsPerSecond) b/s"
    }

    public static func formatSeconds(_ seconds: Double) -> String { decimal(seconds, places: 1) + " s" }

    static func formatMilliseconds(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }

    /// Up to three significant figures (exactly `places` decimals when given), trailing zeros dropped otherwise.
    static func decimal(_ value: Double, places: Int? = nil) -> String {
        let decimals = places ?? (value >= 100 ? 0 : value >= 10 ? 1 : 2)
        var digits = String(Int((value * pow10(decimals)).rounded()))
        guard decimals > 0 else { return digits }
        while digits.count <= decimals { digits = "0" + digits }
        var fraction = String(digits.suffix(decimals))
        if places == nil { while fraction.hasSuffix("0") { fraction.removeLast() } }
        let whole = String(digits.dropLast(decimals))
        return fraction.isEmpty ? whole : whole + "." + fraction
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { value, _ in value * 10 } }
}
