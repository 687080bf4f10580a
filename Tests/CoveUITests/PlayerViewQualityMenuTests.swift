import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

extension PlayerViewTests {
    func testTheMoreMenusQualityHoldsARendition() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.moreMenusQualityHoldsARendition() } }
    }
}

extension PlayerViewScenario {
    /// More › Quality: Auto (naming the rendition it plays) and each rendition, radio items of `player.quality`;
    /// choosing one holds it and closes the menu, Auto lets go; a single-rendition video has no Quality section.
    func moreMenusQualityHoldsARendition() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.ladderVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        let menu = player.overflowMenu
        XCTAssertTrue(MainLoop.run(until: { menu.qualityItems.count == 3 }, timeout: 5), "\(menu.qualityItems.map(\.id))")
        XCTAssertTrue(MainLoop.run(until: { player.playingRendition != nil }, timeout: 10))
        gtk_widget_activate(player.controlBar.overflowButton)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(menu.popover) != 0 }, timeout: 5), "the menu opened")
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let labels = menu.qualityItems.map { gtk_check_button_get_label(cast($0.button)).map { String(cString: $0) } }
        let playing = try XCTUnwrap(player.playingRendition?.height)
        XCTAssertEqual(labels, ["Auto (\(playing)p)", "360p · 870 kb/s", "180p · 370 kb/s"])
        for item in menu.qualityItems {
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(item.button)), GTK_ACCESSIBLE_ROLE_RADIO)
        }
        XCTAssertEqual(gtk_check_button_get_active(cast(menu.qualityItems[0].button)), 1, "Auto is checked")
        _ = LabelFit.assertFits(menu.popover, name: "More menu")

        gtk_widget_activate(menu.qualityItems[2].button)
        XCTAssertTrue(MainLoop.run(until: { !menu.isOpen }, timeout: 5), "choosing closes the menu")
        let low = player.controller.state.renditions[1]
        XCTAssertEqual(player.controller.state.qualityChoice, .rendition(low))
        XCTAssertTrue(self.events.contains(.quality(.rendition(low))))
        XCTAssertEqual(gtk_check_button_get_active(cast(menu.qualityItems[2].button)), 1)
        XCTAssertTrue(MainLoop.run(until: { player.playingRendition == low }, timeout: 10), "the picture follows")

        gtk_widget_activate(menu.qualityItems[0].button)
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.qualityChoice == .automatic }, timeout: 5))

        loadVideo(into: player, id: UITestSupport.videoID)
        XCTAssertTrue(MainLoop.run(until: { menu.qualityItems.isEmpty }, timeout: 20), "an MP4 has one rendition")
    }
}
