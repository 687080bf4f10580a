/// Decides that a video has ended although its engine never said so: the playhead stands still within `distance` of the
/// known duration for `patience` seconds while the viewer wants it playing and nothing is being fetched. An engine that
/// loses its end of stream (see Sources/cove-bench/README.md, "An end that is never lost") would otherwise leave a
/// lean-back playlist waiting forever.
public struct EndWatch: Sendable {
    /// How close to the duration a stop counts as the end: a few frames and an audio packet or two short.
    public static let distance = 0.5
    /// How long the playhead must stand there; several position polls, so a slow last frame is not cut short.
    public static let patience = 1.5

    private var standing: (position: Double, since: Double)?

    public init() {}

    /// Feeds one look at the engine; true once the end is to be assumed (and from then on, until `reset`).
    /// `now` is any monotonic clock in seconds; `isFetching` is true while the engine waits for media it has not
    /// downloaded yet (a real buffering stall, which is not an end).
    public mutating func observe(position: Double?, duration: Double?, wantsPlay: Bool, isFetching: Bool,
                                 now: Double) -> Bool {
        guard wantsPlay, !isFetching, let position, let duration, duration > 0,
              position >= duration - Self.distance else {
            standing = nil
            return false
        }
        // The playhead moved: it is still playing the last frames.
        guard let standing, abs(standing.position - position) < 0.001 else {
            self.standing = (position, now)
            return false
        }
        return now - standing.since >= Self.patience
    }

    public mutating func reset() {
        standing = nil
    }
}
