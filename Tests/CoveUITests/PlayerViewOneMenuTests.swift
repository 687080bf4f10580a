import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

extension PlayerViewTests {
    func testOneMenuIsOpenAtATime() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.oneMenuIsOpenAtATime() } }
    }
}

extension PlayerViewScenario {
    /// A menu button pressed while another menu is open (a screen reader presses it through AT-SPI; the pointer
    /// would close the menu first) closes that menu: Wayland refuses a grabbing popup over another.
    func oneMenuIsOpenAtATime() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.multiLanguageVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        gtk_widget_activate(player.controlBar.overflowButton)
        XCTAssertTrue(MainLoop.run(until: { player.overflowMenu.isOpen }, timeout: 5))
        gtk_widget_activate(player.controlBar.closedCaptionButton)
        XCTAssertTrue(MainLoop.run(until: { player.audioSubtitles.isOpen }, timeout: 5))
        XCTAssertFalse(player.overflowMenu.isOpen, "the More menu closed")
        gtk_widget_activate(player.controlBar.overflowButton)
        XCTAssertTrue(MainLoop.run(until: { player.overflowMenu.isOpen && !player.audioSubtitles.isOpen }, timeout: 5))
        player.overflowMenu.close()
        _ = MainLoop.run(until: { false }, timeout: 0.2)
    }
}
