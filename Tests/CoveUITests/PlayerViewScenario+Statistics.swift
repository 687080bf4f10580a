import CGLib
import CGtk
import CGtkTestProbe
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

/// The statistics overlay with a real player (StatisticsOverlayTests runs these).
extension PlayerViewScenario {
    /// `i` (`player.statistics`) shows the overlay with the video's figures, updates them while it plays, Copy puts
    /// the same on the clipboard, and the close button and the action hide it again.
    func statisticsShowUpdateCopyAndHide() throws {
        let player = try makePlayer(width: 960, height: 540)
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 5 }, timeout: 20), "frames reached the picture")
        XCTAssertFalse(player.statisticsOverlay.isShown)
        XCTAssertEqual(PlayerShortcuts.accelerators(for: "player.statistics"), ["i"])
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        XCTAssertEqual(gtk_widget_grab_focus(player.widget), 1)
        try pressInThisWindow("i", until: { player.statisticsOverlay.isShown })
        XCTAssertTrue(player.statisticsOverlay.isShown, "i showed the statistics")
        player.controller.play()
        XCTAssertEqual(actionState(player, "player.statistics"), true, "the menu's check follows")
        let overlay = player.statisticsOverlay
        XCTAssertEqual(overlay.value(of: "Video ID"), UITestSupport.videoID)
        XCTAssertEqual(overlay.value(of: "Account ID"), UITestSupport.accountID)
        XCTAssertEqual(overlay.value(of: "Delivery"), "MP4")
        XCTAssertEqual(overlay.value(of: "Container"), "qtdemux")
        XCTAssertTrue(overlay.value(of: "Codecs")?.hasPrefix("H.264") == true, overlay.value(of: "Codecs") ?? "")
        XCTAssertEqual(overlay.value(of: "Rendition"), "640×360")
        XCTAssertTrue(overlay.value(of: "Video output")?.hasPrefix("appsink → GtkPicture · Gsk") == true,
                      overlay.value(of: "Video output") ?? "")
        XCTAssertTrue(overlay.value(of: "First frame")?.hasSuffix(" ms") == true)
        XCTAssertEqual(overlay.value(of: "Playback API"), "—", "this view was told of no exchange (the app tells it)")

        // Twice a second: the frames shown move on, and the graph gains samples.
        let firstFrames = overlay.value(of: "Frames")
        XCTAssertTrue(MainLoop.run(until: { overlay.value(of: "Frames") != firstFrames }, timeout: 3),
                      "the figures are updated while playing")
        XCTAssertTrue(MainLoop.run(until: { overlay.graph.history.samples.count >= 3 }, timeout: 3))
        XCTAssertGreaterThan(gtk_widget_get_height(overlay.graph.area), 0, "the graph has room")

        gtk_widget_activate(overlay.copyButton)
        XCTAssertTrue(MainLoop.run(until: { self.clipboardText(player) != nil }, timeout: 5), "Copy copied")
        let copied = try XCTUnwrap(clipboardText(player))
        XCTAssertTrue(copied.hasPrefix("Video ID: \(UITestSupport.videoID)\n"), copied)
        XCTAssertTrue(copied.contains("\nCodecs: H.264"), copied)
        XCTAssertEqual(copied, overlay.shownText)

        gtk_widget_activate(overlay.closeButton)
        XCTAssertTrue(MainLoop.run(until: { !overlay.isShown }, timeout: 5), "the close button hides it")
        XCTAssertEqual(actionState(player, "player.statistics"), false)
        XCTAssertTrue(overlay.graph.history.samples.isEmpty, "nothing is sampled while closed")
        _ = MainLoop.run(until: { false }, timeout: 1.2)
        XCTAssertTrue(overlay.graph.history.samples.isEmpty, "and the timer stopped")
    }

    /// More › Statistics reaches the action; a narrow window keeps the overlay inside it, in one column.
    func statisticsMenuItemInANarrowWindow() throws {
        let player = try makePlayer(width: 360, height: 300)
        defer { finish(player) }
        XCTAssertEqual(PlayerShortcuts.accelerators(for: "player.statistics"), ["i"])
        let item = try XCTUnwrap(player.overflowMenu.statisticsItem)
        XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(item)).map { String(cString: $0) },
                       "player.statistics")
        loadVideo(into: player, id: UITestSupport.audioVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.statistics", nil), 1)
        XCTAssertTrue(player.statisticsOverlay.isShown)
        XCTAssertTrue(MainLoop.run(until: { player.statisticsOverlay.value(of: "Codecs")?.contains("AAC") == true },
                                   timeout: 5), player.statisticsOverlay.value(of: "Codecs") ?? "")
        XCTAssertEqual(player.statisticsOverlay.value(of: "Delivery"), "HLS")
        XCTAssertEqual(player.statisticsOverlay.value(of: "Rendition"), "120 kb/s", "audio only: no picture size")
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertTrue(player.statisticsOverlay.isCompact, "one column: “label: value” rows")
        let overlayWidth = gtk_widget_get_width(player.statisticsOverlay.root)
        XCTAssertLessThanOrEqual(overlayWidth, gtk_widget_get_width(player.widget), "it fits the narrow window")
        player.overflowMenu.open()
        XCTAssertTrue(MainLoop.run(until: { player.overflowMenu.isOpen }, timeout: 5))
        gtk_widget_activate(item)
        XCTAssertTrue(MainLoop.run(until: { !player.statisticsOverlay.isShown }, timeout: 5), "the item hides it")
        XCTAssertTrue(MainLoop.run(until: { !player.overflowMenu.isOpen }, timeout: 5), "and closes the menu")
    }

    /// Types into this scenario's window, found by a title of its own: a window another test of this process
    /// left open would otherwise take the key.
    private func pressInThisWindow(_ keys: String, until condition: @MainActor () -> Bool) throws {
        let title = "Cove statistics test \(getpid())"
        gtk_window_set_title(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), title)
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let found = try XDoTool.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^" + title + "$"])
            .split(separator: "\n").first
        let window = try XCTUnwrap(found, "the test's window is on the display")
        _ = try XDoTool.run("/usr/bin/xdotool", ["windowfocus", String(window)])
        _ = MainLoop.run(until: { false }, timeout: 0.1)
        _ = try XDoTool.run("/usr/bin/xdotool", ["key", keys])
        _ = MainLoop.run(until: condition, timeout: 5)
    }

    private func actionState(_ player: PlayerView, _ name: String) -> Bool? {
        guard let state = g_action_group_get_action_state(player.actions.group, String(name.dropFirst("player.".count)))
        else { return nil }
        defer { g_variant_unref(state) }
        return g_variant_get_boolean(state) != 0
    }

    private func clipboardText(_ player: PlayerView) -> String? {
        guard let text = cove_test_clipboard_text(player.widget) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
