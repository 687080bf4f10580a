import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

extension PlayerViewTests {
    func testTheTimeLeftIsShownAtTheSpeedPlaying() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.timeLeftIsShownAtTheSpeedPlaying() } }
    }
}

extension PlayerViewScenario {
    /// More › Show Time Left (or a click on the duration): "−0:02" for 4 s left at 2×, read as "Time left"; off
    /// again, the duration.
    func timeLeftIsShownAtTheSpeedPlaying() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.status == .paused }, timeout: 5))
        player.controller.seek(to: 0, tolerance: 0)
        player.controller.playbackRate = 2
        let label = player.controlBar.durationLabel
        func text() -> String { String(cString: gtk_label_get_text(cast(label))) }
        XCTAssertTrue(MainLoop.run(until: { text() == "0:04" }, timeout: 5), text())

        gtk_widget_activate(try XCTUnwrap(player.overflowMenu.timeLeftItem))
        XCTAssertTrue(MainLoop.run(until: { text() == "−0:02" }, timeout: 5), "4 s at 2×: \(text())")
        player.controller.playbackRate = 1
        XCTAssertTrue(MainLoop.run(until: { text() == "−0:04" }, timeout: 5), "at 1×: \(text())")
        XCTAssertEqual(gtk_check_button_get_active(cast(try XCTUnwrap(player.overflowMenu.timeLeftItem))), 1)

        player.send(.setRate(1))
        gtk_widget_activate(try XCTUnwrap(player.overflowMenu.timeLeftItem))
        XCTAssertTrue(MainLoop.run(until: { text() == "0:04" }, timeout: 5), "the duration again: \(text())")
        // The item closes its menu on the next turn of the loop: let it, before the window goes.
        _ = MainLoop.run(until: { false }, timeout: 0.2)
    }
}
