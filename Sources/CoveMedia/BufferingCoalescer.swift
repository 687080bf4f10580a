/// GStreamer posts buffering levels in 1 % steps, often hundreds a second; the controller needs far fewer.
/// Reports 0, 10, … 90 and 100, each only when it differs from the last report. Starts at 100 (not buffering),
/// so a stream that never runs short reports nothing.
struct BufferingCoalescer: Equatable {
    private(set) var reported = 100

    /// The level to report for a new `percent`, or nil when it adds nothing.
    mutating func update(_ percent: Int) -> Int? {
        let step = percent >= 100 ? 100 : max(0, percent) / 10 * 10
        guard step != reported else { return nil }
        reported = step
        return step
    }
}
