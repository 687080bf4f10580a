import CGtk
import CoveCore
import CoveGLib
@testable import CoveUI
import XCTest

/// A `scroll:up` region rolls up as the WebVTT rendering rules ask: when a line joins, the lines already there
/// slide up over 0.433 s instead of jumping, and settle exactly where the layout puts them. The slide's clock is
/// stepped by the test, so nothing depends on how fast the machine is.
final class CaptionRollUpTests: XCTestCase {
    private static func regionCue(_ text: String, start: Double) -> CaptionCue {
        var region = CueRegion(id: "roll")
        region.width = 60
        region.lines = 3
        region.viewportAnchorX = 5
        region.viewportAnchorY = 90
        region.regionAnchorX = 0
        region.regionAnchorY = 100
        region.scrollsUp = true
        var settings = CueSettings()
        settings.region = "roll"
        return CaptionCue(start: start, end: 30, spans: [CaptionSpan(text)], settings: settings, region: region)
    }

    func testLinesSlideUpWhenALineJoinsAndSettle() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let stage = CaptionStage()
            defer { stage.close() }
            var clock = 100.0
            stage.captions.rollUp.now = { clock }
            stage.captions.rollUp.animationsEnabled = { true }
            let first = Self.regionCue("First line", start: 1), second = Self.regionCue("Second line", start: 2)
            stage.show([first])
            let alone = stage.bounds(try XCTUnwrap(stage.captions.cueLabels.first)).y

            stage.show([first, second])
            let labels = stage.captions.cueLabels
            XCTAssertEqual(labels.count, 2)
            XCTAssertEqual(stage.bounds(labels[0]).y, alone, accuracy: 1, "at the start of the slide nothing moved yet")

            clock += 0.1
            stage.captions.rollUp.advance()
            _ = MainLoop.run(until: { false }, timeout: 0.05)  // the new transforms are laid out
            let moving = stage.bounds(labels[0]).y
            XCTAssertLessThan(moving, alone - 1, "sliding up")

            clock += 0.4
            XCTAssertFalse(stage.captions.rollUp.advance(), "over after 0.433 s")
            _ = MainLoop.run(until: { false }, timeout: 0.05)
            let settled = stage.bounds(labels[0]).y, below = stage.bounds(labels[1]).y
            XCTAssertLessThan(settled, moving, "further up")
            XCTAssertEqual(alone - settled, below - settled, accuracy: 1,
                           "moved up by one line: the new line is where the old one was")
        }
    }

    /// With animations off (the desktop's reduced motion) the lines jump, as before; and a cue leaving or a layout
    /// of the same cues (a resize) never slides.
    func testNoSlideWithAnimationsOffOrWithoutANewLine() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let stage = CaptionStage()
            defer { stage.close() }
            let clock = 100.0
            stage.captions.rollUp.now = { clock }
            let first = Self.regionCue("First line", start: 1), second = Self.regionCue("Second line", start: 2)
            let third = Self.regionCue("Third line", start: 3)

            stage.captions.rollUp.animationsEnabled = { false }
            stage.show([first])
            stage.show([first, second])
            let jumped = stage.captions.cueLabels.map { stage.bounds($0).y }
            XCTAssertEqual(stage.captions.rollUp.offset(region: "roll"), 0)

            stage.captions.rollUp.animationsEnabled = { true }
            stage.show([second])
            XCTAssertEqual(stage.captions.rollUp.offset(region: "roll"), 0, "a line leaving does not slide")
            stage.show([first, second, third])
            XCTAssertGreaterThan(stage.captions.rollUp.offset(region: "roll"), 0, "a new line does")
            XCTAssertEqual(jumped.count, 2)
            XCTAssertLessThan(jumped[0], jumped[1])
        }
    }
}
