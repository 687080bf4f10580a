import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// `.` and `,`: one frame on or back through a real pipeline, the video held paused on it.
final class FrameStepTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("frames") { directory in
            try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 4, width: 320, height: 180)
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    func testAFrameStepMovesOneFrameAndLeavesTheVideoPaused() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder(videoOutput: .frames)
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            let path = try XCTUnwrap(Self.media).path() + "/clip.mp4"
            controller.setVideos([try Video(json: ["id": "f", "sources": [["src": .string("file://" + path)]]])])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            var session: PlaybackSession { controller.currentSession! }
            XCTAssertEqual(try XCTUnwrap(session.engine.frameDuration), 1.0 / 30, accuracy: 1e-9, "from the caps")
            XCTAssertTrue(MainLoop.run(until: { session.position > 1 }, timeout: 10))

            XCTAssertTrue(controller.stepFrame(forward: true))
            XCTAssertTrue(recorder.wait(for: .lifecycle(.pause), timeout: 5), "a playing video pauses: \(recorder.lines)")
            XCTAssertTrue(MainLoop.run(until: { controller.state.status == .paused }, timeout: 5))
            // The pipeline's own position, and a new picture for each step.
            var played: Double { session.engine.position ?? -1 }
            XCTAssertTrue(MainLoop.run(until: { abs(played - session.position) < 0.005 }, timeout: 5))
            let start = played
            for step in 1...3 {
                let frames = recorder.frames
                XCTAssertTrue(controller.stepFrame(forward: true))
                XCTAssertTrue(MainLoop.run(until: {
                    abs(played - (start + Double(step) / 30)) < 0.005 && recorder.frames > frames
                }, timeout: 5), "frame \(step) on: \(start) → \(played), \(recorder.frames) pictures")
            }
            XCTAssertTrue(controller.stepFrame(forward: false))
            XCTAssertTrue(MainLoop.run(until: { abs(played - (start + 2.0 / 30)) < 0.005 }, timeout: 5),
                          "one back: \(played)")
            _ = MainLoop.run(until: { false }, timeout: 0.5)
            XCTAssertEqual(controller.state.status, .paused, "still paused")
            XCTAssertFalse(recorder.lifecycle.contains("Fail"))
        }
    }
}
