import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

/// Between the standard and the compact arrangement each control glides to its new place: with a long move it is
/// still near where it was right after the switch, with none it is at once where the layout puts it.
final class ArrangementMoveTests: XCTestCase {
    func testControlsGlideToTheirPlaceWhenTheBarTurnsCompact() throws {
        try MainActor.assumeIsolated {
            let moving = try Self.jumpBackPosition(afterNarrowingWithMove: 60)
            let settled = try Self.jumpBackPosition(afterNarrowingWithMove: 0)
            let jump = Self.distance(settled.before, settled.after)
            XCTAssertGreaterThan(jump, 20, "compact puts jump back elsewhere: \(settled)")
            // Mid-move (60 s long), the control has barely left its standard place.
            XCTAssertLessThan(Self.distance(moving.before, moving.after), jump / 2, "\(moving) vs \(settled)")
        }
    }

    @MainActor
    private static func jumpBackPosition(afterNarrowingWithMove seconds: Double) throws
        -> (before: GtkAllocation, after: GtkAllocation) {
        try UITestSupport.initGTK()
        let bar = ControlBar(layout: SuppliedLayout.vod.makeLayout())
        bar.elastic.arrangementMoveDuration = seconds
        let window = gtk_window_new()!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        defer { gtk_window_destroy(gtkWindow) }
        gtk_window_set_child(gtkWindow, bar.root)
        gtk_window_set_default_size(gtkWindow, 960, 120)
        gtk_window_present(gtkWindow)
        XCTAssertTrue(MainLoop.run(until: { bar.elastic.lastResult?.compact == false }, timeout: 5))
        let before = allocation(of: bar.jumpBackButton)
        gtk_window_set_default_size(gtkWindow, 360, 160)
        XCTAssertTrue(MainLoop.run(until: { bar.elastic.lastResult?.compact == true }, timeout: 5), "compact")
        // A few frames more, so a move that takes no time has certainly landed.
        let deadline = g_get_monotonic_time() + 200_000
        _ = MainLoop.run(until: { g_get_monotonic_time() > deadline }, timeout: 1)
        return (before, allocation(of: bar.jumpBackButton))
    }

    private static func distance(_ first: GtkAllocation, _ second: GtkAllocation) -> Int32 {
        abs(first.x - second.x) + abs(first.y - second.y)
    }

    @MainActor
    private static func allocation(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAllocation {
        var rect = GtkAllocation()
        gtk_widget_get_allocation(widget, &rect)
        return rect
    }
}
