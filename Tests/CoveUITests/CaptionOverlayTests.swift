import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import CoveMedia
import XCTest

/// Captions drawn by Cove over the picture, from the real multi-language HLS set (in-manifest renditions) and a
/// sidecar WebVTT file, with GStreamer decoding no text at all.
final class CaptionOverlayTests: XCTestCase {
    func testInManifestCaptionsPausedSeekedPlayingAndOff() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.inManifestCaptionsFollowThePlayhead() } }
    }

    func testSidecarCaptionsAndANarrowWindow() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.sidecarCaptionsAtANarrowWidth() } }
    }

    func testTheWebVTTFilesOfADASHManifest() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.dashWebVTTCaptions() } }
    }
}

extension PlayerViewScenario {
    private func expectedCaption(_ prefix: String, at seconds: Double) -> String {
        "\(prefix) \(Int(seconds.rounded(.down)))"
    }

    func inManifestCaptionsFollowThePlayhead() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.multiLanguageVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20), "\(self.events.map(\.jsonLine))")
        XCTAssertNotNil(player.controller.currentSession)
        // The session as it is now: a value, read anew each time.
        var session: PlaybackSession { player.controller.currentSession! }
        XCTAssertEqual(player.captionText, "", "captions start off")
        XCTAssertEqual(gtk_widget_get_visible(player.captions.root), 0)

        // Paused, then German: the words for the paused position, with no engine round trip.
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        let german = try XCTUnwrap(session.captionTracks.first { $0.language == "de" })
        player.controller.selectCaption(.track(german))
        XCTAssertTrue(MainLoop.run(until: { !player.captionText.isEmpty }, timeout: 10), "the cues loaded")
        XCTAssertEqual(player.captionText, expectedCaption("Untertitel", at: session.position))

        // A seek while paused shows the new position's words at once.
        var handled: gboolean = 0
        g_signal_emit_by_name_double(player.controlBar.slider, value: 2.5, handled: &handled)
        XCTAssertEqual(player.captionText, "Untertitel 2")
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.progress(2.5)) || session.position == 2.5 },
                                   timeout: 5))

        // Centred near the bottom of the picture, above the control bar (paused: the bar shows), sized to the
        // picture's height (960x540 player, 16:9 picture).
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        var x = 0.0, y = 0.0
        XCTAssertEqual(gtk_widget_translate_coordinates(player.captions.root, player.widget, 0, 0, &x, &y), 1)
        let width = Double(gtk_widget_get_width(player.captions.root))
        let height = Double(gtk_widget_get_height(player.captions.root))
        XCTAssertEqual(x + width / 2, Double(gtk_widget_get_width(player.widget)) / 2, accuracy: 2)
        var barY = 0.0
        XCTAssertEqual(gtk_widget_translate_coordinates(player.controlBar.root, player.widget, 0, 0, &x, &barY), 1)
        XCTAssertLessThan(y + height, barY, "lifted above the control bar")
        XCTAssertGreaterThan(y, Double(gtk_widget_get_height(player.widget)) / 2)
        XCTAssertEqual(player.captions.fontPixels, 27)

        // Frames carry no text: GStreamer decodes none and playbin renders none.
        let engine = try XCTUnwrap(session.engine as? GStreamerEngine)
        XCTAssertNil(engine.selectedTextStream)
        XCTAssertFalse(engine.rendersTextIntoFrames)

        // Playing, the words change with the playhead.
        player.controller.play()
        XCTAssertTrue(MainLoop.run(until: { player.captionText == "Untertitel 3" }, timeout: 5),
                      "'\(player.captionText)' at \(session.position)")

        // Off hides them at once.
        player.controller.selectCaption(.off)
        XCTAssertEqual(player.captionText, "")
        XCTAssertEqual(gtk_widget_get_visible(player.captions.root), 0)
    }

    func sidecarCaptionsAtANarrowWidth() throws {
        let player = try makePlayer(width: 360, height: 240)
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.sidecarVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        player.controller.pause()
        XCTAssertNotNil(player.controller.currentSession)
        // The session as it is now: a value, read anew each time.
        var session: PlaybackSession { player.controller.currentSession! }
        let spanish = try XCTUnwrap(session.captionTracks.first, "the sidecar is offered")
        XCTAssertTrue(spanish.isSidecar)
        player.controller.selectCaption(.track(spanish))
        XCTAssertTrue(MainLoop.run(until: { !player.captionText.isEmpty }, timeout: 10), "the sidecar loaded")
        XCTAssertEqual(player.captionText, expectedCaption("Subtítulo", at: session.position))
        XCTAssertEqual(emulator.requests.filter { $0.path.hasSuffix("/sidecar_es.vtt") }.count, 1,
                       "Cove fetched the sidecar, GStreamer did not")

        // 360 px wide: the picture is 202.5 px high; the words stay readable and inside the player.
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(player.captions.fontPixels, 13)
        let width = gtk_widget_get_width(player.captions.root)
        XCTAssertGreaterThan(width, 0)
        XCTAssertLessThanOrEqual(width, gtk_widget_get_width(player.widget))
    }

    /// A DASH manifest's text AdaptationSets that are whole WebVTT files: listed by language, fetched by Cove (never
    /// by dashdemux2) and drawn like any other captions.
    func dashWebVTTCaptions() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.dashVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20), "\(self.events.map(\.jsonLine))")
        player.controller.pause()
        var session: PlaybackSession { player.controller.currentSession! }
        XCTAssertEqual(session.captionTracks.map(\.language), ["en", "de"])
        let german = try XCTUnwrap(session.captionTracks.last)
        player.controller.selectCaption(.track(german))
        XCTAssertTrue(MainLoop.run(until: { !player.captionText.isEmpty }, timeout: 10), "the cues loaded")
        XCTAssertEqual(player.captionText, expectedCaption("Untertitel", at: session.position))
        XCTAssertEqual(emulator.requests.filter { $0.path.hasSuffix("/dash/subs_de.vtt") }.count, 1,
                       "Cove fetched the file")
        XCTAssertFalse(emulator.requests.contains { $0.path.hasSuffix("/dash/subs_en.vtt") }, "nor any other")
        let engine = try XCTUnwrap(session.engine as? GStreamerEngine)
        XCTAssertNil(engine.selectedTextStream)
    }
}
