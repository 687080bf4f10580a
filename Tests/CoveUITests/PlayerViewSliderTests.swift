import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

extension PlayerViewTests {
    func testSliderFillFollowsTheBufferedPosition() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.sliderFillFollowsTheBufferedPosition() } }
    }
}

final class ControlBarSliderTests: XCTestCase {
    /// Bumper mode (SDK notes, “Bumper mode”): no buffered region and no markers; both return with the content.
    func testBumperModeHidesTheBufferedRegionAndTheMarkers() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let bar = ControlBar(layout: SuppliedLayout.vod.makeLayout())
            g_object_ref_sink(UnsafeMutableRawPointer(bar.root))
            defer { g_object_unref(UnsafeMutableRawPointer(bar.root)) }
            bar.setCuePoints([CuePoint(position: .time(2), type: "CODE")])
            bar.update(position: 1, duration: 4)
            bar.setBuffered(6)
            XCTAssertEqual(bar.bufferedLevel, 4, "clamped to the slider's range")
            XCTAssertEqual(bar.placedMarkCount, 1)
            bar.setBumperMode(true)
            XCTAssertNil(bar.bufferedLevel)
            XCTAssertEqual(bar.placedMarkCount, 0)
            bar.setBuffered(3)
            XCTAssertNil(bar.bufferedLevel, "not while the bumper plays")
            bar.setBumperMode(false)
            bar.setBuffered(3)
            XCTAssertEqual(bar.bufferedLevel, 3)
            XCTAssertEqual(bar.placedMarkCount, 1)
            bar.setSeekWindow(start: 100, end: 160)
            bar.setBuffered(130)
            XCTAssertEqual(bar.bufferedLevel, 130, "live DVR: in the seekable window's scale")
            bar.setBuffered(40)
            XCTAssertEqual(bar.bufferedLevel, 100, "never before the window")
        }
    }
}

extension PlayerViewScenario {
    /// The engine's buffered position reaches the slider as its fill level, drawn white between the magenta
    /// played track and the end.
    func sliderFillFollowsTheBufferedPosition() throws {
        var options = PlayerViewOptions()
        options.keepControlsVisible = true
        let player = try makePlayer(options: options)
        defer { finish(player) }
        let bar = player.controlBar
        XCTAssertNil(bar.bufferedLevel, "nothing buffered before a video")
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: {
            guard let level = bar.bufferedLevel, let session = player.controller.currentSession,
                  let buffered = session.bufferedPosition else { return false }
            return abs(level - buffered) < 0.001 && level > session.position + 1
        }, timeout: 20), "the fill level is the session's buffered position, ahead of the playhead")
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        _ = MainLoop.run(until: { false }, timeout: 0.3)

        let session = try XCTUnwrap(player.controller.currentSession)
        let duration = try XCTUnwrap(session.duration)
        let level = try XCTUnwrap(bar.bufferedLevel)
        XCTAssertLessThanOrEqual(level, duration)
        guard let shot = UITestSupport.renderPixels(bar.slider) else { return XCTFail("render failed") }
        // The trough runs from half a thumb in on each side; cue point marks sit above it.
        let inset = 7.0
        let span = Double(shot.width) - 2 * inset
        func colour(x: Int, y: Int) -> (r: UInt32, g: UInt32, b: UInt32) {
            let word = shot.pixels[y * shot.width + x]
            return ((word >> 16) & 0xff, (word >> 8) & 0xff, word & 0xff)
        }
        func column(atSeconds seconds: Double) -> Int {
            min(max(Int(inset + span * seconds / duration), 0), shot.width - 1)
        }
        let playedX = column(atSeconds: session.position / 2)
        let troughRow = (0..<shot.height).first { y in
            let pixel = colour(x: playedX, y: y)
            return pixel.r > 150 && pixel.g < 90
        }
        let row = try XCTUnwrap(troughRow, "magenta played track before the playhead")
        // Past the thumb (14 px wide), inside the buffered region.
        let ahead = colour(x: column(atSeconds: (session.position + level) / 2), y: row)
        XCTAssertTrue(ahead.r > 200 && ahead.g > 200 && ahead.b > 200, "white buffered track ahead: \(ahead)")
    }
}
