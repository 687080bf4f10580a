import CGtk
@testable import CoveUI
import CoveGLib
import XCTest

extension PlayerViewTests {
    func testPopoversLeaveTheirControlsWhenTheWindowGoes() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.popoversLeaveTheirControlsWhenTheWindowGoes() } }
    }
}

extension PlayerViewScenario {
    /// The thumbnail preview and the menus hang on the slider and buttons; destroying the window takes them off
    /// (otherwise GTK finalizes the slider with the popover still on it, and warns).
    func popoversLeaveTheirControlsWhenTheWindowGoes() throws {
        var options = PlayerViewOptions()
        options.preferredBitrateConfig = PreferredBitrateConfig(menuTitle: "Quality", options: [("Low", 300_000)])
        let player = try makePlayer(options: options)
        let popovers = [player.thumbnails.popover, player.audioSubtitles.popover, try XCTUnwrap(player.bitrateMenu).popover,
                        player.overflowMenu.popover]
        for popover in popovers {
            XCTAssertNotNil(gtk_widget_get_parent(popover))
            g_object_ref(UnsafeMutableRawPointer(popover))
        }
        finish(player)
        for popover in popovers {
            XCTAssertNil(gtk_widget_get_parent(popover), "unparented when its control went")
            g_object_unref(UnsafeMutableRawPointer(popover))
        }
    }
}
