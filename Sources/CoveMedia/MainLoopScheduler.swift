import CoveCore
import CoveGLib

/// The controller's wake-ups (the next caption change) on GLib's main loop, the loop that delivers the engine's
/// signals, so a wake-up never races a signal.
@MainActor
public final class MainLoopScheduler: PlaybackScheduler {
    public init() {}

    public func schedule(after seconds: Double, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork {
        let milliseconds = UInt32(min(Double(UInt32.max), max(0, (seconds * 1000).rounded(.up))))
        return ScheduledTimer(MainLoop.after(milliseconds: milliseconds, work))
    }
}

@MainActor
private final class ScheduledTimer: ScheduledWork {
    private let timer: TimerSource
    init(_ timer: TimerSource) { self.timer = timer }
    func cancel() { timer.cancel() }
}
