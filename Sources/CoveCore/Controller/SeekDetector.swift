/// Tells a seek (from the window's slider or keys) from playback going on, by the progress it reports: playback
/// moves forward by a fraction of a second between two reports, a seek jumps. A jump the viewer did not make
/// (the main loop held up for seconds) only makes clients read the position again.
public struct SeekDetector {
    private var last: Double?

    public init() {}

    public mutating func reset() { last = nil }

    /// The next report near `seconds` is the announced seek landing, not a jump.
    public mutating func expect(_ seconds: Double) { last = seconds }

    public mutating func isJump(to seconds: Double, rate: Double) -> Bool {
        defer { last = seconds }
        guard let last else { return false }
        let step = seconds - last
        return step < -0.5 || step > 1 + 2 * max(1, rate)
    }
}
