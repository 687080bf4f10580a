/// Which cue points playback has passed (SDK didPassCuePoints): every timed cue point in (previous, current],
/// where `previous` is the time of the last report, so a forward seek reports everything it jumped over in one
/// go. The first interval of a session includes its start, so a cue point at 0 s is passed by the first progress.
/// A backward seek reports nothing; playback from there reports afresh.
struct CuePointTracker {
    struct Passage: Equatable {
        var previous: Double
        var current: Double
        var cuePoints: [CuePoint]
    }

    private let timed: [CuePoint]
    private let before: [CuePoint]
    private let after: [CuePoint]
    private var previous: Double
    private var includesPrevious = true
    private var startedPlaying = false
    private var finished = false

    /// `cuePoints` in timeline order (as `Video.cuePoints` keeps them); `start` is where playback begins.
    init(cuePoints: [CuePoint], start: Double = 0) {
        timed = cuePoints.filter { $0.time != nil }
        before = cuePoints.filter { $0.position == .before }
        after = cuePoints.filter { $0.position == .after }
        previous = start
    }

    /// The "before" cue points, on the first play only (pre-roll slots).
    mutating func play() -> Passage? {
        guard !startedPlaying else { return nil }
        startedPlaying = true
        return before.isEmpty ? nil : Passage(previous: previous, current: previous, cuePoints: before)
    }

    /// The timed cue points passed on the way to `current`.
    mutating func advance(to current: Double) -> Passage? {
        defer {
            if current != previous || includesPrevious { previous = current }
            includesPrevious = false
        }
        guard current > previous || (includesPrevious && current == previous) else { return nil }
        let lower = previous
        let inclusive = includesPrevious
        let passed = timed.filter { point in
            guard let time = point.time else { return false }
            return (inclusive ? time >= lower : time > lower) && time <= current
        }
        return passed.isEmpty ? nil : Passage(previous: lower, current: current, cuePoints: passed)
    }

    /// The "after" cue points, once, when the content ends at `end`.
    mutating func finish(at end: Double) -> Passage? {
        guard !finished else { return nil }
        finished = true
        return after.isEmpty ? nil : Passage(previous: end, current: end, cuePoints: after)
    }
}
