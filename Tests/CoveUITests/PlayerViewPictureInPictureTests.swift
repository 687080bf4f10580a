import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveGLib
import CX11Probe
import XCTest

extension PlayerViewTests {
    func testPictureInPictureButtonOnlyWithTheOption() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.pictureInPictureButtonOnlyWithTheOption() } }
    }

    func testPictureInPictureMovesTheVideoToItsWindowAndBack() throws {
        try MainActor.assumeIsolated {
            try PlayerViewScenario.run { try $0.pictureInPictureMovesTheVideoToItsWindowAndBack() }
        }
    }
}

extension PlayerViewScenario {
    func pictureInPictureButtonOnlyWithTheOption() throws {
        for shown in [false, true] {
            var options = PlayerViewOptions()
            options.showPictureInPictureButton = shown
            let player = try makePlayer(options: options)
            defer { finish(player) }
            let button = player.controlBar.pictureInPictureButton
            XCTAssertTrue(MainLoop.run(until: { player.isCompact != nil }, timeout: 5), "the bar was laid out")
            XCTAssertEqual(gtk_widget_get_child_visible(button), shown ? 1 : 0, "option \(shown)")
            XCTAssertEqual(gtk_widget_get_tooltip_text(button).map { String(cString: $0) }, tr("Picture in Picture"))
        }
    }

    func pictureInPictureMovesTheVideoToItsWindowAndBack() throws {
        var options = PlayerViewOptions()
        options.showPictureInPictureButton = true
        let player = try makePlayer(options: options)
        defer { finish(player) }
        let toplevels = gtk_window_get_toplevels()
        let windowsBefore = g_list_model_get_n_items(toplevels)
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 3 }, timeout: 20), "frames in the player")

        // Listening on the root window like a window manager (Xvfb runs none) for the keep-above request.
        let rootWatch = cove_root_watch_open()
        defer { cove_root_watch_close(rootWatch) }
        gtk_widget_activate(player.controlBar.pictureInPictureButton)
        XCTAssertTrue(MainLoop.run(until: { player.isPictureInPictureActive }, timeout: 5), "the button opened it")
        let pip = player.pictureInPicture
        let pipWindow = try XCTUnwrap(pip.window)
        XCTAssertEqual(g_list_model_get_n_items(toplevels), windowsBefore + 1, "a second toplevel")
        XCTAssertEqual(String(cString: gtk_window_get_title(cast(pipWindow))), tr("Picture in Picture"))
        XCTAssertEqual(gtk_widget_get_visible(pip.placeholder), 1, "the player shows the placeholder")
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(pip.placeholder))), tr("Playing in Picture in Picture"))
        let mainFrames = player.framesShown
        XCTAssertTrue(MainLoop.run(until: { pip.framesShown >= 5 }, timeout: 10), "frames reach the window")
        XCTAssertEqual(player.framesShown, mainFrames, "and not the player")
        XCTAssertNil(gtk_picture_get_paintable(cast(player.surface.root)), "the player's picture is empty")
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(pipWindow) != 0 }, timeout: 5))
        XCTAssertTrue(pip.requestedKeepAbove, "asked the window manager to keep it above (X11)")
        XCTAssertNotNil(rootWatch, "the UI tests run on X11")
        XCTAssertEqual(cove_root_watch_saw_keep_above(rootWatch, cast(pipWindow), 3000), 1,
                       "the root window received _NET_WM_STATE add _NET_WM_STATE_ABOVE for the window")
        XCTAssertEqual(gtk_widget_has_css_class(player.controlBar.pictureInPictureButton, "cove-active"), 1)
        XCTAssertEqual(Int(gtk_widget_get_width(pipWindow)), Int(PictureInPicture.defaultWidth), accuracy: 40)

        // The window's own close (its title bar button, Alt+F4) returns the video.
        gtk_window_close(cast(pipWindow))
        XCTAssertTrue(MainLoop.run(until: { !player.isPictureInPictureActive }, timeout: 5), "closing returns it")
        XCTAssertEqual(g_list_model_get_n_items(toplevels), windowsBefore)
        XCTAssertEqual(gtk_widget_get_visible(pip.placeholder), 0)
        XCTAssertNotNil(gtk_picture_get_paintable(cast(player.surface.root)), "the last frame came back at once")
        let framesBack = player.framesShown
        XCTAssertTrue(MainLoop.run(until: { player.framesShown > framesBack + 3 }, timeout: 10),
                      "frames reach the player again")

        // The button toggles it too, and Esc in the window closes it.
        gtk_widget_activate(player.controlBar.pictureInPictureButton)
        XCTAssertTrue(MainLoop.run(until: { player.isPictureInPictureActive }, timeout: 5))
        player.togglePictureInPicture()
        XCTAssertFalse(player.isPictureInPictureActive)
        player.togglePictureInPicture()
        XCTAssertFalse(pip.handleKey(UInt32(GDK_KEY_space)), "other keys are left alone")
        XCTAssertTrue(pip.handleKey(UInt32(GDK_KEY_Escape)))
        XCTAssertFalse(player.isPictureInPictureActive)
        XCTAssertEqual(gtk_widget_has_css_class(player.controlBar.pictureInPictureButton, "cove-active"), 0)
    }
}
