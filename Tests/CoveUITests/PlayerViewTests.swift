import CGtk
import CGtkShim
@testable import CoveUI
import CoveApp
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import CoveService
import XCTest

/// The whole stack in one process under Xvfb: emulator → PlaybackService → controller → GStreamer → PlayerView.
/// XCTest on Linux cannot call main-actor test methods, so each test hops onto the main actor (it runs on the main
/// thread already) and runs a scenario there.
final class PlayerViewTests: XCTestCase {
    func testPlaysVideoFramesIntoTheWindowWithTheControlBar() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.playsVideoFramesIntoTheWindowWithTheControlBar() } }
    }

    func testControlBarButtonsDrivePlayback() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.controlBarButtonsDrivePlayback() } }
    }

    func testControlsFadeWhilePlayingAndReturnOnActivity() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.controlsFadeWhilePlayingAndReturnOnActivity() } }
    }

    func testPlaybackAPIErrorIsShownOverTheVideo() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.playbackAPIErrorIsShownOverTheVideo() } }
    }

    func testSliderHoverShowsThumbnailsAndCuePointNames() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.sliderHoverShowsThumbnailsAndCuePointNames() } }
    }

    func testAudioOnlyStreamGetsTheAudioLayoutAndThePoster() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.audioOnlyStreamGetsTheAudioLayoutAndThePoster() } }
    }

    func testAudioAndSubtitlesMenuListsAndSelectsTracks() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.audioAndSubtitlesMenuListsAndSelectsTracks() } }
    }

    func testControlsStayWhileKeyboardFocusIsOnThem() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.controlsStayWhileKeyboardFocusIsOnThem() } }
    }

    func testKeyboardShortcuts() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.keyboardShortcuts() } }
    }

    func testEveryShortcutIsAPlayerAction() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.everyShortcutIsAPlayerAction() } }
    }

    func testPreferredBitrateMenu() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.preferredBitrateMenu() } }
    }

    func testBumperModeHidesJumpBackAndRefusesSeeking() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.bumperModeHidesJumpBackAndRefusesSeeking() } }
    }

    func testAppNamesButtonsAndTheShutterOpensOnTheFirstFrame() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.appNamesButtonsAndShutter() } }
    }

    func testEverySuppliedLayoutAtWideAndNarrowWidthsBothDirections() throws {
        try MainActor.assumeIsolated {
            for layout in SuppliedLayout.allCases {
                for (width, height, label) in [(Int32(1280), Int32(720), "wide"), (Int32(360), Int32(240), "narrow")] {
                    for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
                        let name = "\(layout.rawValue)-\(label)-\(direction == GTK_TEXT_DIR_RTL ? "rtl" : "ltr")"
                        try PlayerViewScenario.run { try $0.layoutRenders(layout, width: width, height: height,
                                                               direction: direction, name: name) }
                    }
                }
            }
        }
    }
}

@MainActor
final class PlayerViewScenario {
    /// Keeps the scenario alive for the whole test: its observers hold it weakly.
    static func run(_ body: (PlayerViewScenario) throws -> Void) throws {
        let scenario = PlayerViewScenario()
        try withExtendedLifetime(scenario) { try body(scenario) }
    }

    var window: UnsafeMutablePointer<GtkWidget>!
    var emulator: PlaybackAPIEmulator!
    var events: [PlaybackEvent] = []

    func makePlayer(options: PlayerViewOptions = PlayerViewOptions(), width: Int32 = 960,
                            height: Int32 = 540) throws -> PlayerView {
        try UITestSupport.initGTK()
        emulator = try UITestSupport.startEmulator()
        let controller = PlaybackController(captionCueLoader: CaptionLoader().cueLoader, scheduler: MainLoopScheduler()) {
            GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
        }
        controller.autoPlay = true
        controller.addObserver { [weak self] in self?.events.append($0) }
        let player = PlayerView(controller: controller, options: options, assets: .network)
        window = gtk_window_new()
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        // 960x540 keeps Xvfb's initial pointer (the screen's centre) over the video, not the control bar.
        gtk_window_set_default_size(gtkWindow, width, height)
        gtk_window_set_child(gtkWindow, player.widget)
        player.attach(to: window)
        gtk_window_present(gtkWindow)
        return player
    }

    /// Every test defers this: the window and the emulator go before the next test builds its own.
    func finish(_ player: PlayerView?) {
        player?.controller.stop()
        if let window { gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) }
        window = nil
        GStreamerRuntime.waitForReleasedPipelines(timeout: 10)
        emulator?.stop()
        _ = MainLoop.run(until: { false }, timeout: 0.2)
    }

    func fetchVideo(_ id: String) -> Video? {
        var configuration = PlaybackServiceConfiguration(accountID: UITestSupport.accountID,
                                                         policyKey: UITestSupport.policyKey)
        configuration.baseURL = emulator.baseURL
        let service = PlaybackService(configuration: configuration)
        var loaded: Video?
        Task { @MainActor in loaded = try? await service.findVideo(id: id) }
        XCTAssertTrue(MainLoop.run(until: { loaded != nil }, timeout: 10), "the emulator answered")
        return loaded
    }

    func loadVideo(into player: PlayerView, id: String = UITestSupport.videoID) {
        var configuration = PlaybackServiceConfiguration(accountID: UITestSupport.accountID,
                                                         policyKey: UITestSupport.policyKey)
        configuration.baseURL = emulator.baseURL
        let service = PlaybackService(configuration: configuration)
        var loaded: Video?
        Task { @MainActor in loaded = try? await service.findVideo(id: id) }
        XCTAssertTrue(MainLoop.run(until: { loaded != nil }, timeout: 10), "the emulator answered")
        if let loaded { player.controller.setVideos([loaded]) }
    }

    func playsVideoFramesIntoTheWindowWithTheControlBar() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 10 }, timeout: 20), "frames reached the picture")
        XCTAssertTrue(events.contains(.lifecycle(.ready)))
        XCTAssertTrue(events.contains(.lifecycle(.play)))
        XCTAssertEqual(player.surface.frameSize?.width, 640)

        // The video area shows the encoded test pattern, not black.
        guard let shot = UITestSupport.renderPixels(player.widget) else { return XCTFail("render failed") }
        let midRow = shot.height / 3
        let colourful = (0..<shot.width).filter { x in
            let pixel = shot.pixels[midRow * shot.width + x]
            let (r, g, b) = ((pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff)
            return max(r, g, b) > 60
        }
        XCTAssertGreaterThan(colourful.count, shot.width / 2, "video pixels are visible")

        // The control bar is at the bottom and shows the duration.
        var y: Double = 0
        var x: Double = 0
        XCTAssertEqual(gtk_widget_translate_coordinates(player.controlBar.root, player.widget, 0, 0, &x, &y), 1)
        XCTAssertGreaterThan(y, Double(shot.height) / 2)
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(player.controlBar.durationLabel))), "0:04")
    }

    func controlBarButtonsDrivePlayback() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))

        gtk_widget_activate(player.controlBar.playButton)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        XCTAssertEqual(player.controller.currentSession?.isPlaying, false)

        // Seek by the slider's change-value (what a drag emits), then jump back 10 s clamps at 0.
        var handled: gboolean = 0
        g_signal_emit_by_name_double(player.controlBar.slider, value: 3.0, handled: &handled)
        XCTAssertTrue(MainLoop.run(until: { (player.controller.currentSession?.position ?? 0) >= 2.5 }, timeout: 5))
        // A button's activation emits "clicked" after a short press animation.
        gtk_widget_activate(player.controlBar.jumpBackButton)
        XCTAssertTrue(MainLoop.run(until: { (player.controller.currentSession?.position ?? -1) < 0.01 }, timeout: 5),
                      "jump back 10 s from 3 s lands on 0")

        gtk_widget_activate(player.controlBar.playButton)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.end)) }, timeout: 15), "plays to the end")
    }

    /// A player whose controls fade after half a second, playing, its controls already faded out.
    private func playingWithFadedControls() throws -> PlayerView {
        var options = PlayerViewOptions()
        options.hideControlsInterval = 0.5
        let player = try makePlayer(options: options)
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertTrue(MainLoop.run(until: { !player.controlsVisible }, timeout: 3), "controls faded out")
        return player
    }

    func controlsFadeWhilePlayingAndReturnOnActivity() throws {
        let player = try playingWithFadedControls()
        defer { finish(player) }
        XCTAssertEqual(gtk_widget_has_css_class(player.controlBar.root, "cove-hidden"), 1)
        try press("Left", until: { player.controlsVisible })
        XCTAssertTrue(player.controlsVisible, "a key brings the controls back")
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5), "\(self.events.filter { if case .progress = $0 { false } else { true } })")
        _ = MainLoop.run(until: { false }, timeout: 1)
        XCTAssertTrue(player.controlsVisible, "paused: controls stay")
    }

    func controlsStayWhileKeyboardFocusIsOnThem() throws {
        let player = try playingWithFadedControls()
        defer { finish(player) }
        XCTAssertEqual(gtk_widget_grab_focus(player.controlBar.jumpBackButton), 1)
        XCTAssertTrue(MainLoop.run(until: { player.controlsVisible }, timeout: 2), "focus brings the bar back")
        _ = MainLoop.run(until: { false }, timeout: 1.5)
        XCTAssertTrue(player.controlsVisible, "and keeps it while the focus is there")
        XCTAssertEqual(gtk_widget_grab_focus(player.widget), 1)
        XCTAssertTrue(MainLoop.run(until: { !player.controlsVisible }, timeout: 3), "focus gone: it fades again")
    }

    /// Each control sits where the layout engine put it, the controls it left out are not shown, nothing overlaps
    /// or leaves the window, and in RTL the arrangement is mirrored. With COVE_SCREENSHOT_DIR set, the rendered
    /// window is saved there as NAME.png for a person to look at.
    func layoutRenders(_ supplied: SuppliedLayout, width: Int32, height: Int32, direction: GtkTextDirection,
                       name: String) throws {
        try UITestSupport.initGTK()
        let previous = gtk_widget_get_default_direction()
        gtk_widget_set_default_direction(direction)
        defer { gtk_widget_set_default_direction(previous) }
        var options = PlayerViewOptions()
        options.forcedLayout = supplied
        options.keepControlsVisible = true
        let player = try makePlayer(options: options, width: width, height: height)
        defer { finish(player) }
        var reported: [(String, Bool)] = []
        player.onLayoutChange = { reported.append(($0, $1)) }
        // From the file, not over HTTP: 24 players made and dropped in a row over HTTP crashed GStreamer 1.22's
        // urisourcebin on its way to NULL now and then, and the layouts do not depend on where the media is.
        let clip = try XCTUnwrap(GStreamerRuntime.fileURI(forPath: UITestSupport.mediaRoot() + "/clip.mp4")
            .flatMap(URL.init(string:)))
        player.controller.setVideos([Video.video(withURL: clip)])
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 3 }, timeout: 20), name)
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5), name)
        _ = MainLoop.run(until: { false }, timeout: 0.3)

        let bar = player.controlBar
        let barWidth = Double(gtk_widget_get_width(bar.root))
        let layout = bar.layout
        let expected = bar.elastic.frames(forWidth: barWidth)
        XCTAssertEqual(player.layoutName, supplied.rawValue, name)
        XCTAssertEqual(expected.compact, width < 450, name)
        XCTAssertEqual(reported.last?.0, supplied.rawValue, name)
        XCTAssertEqual(reported.last?.1, expected.compact, name)
        var placed: [(x: Double, y: Double, width: Double)] = []
        for view in layout.allLayoutItems where view.tag != .empty {
            guard let control = bar.widget(for: view.tag) else { XCTFail("\(name): no widget for \(view)"); continue }
            guard let frame = expected[view], frame.width > 0 else {
                XCTAssertEqual(gtk_widget_get_child_visible(control), 0, "\(name): \(view) is not shown")
                continue
            }
            XCTAssertEqual(gtk_widget_get_child_visible(control), 1, "\(name): \(view) is shown")
            // The control (its CSS margins aside) lies inside the frame the engine gave it.
            var x = 0.0, y = 0.0
            XCTAssertEqual(gtk_widget_translate_coordinates(control, bar.root, 0, 0, &x, &y), 1, name)
            let controlWidth = Double(gtk_widget_get_width(control))
            let controlHeight = Double(gtk_widget_get_height(control))
            XCTAssertGreaterThan(controlWidth, 0, "\(name): \(view)")
            XCTAssertGreaterThanOrEqual(x, frame.x - 0.5, "\(name): \(view) starts in its frame")
            XCTAssertLessThanOrEqual(x + controlWidth, frame.maxX + 0.5, "\(name): \(view) ends in its frame")
            XCTAssertGreaterThanOrEqual(controlWidth, frame.width - 24, "\(name): \(view) fills its frame")
            XCTAssertGreaterThanOrEqual(y, frame.y - 0.5, "\(name): \(view) in its row")
            XCTAssertLessThanOrEqual(y + controlHeight, frame.y + frame.height + 0.5, "\(name): \(view) in its row")
            XCTAssertGreaterThanOrEqual(x, 0, name)
            XCTAssertLessThanOrEqual(x + controlWidth, barWidth + 0.5, name)
            placed.append((x, frame.y, controlWidth))
        }
        for (index, first) in placed.enumerated() {
            for second in placed[(index + 1)...] where first.y == second.y {
                XCTAssertTrue(first.x + first.width <= second.x + 0.5 || second.x + second.width <= first.x + 0.5,
                              "\(name): controls overlap")
            }
        }
        // The controls every layout has are always on screen: play/pause, and (video layouts) fullscreen.
        XCTAssertEqual(gtk_widget_get_child_visible(bar.playButton), 1, name)
        XCTAssertEqual(gtk_widget_get_child_visible(bar.screenModeButton), supplied.isAudioOnly ? 0 : 1, name)

        if let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"],
           let texture = cove_widget_render_texture(player.widget) {
            gdk_texture_save_to_png(texture, directory + "/\(name).png")
            g_object_unref(UnsafeMutableRawPointer(texture))
        }
    }

    func sliderHoverShowsThumbnailsAndCuePointNames() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.thumbnails.hasTrack && player.controller.currentSession?.duration != nil },
                                   timeout: 20), "the thumbnails track loaded")
        player.controller.pause()
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let slider = player.controlBar.slider
        let width = Double(gtk_widget_get_width(slider))
        // Three quarters along a 4 s clip: the cue of 3–4 s, thumb-04.jpg, 160x90.
        player.thumbnails.hover(at: 7 + (width - 14) * 0.8)
        XCTAssertTrue(player.thumbnails.isShowing)
        XCTAssertTrue(MainLoop.run(until: { player.thumbnails.shownImageSize != nil }, timeout: 10), "the image arrived")
        XCTAssertEqual(player.thumbnails.shownImageSize?.width, 160)
        XCTAssertEqual(player.thumbnails.shownImageSize?.height, 90)
        XCTAssertEqual(player.thumbnails.label, "0:03")
        // Over the cue point at 2 s its name shows beside the time.
        player.thumbnails.hover(at: 7 + (width - 14) * 0.5)
        XCTAssertEqual(player.thumbnails.label, "0:02 · Chapter two")
        player.thumbnails.hide()
        XCTAssertFalse(player.thumbnails.isShowing)
    }

    func audioOnlyStreamGetsTheAudioLayoutAndThePoster() throws {
        let player = try makePlayer()
        defer { finish(player) }
        var layouts: [String] = []
        player.onLayoutChange = { name, _ in layouts.append(name) }
        loadVideo(into: player, id: UITestSupport.audioVideoID)
        XCTAssertTrue(MainLoop.run(until: { player.layoutName == "aod" }, timeout: 20), "\(layouts)")
        XCTAssertTrue(events.contains(.mediaType(.audio)))
        XCTAssertTrue(MainLoop.run(until: { player.poster.isShowing }, timeout: 10), "the poster is shown")
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_child_visible(player.controlBar.screenModeButton) == 0 },
                                   timeout: 5), "no fullscreen for audio once the bar is laid out again")
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 10))
        _ = MainLoop.run(until: { false }, timeout: 1)
        XCTAssertTrue(player.controlsVisible, "audio keeps its controls visible")
        XCTAssertEqual(layouts.last, "aod")
    }

    func audioAndSubtitlesMenuListsAndSelectsTracks() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let button = player.controlBar.closedCaptionButton
        loadVideo(into: player, id: UITestSupport.multiLanguageVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_child_visible(button) != 0 }, timeout: 5),
                      "the CC button appears for a stream with captions and two audio languages")
        gtk_widget_activate(button)
        XCTAssertTrue(MainLoop.run(until: { player.audioSubtitles.isOpen }, timeout: 5))
        let menu = player.audioSubtitles
        let audio = menu.items.filter { $0.section == tr("AUDIO") }.map(\.title)
        let subtitles = menu.items.filter { $0.section == tr("SUBTITLES") }.map(\.title)
        XCTAssertEqual(audio.count, 2, "\(audio)")
        XCTAssertTrue(audio.contains { $0.contains("Deutsch") }, "\(audio)")
        XCTAssertEqual(Array(subtitles.prefix(2)), [tr("Off"), tr("Auto (Recommended)")])
        XCTAssertEqual(subtitles.count, 5, "\(subtitles)")
        XCTAssertTrue(player.controlsVisible, "controls stay while the menu is open")
        let checkedOff = menu.items.first { $0.title == tr("Off") }.map { gtk_check_button_get_active(cast($0.button)) }
        XCTAssertEqual(checkedOff, 1, "no caption is on at first")

        // Choosing French captions selects the track, closes the menu and checks it next time.
        let french = try XCTUnwrap(menu.items.first { $0.title.contains("Français") })
        gtk_check_button_set_active(cast(french.button), 1)
        XCTAssertTrue(MainLoop.run(until: {
            self.events.contains { if case .captionTrack(let track?) = $0 { track.language == "fr" } else { false } }
        }, timeout: 10), "the controller switched captions")
        XCTAssertFalse(menu.isOpen)
        XCTAssertTrue(MainLoop.run(until: { player.captionText.hasPrefix("Bonjour ") }, timeout: 10),
                      "the overlay shows the French words: '\(player.captionText)'")
        let german = try XCTUnwrap(menu.items.first { $0.title.contains("Deutsch") })
        gtk_check_button_set_active(cast(german.button), 1)
        XCTAssertTrue(MainLoop.run(until: {
            self.events.contains { if case .audioTrack(let track) = $0 { track.language == "de" } else { false } }
        }, timeout: 10), "the controller switched audio")
        let frenchChecked = menu.items.first { $0.title.contains("Français") }
            .map { gtk_check_button_get_active(cast($0.button)) }
        XCTAssertEqual(frenchChecked, 1)
    }

    func preferredBitrateMenu() throws {
        var options = PlayerViewOptions()
        options.preferredBitrateConfig = PreferredBitrateConfig(
            menuTitle: "Quality", options: [("Data saver", 300_000), ("Best", 5_000_000)], initialSelectionIndex: 1)
        let player = try makePlayer(options: options)
        defer { finish(player) }
        XCTAssertEqual(player.controller.preferredPeakBitRate, 5_000_000, "the initial choice applies at once")
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertEqual(gtk_widget_get_child_visible(player.controlBar.preferredBitrateButton), 1, "configured: shown")
        let menu = try XCTUnwrap(player.bitrateMenu)
        XCTAssertEqual(menu.choices.map(\.label), ["Data saver", "Best", tr("Automatic")])
        gtk_widget_activate(player.controlBar.preferredBitrateButton)
        XCTAssertTrue(MainLoop.run(until: { menu.isOpen }, timeout: 5))
        gtk_check_button_set_active(cast(menu.buttons[0]), 1)
        XCTAssertEqual(player.controller.preferredPeakBitRate, 300_000)
        XCTAssertTrue(MainLoop.run(until: { !menu.isOpen }, timeout: 5), "choosing closes the menu")
        gtk_check_button_set_active(cast(menu.buttons[2]), 1)
        XCTAssertEqual(player.controller.preferredPeakBitRate, 0, "Automatic lifts the cap")
    }

    func bumperModeHidesJumpBackAndRefusesSeeking() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let bumper = try XCTUnwrap(fetchVideo(UITestSupport.videoID))
        let content = try XCTUnwrap(fetchVideo(UITestSupport.multiLanguageVideoID))
        player.controller.setVideos([content], bumper: bumper)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.bumperEnter)) }, timeout: 20))
        // The bumper reports its own progress (no Play: that is the content's).
        XCTAssertTrue(MainLoop.run(until: {
            self.events.contains { if case .bumperProgress(let time) = $0 { time > 0.4 } else { false } }
        }, timeout: 20))
        let bar = player.controlBar
        XCTAssertTrue(bar.bumperModeActive)
        XCTAssertEqual(gtk_widget_has_css_class(bar.root, "cove-bumper"), 1)
        XCTAssertEqual(gtk_widget_get_child_visible(bar.jumpBackButton), 0, "no jump back during the bumper")
        var handled: gboolean = 0
        g_signal_emit_by_name_double(bar.slider, value: 3.5, handled: &handled)
        XCTAssertEqual(handled, 1, "the slider refuses to seek in the bumper")
        XCTAssertNil(bar.bufferedLevel, "no buffered region in bumper mode")
        XCTAssertEqual(gtk_widget_get_sensitive(bar.slider), 1, "the purple slider shows the bumper's progress")
        XCTAssertGreaterThan(gtk_range_get_value(cast(bar.slider)), 0)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.bumperExit)) }, timeout: 20))
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertFalse(bar.bumperModeActive)
        XCTAssertEqual(gtk_widget_get_child_visible(bar.jumpBackButton), 1, "jump back returns for the content")
    }

    func appNamesButtonsAndShutter() throws {
        var options = PlayerViewOptions()
        options.accessibilityLabelForButton = { tag, primary in
            tag == .playback ? (primary ? "Start the film" : "Hold the film") : nil
        }
        let player = try makePlayer(options: options)
        defer { finish(player) }
        let bar = player.controlBar
        XCTAssertEqual(gtk_widget_get_tooltip_text(bar.playButton).map { String(cString: $0) }, "Start the film")
        XCTAssertEqual(gtk_widget_get_tooltip_text(bar.jumpBackButton).map { String(cString: $0) }, tr("Jump Back"),
                       "nil keeps Cove's name")
        loadVideo(into: player)
        XCTAssertTrue(player.isShutterClosed, "the shutter closes for a new video")
        XCTAssertEqual(gtk_widget_has_css_class(player.surface.root, "cove-shutter"), 1)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertTrue(MainLoop.run(until: { player.framesShown > 0 }, timeout: 5))
        XCTAssertFalse(player.isShutterClosed, "the first frame opens it")
        XCTAssertEqual(gtk_widget_has_css_class(player.surface.root, "cove-shutter"), 0)
        XCTAssertEqual(gtk_widget_get_tooltip_text(bar.playButton).map { String(cString: $0) }, "Hold the film")
    }

    func playbackAPIErrorIsShownOverTheVideo() throws {
        let player = try makePlayer()
        defer { finish(player) }
        var configuration = PlaybackServiceConfiguration(accountID: UITestSupport.accountID,
                                                         policyKey: UITestSupport.policyKey)
        configuration.baseURL = emulator.baseURL
        let service = PlaybackService(configuration: configuration)
        var failure: PlaybackServiceError?
        Task { @MainActor in
            do throws(PlaybackServiceError) {
                _ = try await service.findVideo(id: "no-such-video")
            } catch { failure = error }
        }
        XCTAssertTrue(MainLoop.run(until: { failure != nil }, timeout: 10))
        player.controller.reportError(code: failure!.code, message: failure!.userMessage)
        XCTAssertTrue(player.status.isShowingMessage)
        XCTAssertEqual(player.status.messageText, failure!.userMessage)
        XCTAssertEqual(player.status.sessionText, tr("Session ID: %@").filling(PlayerSessionID.current),
                       "the run's session ID under the message, for the viewer's report")
        XCTAssertTrue(events.contains(.error(code: "VIDEO_NOT_FOUND", message: failure!.userMessage)))
    }
}

/// GtkRange's change-value is what a drag emits; g_signal_emit_by_name is variadic, so go through GValues.
@MainActor
func g_signal_emit_by_name_double(_ widget: UnsafeMutablePointer<GtkWidget>, value: Double,
                                          handled: inout gboolean) {
    let signalID = g_signal_lookup("change-value", gtk_range_get_type())
    var parameters = [GValue](repeating: GValue(), count: 3)
    g_value_init(&parameters[0], gtk_range_get_type())
    g_value_set_object(&parameters[0], UnsafeMutableRawPointer(widget))
    g_value_init(&parameters[1], gtk_scroll_type_get_type())
    g_value_set_enum(&parameters[1], gint(GTK_SCROLL_JUMP.rawValue))
    g_value_init(&parameters[2], GType(15 << 2))  // G_TYPE_DOUBLE
    g_value_set_double(&parameters[2], value)
    var result = GValue()
    g_value_init(&result, GType(5 << 2))  // G_TYPE_BOOLEAN
    g_signal_emitv(&parameters, signalID, 0, &result)
    handled = g_value_get_boolean(&result)
    for index in parameters.indices { g_value_unset(&parameters[index]) }
    g_value_unset(&result)
}
