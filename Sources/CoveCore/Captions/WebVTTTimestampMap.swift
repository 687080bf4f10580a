/// HLS's `X-TIMESTAMP-MAP=MPEGTS:<90 kHz ticks>,LOCAL:<cue time>` header line of a WebVTT segment: cue time
/// LOCAL is the media time MPEGTS.
public struct WebVTTTimestampMap: Sendable, Hashable {
    public var mpegts: Int64
    public var local: Double

    public init(mpegts: Int64, local: Double) {
        self.mpegts = mpegts
        self.local = local
    }

    /// From a WebVTT header's lines; nil without a well-formed map (either order of the two fields).
    public init?(header: [Substring]) {
        guard let line = header.first(where: { $0.hasPrefix("X-TIMESTAMP-MAP=") }) else { return nil }
        var mpegts: Int64?
        var local: Double?
        for field in line.dropFirst("X-TIMESTAMP-MAP=".count).split(separator: ",") {
            let field = field.trimmingPrefix(while: \.isWhitespace)
            if field.hasPrefix("MPEGTS:") { mpegts = Int64(field.dropFirst("MPEGTS:".count)) }
            if field.hasPrefix("LOCAL:") { local = WebVTT.timestamp(field.dropFirst("LOCAL:".count)) }
        }
        guard let mpegts, mpegts >= 0, let local else { return nil }
        self.init(mpegts: mpegts, local: local)
    }

    /// Seconds to add to this segment's cue times to put them on the timeline where `base`'s LOCAL time is
    /// `base.local`. The 33-bit MPEG-TS clock wraps every ~26.5 hours; a segment after the wrap counts on.
    public func offset(from base: WebVTTTimestampMap) -> Double {
        let wrap: Int64 = 1 << 33
        var ticks = mpegts - base.mpegts
        if ticks < -wrap / 2 { ticks += wrap }
        return Double(ticks) / 90_000 - local + base.local
    }
}
