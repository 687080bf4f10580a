import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import CoveMedia
import XCTest

/// Frames are converted and scaled in the pipeline to the size the picture is shown at, in device pixels, keeping
/// the aspect ratio and never above the video's own size; a resize renegotiates once it settles; full
/// resolution asks for the video's size again.
final class PictureSizingTests: XCTestCase {
    func testFramesArriveAtTheShownSize() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.framesArriveAtTheShownSize() } }
    }

    func testTheFirstFrameAlreadyComesAtTheWindowsSize() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.firstFrameAtTheWindowsSize() } }
    }
}

extension PlayerViewScenario {
    func framesArriveAtTheShownSize() throws {
        let player = try makePlayer(width: 320, height: 240)
        defer { finish(player) }
        let clip = try XCTUnwrap(GStreamerRuntime.fileURI(forPath: UITestSupport.mediaRoot() + "/clip.mp4")
            .flatMap(URL.init(string:)))
        player.controller.setVideos([Video.video(withURL: clip)])
        func frameWidth() -> Int { player.surface.frameSize?.width ?? 0 }
        func frameHeight() -> Int { player.surface.frameSize?.height ?? 0 }
        // The 640×360 clip in a 320-pixel-wide picture: 320×180.
        XCTAssertTrue(MainLoop.run(until: { frameWidth() == 320 }, timeout: 20), "\(player.surface.frameSize as Any)")
        XCTAssertEqual(frameHeight(), 180, "the aspect ratio is kept")
        XCTAssertEqual(player.sizing.requested, PictureSize(width: 320, height: gtk_widget_get_height(player.surface.root).asInt))

        // Larger than the video: its own size, never scaled up.
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(gtkWindow, 1000, 700)
        XCTAssertTrue(MainLoop.run(until: { frameWidth() == 640 }, timeout: 10), "\(player.surface.frameSize as Any)")
        XCTAssertEqual(frameHeight(), 360)

        // Back to small, then full resolution (fullscreen) asks for the video's own size again.
        gtk_window_set_default_size(gtkWindow, 400, 300)
        XCTAssertTrue(MainLoop.run(until: { frameWidth() == 400 }, timeout: 10), "\(player.surface.frameSize as Any)")
        player.sizing.fullResolution = true
        XCTAssertTrue(MainLoop.run(until: { frameWidth() == 640 }, timeout: 10), "\(player.surface.frameSize as Any)")
        XCTAssertNil(player.sizing.requested)

        // Paused, the picture still follows the window: the same frame again at the new size, still paused.
        player.sizing.fullResolution = false
        XCTAssertTrue(MainLoop.run(until: { frameWidth() == 400 }, timeout: 10), "\(player.surface.frameSize as Any)")
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 10))
        let plays = events.filter { $0 == .lifecycle(.play) }.count
        gtk_window_set_default_size(gtkWindow, 520, 400)
        XCTAssertTrue(MainLoop.run(until: { frameWidth() == 520 }, timeout: 10), "\(player.surface.frameSize as Any)")
        XCTAssertEqual(frameHeight(), 293, "the aspect ratio is kept")
        XCTAssertEqual(events.filter { $0 == .lifecycle(.play) }.count, plays, "still paused")
    }
}

extension PlayerViewScenario {
    /// The window's size is the guess before any picture is shown, so the first frame is converted at it: not at
    /// the video's own size, scaled again when drawn and renegotiated for the next frames.
    func firstFrameAtTheWindowsSize() throws {
        let player = try makePlayer(width: 320, height: 240)
        defer { finish(player) }
        XCTAssertEqual(player.sizing.requested, PictureSize(width: 320, height: 240), "the guess: the window's size")
        let clip = try XCTUnwrap(GStreamerRuntime.fileURI(forPath: UITestSupport.mediaRoot() + "/clip.mp4")
            .flatMap(URL.init(string:)))
        player.controller.setVideos([Video.video(withURL: clip)])
        XCTAssertTrue(MainLoop.run(until: { player.surface.framesShown >= 1 }, timeout: 20))
        // The 640×360 clip fitted into 320×240: 320×180 from the first frame on.
        XCTAssertEqual(player.surface.frameSize?.width, 320, "\(player.surface.frameSize as Any)")
        XCTAssertEqual(player.surface.frameSize?.height, 180)
        // The first picture measured the real size (the picture fills the window here): no longer a guess.
        XCTAssertEqual(player.sizing.requested?.width, 320)
    }
}

private extension Int32 {
    var asInt: Int { Int(self) }
}
