import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import XCTest

/// The strip in one process under Xvfb with a 500-video playlist from the emulator's media: a recycling list
/// (a few rows, not 100), posters fetched off the main thread, a click plays that video and moves the mark, and
/// the button and the strip.toggle action (F9) open and close it.
final class PlaylistStripTests: XCTestCase {
    func testALongPlaylist() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.longPlaylistStrip() } }
    }
}

extension PlayerViewScenario {
    /// The strip takes the player into its box, as in Cove's window.
    func wrapInPlaylistStrip(_ player: PlayerView) -> PlaylistStrip {
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        g_object_ref(UnsafeMutableRawPointer(player.widget))
        gtk_window_set_child(gtkWindow, nil)
        let strip = PlaylistStrip(player: player)
        gtk_window_set_child(gtkWindow, strip.widget)
        g_object_unref(UnsafeMutableRawPointer(player.widget))
        return strip
    }

    func longPlaylistStrip() throws {
        try UITestSupport.initGTK()
        let player = try makePlayer()
        defer { finish(player) }
        let strip = wrapInPlaylistStrip(player)
        let base = emulator.mediaBaseURL
        let entries: [JSONValue] = (0..<500).map { index in
            [
                "id": .string("59000000000\(100 + index)"), "name": .string("Clip \(index + 1)"), "duration": 4000,
                "poster": .string(base + "/thumbs/thumb-01.jpg"),
                "sources": [["src": .string(base + "/clip.mp4"), "type": "video/mp4", "container": "MP4"]],
            ]
        }
        let videos = try Playlist(json: ["id": "7900000000001", "name": "A hundred", "videos": .array(entries)])
            .playableVideos
        XCTAssertEqual(videos.count, 500)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(strip.widget) > 0 }, timeout: 10), "window shown")
        strip.show(playlist: videos)
        player.controller.setVideos(videos)
        XCTAssertTrue(strip.isOpen, "open beside a 960-pixel player")
        XCTAssertTrue(MainLoop.run(until: { strip.factory.row(at: 0) != nil && strip.playingIndex == 0 }, timeout: 10))

        // Rows are made for the part of the list around what is on screen (GTK 4.8 keeps about 200), not one
        // widget per video.
        let bound = (0..<500).filter { strip.factory.row(at: $0) != nil }
        XCTAssertFalse(bound.isEmpty)
        XCTAssertLessThan(bound.count, 250, "rows are recycled, not one widget per video")
        XCTAssertNil(strip.factory.row(at: 499))

        // The poster arrives from the emulator over HTTP, without blocking the main loop.
        XCTAssertTrue(MainLoop.run(until: {
            strip.factory.row(at: 0).map { gtk_picture_get_paintable(cast($0.picture)) != nil } ?? false
        }, timeout: 10), "the poster was fetched")
        guard let first = strip.factory.row(at: 0), let third = strip.factory.row(at: 2) else {
            return XCTFail("rows 0 and 2 are on screen")
        }
        XCTAssertEqual(gtk_widget_has_css_class(first.button, "cove-strip-playing"), 1)
        XCTAssertEqual(gtk_widget_get_visible(first.mark), 1)
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(third.name))), "Clip 3")
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(third.detail))), "0:04")
        XCTAssertEqual(strip.items[2].accessibleLabel(playing: false), "Clip 3, 0:04")
        XCTAssertEqual(strip.items[0].accessibleLabel(playing: true), "Clip 1, 0:04, playing")

        // A click plays that video; the queue goes on from there.
        events.removeAll()
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(third.button) != 0 }, timeout: 5), "the list slid in")
        gtk_widget_activate(third.button)
        XCTAssertTrue(MainLoop.run(until: { player.controller.currentIndex == 2 }, timeout: 10), "the third plays")
        XCTAssertTrue(events.contains(.session(videoID: "59000000000102",
                                               source: base + "/clip.mp4")), "\(events)")
        XCTAssertEqual(strip.playingIndex, 2)
        XCTAssertEqual(gtk_widget_has_css_class(third.button, "cove-strip-playing"), 1)
        XCTAssertEqual(gtk_widget_has_css_class(first.button, "cove-strip-playing"), 0)
        XCTAssertEqual(gtk_widget_get_visible(first.mark), 0)
        XCTAssertTrue(player.controller.canAdvanceToNext)

        // The button closes the list, the action F9 is bound to opens it again.
        gtk_widget_activate(strip.toggleButton)
        XCTAssertTrue(MainLoop.run(until: { !strip.isOpen }, timeout: 5), "the button closes it")
        XCTAssertEqual(gtk_widget_activate_action_variant(strip.widget, "strip.toggle", nil), 1)
        XCTAssertTrue(strip.isOpen, "strip.toggle opens it")
        XCTAssertEqual(gtk_toggle_button_get_active(cast(strip.toggleButton)), 1)

        // A single video has no list: the button goes.
        strip.clear()
        XCTAssertFalse(strip.isOpen)
        XCTAssertEqual(gtk_widget_get_visible(strip.toggleButton), 0)
    }
}
