import CGLibShim
import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveGLib
import CoveMedia
import XCTest

/// The keyboard: real keys typed into the test's window reach the player's actions (PlayerViewTests runs these).
extension PlayerViewScenario {
    func keyboardShortcuts() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.multiLanguageVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertTrue(MainLoop.run(until: { !player.audioSubtitles.nextCaptionChoiceIsOff }, timeout: 5))
        guard case .track(let first) = player.audioSubtitles.nextCaptionChoice else { return XCTFail("no captions") }
        // Real key presses through the X server: GTK's shortcut controller, the player.* actions, the controller.
        try press("c", until: { self.events.contains(.captionTrack(first)) })
        XCTAssertTrue(self.events.contains(.captionTrack(first)), "c turns the first captions on at once: \(first)")
        // Each key says what it did, for a moment, as an alert a screen reader speaks.
        XCTAssertTrue(player.keyFeedback.isShown)
        XCTAssertEqual(player.keyFeedback.text, "Captions: " + TrackTitle.of(first))
        let prefix = try XCTUnwrap(UITestSupport.cuePrefixes[first.language ?? ""], "\(first)")
        XCTAssertTrue(MainLoop.run(until: { player.captionText.hasPrefix(prefix + " ") }, timeout: 10),
                      "the overlay shows the track's words: '\(player.captionText)'")
        try press("space", until: { self.events.contains(.lifecycle(.pause)) })
        XCTAssertTrue(self.events.contains(.lifecycle(.pause)), "space pauses")

        try press("Down", until: { abs(player.controlBar.volume - 0.9) < 0.001 })
        XCTAssertEqual(player.controlBar.volume, 0.9, accuracy: 0.001)
        XCTAssertEqual(player.keyFeedback.text, "Volume 90 %")
        let engine = try XCTUnwrap(player.controller.currentSession?.engine as? GStreamerEngine)
        XCTAssertEqual(try XCTUnwrap(engine.linearVolume), 0.729, accuracy: 0.001, "cubic level to linear factor")
        try press("m", until: { player.controlBar.volume == 0 })
        XCTAssertEqual(player.controlBar.volume, 0)
        XCTAssertEqual(player.keyFeedback.text, "Muted")
        XCTAssertEqual(try XCTUnwrap(engine.linearVolume), 0, "muted")
        try press("m", until: { player.controlBar.volume > 0 })
        XCTAssertEqual(player.controlBar.volume, 0.9, accuracy: 0.001, "unmute restores the level")

        try press("bracketright", until: { player.controller.playbackRate == 1.25 })
        XCTAssertEqual(player.controller.playbackRate, 1.25)
        XCTAssertEqual(player.keyFeedback.text, "Speed: 1.25×")
        // Jumps add up while the notice shows; the jump back button, clicked, says nothing (the slider shows it).
        try press("Right", until: { player.keyFeedback.text == "+10 s" })
        try press("Right", until: { player.keyFeedback.text == "+20 s" })
        XCTAssertTrue(MainLoop.run(until: { !player.keyFeedback.isShown }, timeout: 3), "it leaves by itself")
        gtk_widget_activate(player.controlBar.jumpBackButton)
        XCTAssertTrue(MainLoop.run(until: { false }, timeout: 0.3) || !player.keyFeedback.isShown)
        XCTAssertFalse(player.keyFeedback.isShown, "no notice for a button")
        try press("bracketleft", until: { player.controller.playbackRate == 1 })
        try press("bracketleft", until: { player.controller.playbackRate == 0.75 })
        XCTAssertEqual(player.controller.playbackRate, 0.75)

        // The same commands are actions a menu, the desktop or the application can name.
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.play-pause", nil), 1)
        XCTAssertTrue(MainLoop.run(until: { self.events.filter { $0 == .lifecycle(.play) }.count == 2 }, timeout: 5),
                      "player.play-pause plays again")
        // Xvfb has no window manager to grant fullscreen; Picture in Picture is the window command seen here.
        try press("p", until: { player.isPictureInPictureActive })
        XCTAssertTrue(player.isPictureInPictureActive, "p opens Picture in Picture")
        gtk_widget_activate(player.controlBar.pictureInPictureButton)
        XCTAssertTrue(MainLoop.run(until: { !player.isPictureInPictureActive }, timeout: 5),
                      "its button, naming the same action, closes it")

        // A focused control keeps its own keys: Space on the captions button opens its menu, not play/pause.
        let playback: [PlaybackEvent] = [.lifecycle(.play), .lifecycle(.pause), .lifecycle(.playRequest),
                                         .lifecycle(.pauseRequest)]
        let requests = events.filter { playback.contains($0) }.count
        XCTAssertEqual(gtk_widget_grab_focus(player.controlBar.closedCaptionButton), 1)
        try press("space", until: { player.audioSubtitles.isOpen })
        XCTAssertTrue(player.audioSubtitles.isOpen, "Space activated the focused button")
        XCTAssertEqual(events.filter { playback.contains($0) }.count, requests, "and did not play or pause")
        gtk_popover_popdown(cast(player.audioSubtitles.popover))
        XCTAssertEqual(gtk_widget_grab_focus(player.widget), 1)

        try press("i", until: { player.statisticsOverlay.isShown })
        XCTAssertTrue(player.statisticsOverlay.isShown, "i shows the statistics")
        try press("i", until: { !player.statisticsOverlay.isShown })
        XCTAssertFalse(player.statisticsOverlay.isShown, "and hides them")

        // Ctrl+? is the application's (app.shortcuts, also on the start page): the accessible name walk presses it
        // in the real cove, and CoveShellTests opens the window from the primary menu.
    }

    /// Every player.* key of the table is bound to an action the player has, and the buttons name theirs.
    func everyShortcutIsAPlayerAction() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let group = player.actions.group
        let bound = PlayerShortcuts.rows.flatMap(\.bindings).filter { $0.action.hasPrefix("player.") }
        XCTAssertGreaterThanOrEqual(bound.count, 15)
        for binding in bound {
            let name = String(binding.action.dropFirst("player.".count))
            XCTAssertEqual(g_action_group_has_action(group, name), 1, "\(binding.accelerator) → \(binding.action)")
        }
        for (button, action) in [(player.controlBar.playButton, "player.play-pause"),
                                 (player.controlBar.jumpBackButton, "player.jump-back"),
                                 (player.controlBar.screenModeButton, "player.fullscreen"),
                                 (player.controlBar.pictureInPictureButton, "player.picture-in-picture")] {
            XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(button)).map { String(cString: $0) }, action)
        }
        XCTAssertEqual(PlayerShortcuts.accelerators(for: "app.quit"), ["<Control>q"])
        XCTAssertEqual(PlayerShortcuts.applicationActions, ["win.open-file", "win.open-url", "app.shortcuts", "app.preferences",
                                                            "window.close", "app.quit"],
                       "the start page's window actions and the application's, bound by the application")
    }

    /// Types `keys` into the test's window as a keyboard would, then runs the main loop until `condition` holds.
    func press(_ keys: String, until condition: @MainActor () -> Bool) throws {
        try XDoTool.type(keys, intoWindowOf: getpid())
        _ = MainLoop.run(until: condition, timeout: 5)
    }
}
