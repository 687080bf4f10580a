/// When a clock's progress is told (the content's progress events, the bumper's, an ad's): every `interval`
/// seconds of it, never backwards at its end, and after a reload not again up to where it had been told. The one
/// owner of that rule; a session keeps one per clock.
struct ProgressCadence: Equatable {
    /// The last time told.
    private(set) var told: Double?
    /// After a reload: progress up to here was already told once.
    private var toldBeforeReload: Double?

    /// Whether `seconds` is past what was told before a reload (always, without one); passing it ends the hold.
    mutating func isPastReload(_ seconds: Double) -> Bool {
        guard let mark = toldBeforeReload else { return true }
        guard seconds > mark else { return false }
        toldBeforeReload = nil
        return true
    }

    /// Whether `seconds` is to be told now (`interval` or more from the last told); if so, it is the last told.
    mutating func tell(_ seconds: Double, every interval: Double) -> Bool {
        guard told.map({ abs(seconds - $0) >= interval }) ?? true else { return false }
        told = seconds
        return true
    }

    /// Whether the clock's end is to be told: not when progress already reached it (the last poll can overshoot
    /// the container's duration by a frame, and progress never goes back).
    mutating func tellEnd(_ seconds: Double) -> Bool {
        guard told.map({ $0 < seconds }) ?? true else { return false }
        told = seconds
        return true
    }

    /// The clock's media loads again: what was told is not told again.
    mutating func reload() {
        guard let told else { return }
        toldBeforeReload = max(toldBeforeReload ?? told, told)
    }
}
