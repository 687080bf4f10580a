import CoveCore
import CoveEmulator
import CoveGLib
@testable import CoveMedia
import XCTest

/// The full-size frames kept for saving one: the frame on screen is always there to pick, and the ones shown
/// before it are let go (each would hold a decoded frame out of the decoder's pool).
final class FrameTapTests: XCTestCase {
    func testTheShownFrameStaysAndOlderOnesGo() throws {
        let directory = try TestPaths.makeTemporaryDirectory("tap")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clip = directory + "/clip.mp4"
        try MediaEncoder.encodeMP4(to: clip, seconds: 2, width: 320, height: 180)
        try MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            defer { engine.stop() }
            var oldest: [(shown: Double, oldest: Double?)] = []
            var picked: [(shown: Double, picked: Double?)] = []
            let tap = engine.videoOutput
            let observation = engine.videoOutput.observe { picture in
                guard let source = tap.fullSizeFrames as? FrameTapSource, let time = picture.timestamp else { return }
                oldest.append((time, source.oldestKeptTimestamp))
                picked.append((time, source.fullSizeFrame(at: time)?.timestamp))
            }
            defer { withExtendedLifetime(observation) {} }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri(clip))
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: 20))
            XCTAssertGreaterThan(picked.count, 30)
            for (shown, got) in picked {
                XCTAssertEqual(try XCTUnwrap(got, "a frame at \(shown)"), shown, accuracy: 0.002, "the shown one")
            }
            // Only the shown frame and those decoded after it and not yet shown (playsink's queue, a push, the
            // sink's): none from before it, which a ring of the newest six would still hold.
            for (shown, kept) in oldest {
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(kept, "the shown frame at \(shown) is kept"), shown - 0.002,
                                            "nothing older than the frame on screen")
            }
        }
    }
}
