import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Seeks land within the tolerance asked for, on media with a keyframe only every 4 s (as many real files have):
/// a 10 s jump from 1.1 s lands at 11.1 s, not on the keyframe at 8 s or 12 s; a seek next to a keyframe that
/// was seen snaps to it.
final class SeekLandingTests: XCTestCase {
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("sparse-keyframes")
            Self.directory = directory
            try MediaEncoder.encodeMP4(to: directory + "/sparse.mp4", seconds: 14, width: 320, height: 180,
                                       withAudio: false, keyframeSeconds: 4)
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static func uri() throws -> String {
        if let error = Self.encodeError { throw error }
        return try TestPaths.uri(XCTUnwrap(Self.directory) + "/sparse.mp4")
    }

    /// The engine and the stream times of the frames it hands out, in order.
    @MainActor
    private final class Playing {
        let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
        let recorder: EngineRecorder
        var frameTimes: [Double] = []
        var keyframeTimes: [Double] = []
        private var observation: VideoOutputObservation?

        init() throws {
            recorder = EngineRecorder(engine)
            observation = engine.videoOutput.observe { [unowned self] picture in
                guard let frame = picture as? VideoFrame, let time = frame.timestamp else { return }
                frameTimes.append(time)
                if frame.isKeyframe { keyframeTimes.append(time) }
            }
            engine.load(uri: try SeekLandingTests.uri())
            XCTAssertTrue(MainLoop.run(until: { self.recorder.isReady || self.recorder.error != nil }, timeout: 10))
        }

        /// The first frame at least `minimum` seconds in, after the frames seen so far.
        func firstFrame(from start: Int, atLeast minimum: Double) -> Double? {
            frameTimes[start...].first { $0 >= minimum }
        }
    }

    func testAJumpWhilePlayingLandsWithinItsTolerance() throws {
        try MainActor.assumeIsolated {
            let playing = try Playing()
            defer { playing.engine.stop() }
            playing.engine.play()
            XCTAssertTrue(MainLoop.run(until: { (playing.frameTimes.last ?? 0) >= 1.1 }, timeout: 10))
            let target = (playing.frameTimes.last ?? 1.1) + 10
            let start = playing.frameTimes.count
            playing.engine.seek(to: target, tolerance: 0.5)
            XCTAssertTrue(MainLoop.run(until: { playing.firstFrame(from: start, atLeast: 4.5) != nil }, timeout: 10))
            let landed = try XCTUnwrap(playing.firstFrame(from: start, atLeast: 4.5))
            XCTAssertEqual(landed, target, accuracy: 0.5 + 1.0 / 30, "keyframes are at 8 s and 12 s only")
            XCTAssertEqual(playing.keyframeTimes.first ?? -1, 0, accuracy: 0.001, "\(playing.keyframeTimes)")
        }
    }

    func testASliderSeekWhilePausedLandsWithinItsTolerance() throws {
        try MainActor.assumeIsolated {
            let playing = try Playing()
            defer { playing.engine.stop() }
            let before = playing.recorder.positions.count
            playing.engine.seek(to: 6.3, tolerance: 0.5)
            XCTAssertTrue(MainLoop.run(until: { playing.recorder.positions.count > before }, timeout: 10))
            XCTAssertEqual(try XCTUnwrap(playing.recorder.positions.last), 6.3, accuracy: 0.5)
            XCTAssertEqual(try XCTUnwrap(playing.frameTimes.last), 6.3, accuracy: 0.5, "the frame shown too")
        }
    }

    /// A keyframe seen within the tolerance: the seek snaps to it, so decoding starts right there.
    func testASeekNextToAKnownKeyframeSnapsToIt() throws {
        try MainActor.assumeIsolated {
            let playing = try Playing()
            defer { playing.engine.stop() }
            playing.engine.play()
            XCTAssertTrue(MainLoop.run(until: { (playing.frameTimes.last ?? 0) >= 4.3 }, timeout: 10))
            XCTAssertTrue(playing.keyframeTimes.contains { abs($0 - 4) < 0.001 }, "\(playing.keyframeTimes)")
            playing.engine.pause()
            XCTAssertTrue(MainLoop.run(until: { playing.recorder.signals.contains(.paused) }, timeout: 5))
            let before = playing.recorder.positions.count
            playing.engine.seek(to: 4.4, tolerance: 0.5)
            XCTAssertTrue(MainLoop.run(until: { playing.recorder.positions.count > before }, timeout: 10))
            XCTAssertEqual(try XCTUnwrap(playing.frameTimes.last), 4.0, accuracy: 0.001, "on the keyframe at 4 s")
            // A tolerance that excludes it seeks accurately instead.
            let again = playing.recorder.positions.count
            playing.engine.seek(to: 5.3, tolerance: 0.5)
            XCTAssertTrue(MainLoop.run(until: { playing.recorder.positions.count > again }, timeout: 10))
            XCTAssertEqual(try XCTUnwrap(playing.frameTimes.last), 5.3, accuracy: 1.0 / 30 + 0.001)
        }
    }
}
