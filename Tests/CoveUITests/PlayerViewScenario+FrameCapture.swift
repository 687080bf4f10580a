import CGLib
import CGtk
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import XCTest

/// Frame capture with a real player (FrameCaptureTests runs these); pictures go to a folder of the test's own.
extension PlayerViewScenario {
    func pausedCaptureSavesTheVideosOwnSize(width: Int32, height: Int32) throws {
        let player = try makePlayer(width: width, height: height)
        let folder = try captureFolder(for: player)
        defer { finish(player, removing: folder) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 5 }, timeout: 20), "frames reached the picture")
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        // Let the picture settle at the window's size: the screen's frames are scaled to it.
        _ = MainLoop.run(until: { false }, timeout: 0.6)
        if width < 640 {
            XCTAssertLessThan(player.surface.frameSize?.width ?? 640, 640, "the screen's picture is smaller here")
        }
        let base = "Cove – UI test clip – " + TimeFormatting.formatTime(player.controller.state.position)

        let first = try capture(player, expecting: base + ".png", in: folder)
        try assertVideoPicture(atPath: first)
        if width >= 640 {
            // The screen shows the clip at its own size here: the saved frame is the one shown, not one queued
            // behind it (the bars scroll 4 pixels a frame).
            let shown = try XCTUnwrap(player.controller.currentSession?.engine.videoOutput.latestPicture)
            XCTAssertEqual(shown.width, 640)
            XCTAssertLessThan(try differingPixels(atPath: first, shown), 16, "the frame on screen was saved")
        }
        var opened: [String] = []
        player.frameCapture.openPicture = { opened.append($0) }
        let open = try XCTUnwrap(player.notice.button, "the notice offers Open")
        XCTAssertEqual(gtk_widget_get_visible(open), 1, "the notice offers Open")
        gtk_widget_activate(open)
        // A button activated from the keyboard clicks after a short flash.
        XCTAssertTrue(MainLoop.run(until: { !opened.isEmpty }, timeout: 5))
        XCTAssertEqual(opened, [first], "Open opens the saved picture")

        let second = try capture(player, expecting: base + " (2).png", in: folder)
        try assertVideoPicture(atPath: second)
        XCTAssertFalse(events.contains { if case .warning(PlayerView.frameCaptureFailed, _) = $0 { true } else { false } })
    }

    func captureWhilePlaying() throws {
        let player = try makePlayer()
        let folder = try captureFolder(for: player)
        defer { finish(player, removing: folder) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 5 }, timeout: 20), "frames reached the picture")
        XCTAssertEqual(player.controller.state.status, .playing)
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.capture-frame", nil), 1)
        XCTAssertTrue(MainLoop.run(until: { player.notice.text.hasPrefix("Frame saved") }, timeout: 10),
                      player.notice.text)
        XCTAssertEqual(savedFiles(in: folder).count, 1, "one picture, no partial file left")
        let name = try XCTUnwrap(savedFiles(in: folder).first)
        XCTAssertTrue(name.hasPrefix("Cove – UI test clip – 0:0"), name)
        try assertVideoPicture(atPath: folder + "/" + name)
    }

    /// The 360 view saves its projection at its own size: looking right saves the scene's right side.
    func captureOf360View() throws {
        let player = try makePlayer(width: 800, height: 450)
        let folder = try captureFolder(for: player)
        defer { finish(player, removing: folder) }
        let properties: [String: JSONValue] = ["name": "Sphere", "projection": "equirectangular", "id": "sphere"]
        player.controller.setVideos([Video(sources: [Source(url: try Self.sphereClip())], properties: properties)])
        XCTAssertTrue(MainLoop.run(until: { player.video360View?.hasFrame == true }, timeout: 20), "a frame drawn")
        let view = try XCTUnwrap(player.shown360View)
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        var projection = player.controller.viewProjection
        projection.pan = 90
        player.controller.viewProjection = projection
        // The view draws the new direction at its next frame.
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        let base = "Cove – Sphere – " + TimeFormatting.formatTime(player.controller.state.position)
        let path = try capture(player, expecting: base + ".png", in: folder)
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let scale = gtk_widget_get_scale_factor(view.root)
        XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), gtk_widget_get_width(view.root) * scale, "the view's size")
        XCTAssertEqual(gdk_pixbuf_get_height(pixbuf), gtk_widget_get_height(view.root) * scale)
        XCTAssertNotEqual(gdk_pixbuf_get_width(pixbuf), 1024, "not the equirectangular frame")
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = try XCTUnwrap(gdk_pixbuf_read_pixels(pixbuf))
        let centre = pixels + Int(gdk_pixbuf_get_height(pixbuf) / 2) * stride + Int(gdk_pixbuf_get_width(pixbuf) / 2) * channels
        let expected = EquirectangularScene.right
        let seen = [Int(centre[0]), Int(centre[1]), Int(centre[2])]
        let wanted = [Int(expected >> 16 & 0xFF), Int(expected >> 8 & 0xFF), Int(expected & 0xFF)]
        XCTAssertTrue(zip(seen, wanted).allSatisfy { abs($0 - $1) < 48 }, "looking right: \(seen) is not \(wanted)")
    }

    func captureWithNothingLoaded() throws {
        let player = try makePlayer()
        let folder = try captureFolder(for: player)
        defer { finish(player, removing: folder) }
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.capture-frame", nil), 1)
        XCTAssertTrue(events.contains(.warning(code: PlayerView.frameCaptureFailed, message: FrameCapture.noPicture)),
                      "\(events)")
        XCTAssertEqual(player.notice.text, FrameCapture.noPicture)
        XCTAssertNil(player.notice.button, "nothing to open")
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "no folder made, no file written")
    }

    func captureOfAudioOnly() throws {
        let player = try makePlayer()
        let folder = try captureFolder(for: player)
        defer { finish(player, removing: folder) }
        loadVideo(into: player, id: UITestSupport.audioVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.mediaType == .audio }, timeout: 10))
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.capture-frame", nil), 1)
        XCTAssertTrue(events.contains(.warning(code: PlayerView.frameCaptureFailed, message: FrameCapture.audioOnly)),
                      "\(events)")
        XCTAssertEqual(player.notice.text, FrameCapture.audioOnly)
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "no folder made, no file written")
    }

    func captureKeyAndMenuItem() throws {
        let player = try makePlayer()
        let folder = try captureFolder(for: player)
        defer { finish(player, removing: folder) }
        XCTAssertEqual(PlayerShortcuts.accelerators(for: "player.capture-frame"), ["s"])
        let item = try XCTUnwrap(player.overflowMenu.captureFrameItem)
        XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(item)).map { String(cString: $0) },
                       "player.capture-frame")
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 5 }, timeout: 20), "frames reached the picture")
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        XCTAssertEqual(gtk_widget_grab_focus(player.widget), 1)
        try press("s", until: { self.pictures(in: folder).count == 1 })
        XCTAssertEqual(pictures(in: folder).count, 1, "s saved the frame")
        XCTAssertFalse(player.overflowMenu.isOpen)
        player.overflowMenu.open()
        XCTAssertTrue(MainLoop.run(until: { player.overflowMenu.isOpen }, timeout: 5))
        gtk_widget_activate(item)
        XCTAssertTrue(MainLoop.run(until: { self.pictures(in: folder).count == 2 }, timeout: 10),
                      "Save Frame saved another")
        XCTAssertTrue(MainLoop.run(until: { !player.overflowMenu.isOpen }, timeout: 5), "and closed the menu")
    }

    // MARK: - Helpers

    /// A folder that does not exist yet: the capture makes it.
    private func captureFolder(for player: PlayerView) throws -> String {
        let folder = NSTemporaryDirectory() + "cove-capture-\(getpid())-\(g_random_int())/Pictures"
        player.frameCapture.folder = folder
        return folder
    }

    private func finish(_ player: PlayerView, removing folder: String) {
        finish(player)
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    private func savedFiles(in folder: String) -> [String] {
        // Hidden ones too: a partial file left behind would be a fault.
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The pictures written whole (a partial one is hidden until it is renamed).
    private func pictures(in folder: String) -> [String] {
        savedFiles(in: folder).filter { !$0.hasPrefix(".") && $0.hasSuffix(".png") }
    }

    /// Activates the action and waits for the notice naming `name`; returns the picture's path.
    private func capture(_ player: PlayerView, expecting name: String, in folder: String) throws -> String {
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.capture-frame", nil), 1)
        let notice = tr("Frame saved to %@ as “%@”").filling("Pictures", name)
        XCTAssertTrue(MainLoop.run(until: { player.notice.isShown && player.notice.text == notice }, timeout: 10),
                      "notice: '\(player.notice.text)', files: \(savedFiles(in: folder))")
        let path = folder + "/" + name
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(savedFiles(in: folder))")
        return path
    }

    /// Pixels of the middle row that differ clearly between the picture at `path` and `shown` (same size).
    private func differingPixels(atPath path: String, _ shown: any VideoPicture) throws -> Int {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let saved = try XCTUnwrap(gdk_pixbuf_read_pixels(pixbuf))
        var size: gsize = 0
        let screen = try XCTUnwrap(g_bytes_get_data(shown.pixelBytes, &size)).assumingMemoryBound(to: UInt8.self)
        let row = shown.height / 3
        return (0..<shown.width).filter { x in
            let a = saved + row * stride + x * channels, b = screen + row * shown.stride + x * 4
            return (0..<3).contains { abs(Int(a[$0]) - Int(b[$0])) > 40 }
        }.count
    }

    /// A 640x360 PNG of the colour bars: the clip's own size whatever the window's, and not black.
    private func assertVideoPicture(atPath path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            defer { g_clear_error(&error) }
            return XCTFail("not a picture: \(error.map { String(cString: $0.pointee.message) } ?? "")")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 640)
        XCTAssertEqual(gdk_pixbuf_get_height(pixbuf), 360)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = try XCTUnwrap(gdk_pixbuf_read_pixels(pixbuf))
        let row = 360 / 3
        let colourful = (0..<640).filter { x in
            let at = pixels + row * stride + x * channels
            return max(at[0], at[1], at[2]) > 60
        }
        XCTAssertGreaterThan(colourful.count, 320, "the picture shows the clip, not black")
        let distinct = Set((0..<640).map { x in
            let at = pixels + row * stride + x * channels
            return Int(at[0]) << 16 | Int(at[1]) << 8 | Int(at[2])
        })
        XCTAssertGreaterThan(distinct.count, 3, "several colours, as the bars have")
    }
}
