import CGtk

/// A move between the standard and the compact arrangement: every control glides from where it was shown to its
/// new place instead of jumping there (issue: "moving between standard and compact keeps each control's state and
/// animates its move"). The controls are the same widgets in both arrangements, so their state comes along.
struct ArrangementMove {
    /// Where each control was shown when the move began.
    let from: [UnsafeMutableRawPointer: GtkAllocation]
    /// Microseconds, `g_get_monotonic_time()`.
    let start: Int
    /// Seconds.
    let duration: Double

    /// 0 at the start, 1 once done; eased out (fast, then settling), as GTK's own transitions.
    func progress(at now: Int) -> Double {
        guard duration > 0 else { return 1 }
        let linear = min(1, max(0, Double(now - start) / (duration * 1_000_000)))
        return 1 - pow(1 - linear, 3)
    }

    func isFinished(at now: Int) -> Bool { progress(at: now) >= 1 }

    /// Where `child` is shown at `now` on its way to `target`; a control that was not shown before appears in
    /// place.
    func rect(of child: UnsafeMutableRawPointer, toward target: GtkAllocation, at now: Int) -> GtkAllocation {
        guard let origin = from[child] else { return target }
        let step = progress(at: now)
        func mix(_ start: Int32, _ end: Int32) -> Int32 { Int32((Double(start) + Double(end - start) * step).rounded()) }
        return GtkAllocation(x: mix(origin.x, target.x), y: mix(origin.y, target.y),
                             width: mix(origin.width, target.width), height: mix(origin.height, target.height))
    }
}
