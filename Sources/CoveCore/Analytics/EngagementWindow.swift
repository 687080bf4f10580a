/// The stretch of content watched since the last `video_engagement`: from where playing (re)started to the
/// playhead now. Ranges are whole seconds, `ceil(start)…ceil(end) − 1`, so windows that follow each other (the
/// next starts where this one ended) name every second exactly once, the last partial second included; a window
/// that begins where a seek landed starts with the second it landed in.
struct EngagementWindow: Sendable, Equatable {
    var start: Double
    var end: Double
    /// Begins where the last window ended (its partial second was counted there).
    var continues: Bool

    init(at position: Double, continues: Bool = true) {
        start = position
        end = position
        self.continues = continues
    }

    /// "a..b", or nil when the window holds no whole second of its own. A video's seconds are those of the
    /// duration reported beside (`video_duration`, rounded): a 10.03 s video has seconds 0 to 9.
    func range(duration: Double) -> String? {
        guard start.isFinite, end.isFinite, duration.isFinite else { return nil }
        let first = Int(start.rounded(continues ? .up : .down))
        let last = min(Int(end.rounded(.up)) - 1, Int(duration.rounded()) - 1)
        guard last >= first, first >= 0 else { return nil }
        return "\(first)..\(last)"
    }

    /// Seconds watched (live streams report this instead of a range).
    var seconds: Double { max(0, end - start) }
}
