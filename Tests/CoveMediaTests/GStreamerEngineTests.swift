import CoveCore
import CoveEmulator
import CoveGLib
@testable import CoveMedia
import FoundationEssentials
import XCTest

/// Plays real encoded media through real playbin pipelines, headless: frames go to the recorder, audio to a
/// real-time fake sink.
final class GStreamerEngineTests: XCTestCase {
    static let clipSeconds = 3.0
    // Encoding is the expensive part, so the class shares one clip; tests only read it.
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("engine")
            Self.directory = directory
            try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: clipSeconds, width: 640, height: 360)
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static func clipURI() throws -> String {
        if let error = Self.encodeError { throw error }
        return try TestPaths.uri(XCTUnwrap(Self.directory) + "/clip.mp4")
    }

    @MainActor
    private static func makeEngine() -> GStreamerEngine {
        GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
    }

    /// The clip loaded and Ready (paused) in a new engine.
    private static func withReadyClip(_ body: @MainActor (GStreamerEngine, EngineRecorder) throws -> Void) throws {
        try MainActor.assumeIsolated {
            let engine = makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try clipURI())
            XCTAssertTrue(MainLoop.run(until: { recorder.isReady || recorder.error != nil }, timeout: 10),
                          "no Ready; the pipeline waits in:\n" + engine.stateReport)
            try body(engine, recorder)
        }
    }

    func testPlaysClipToEndWithOrderedSignalsAndFrames() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try Self.clipURI())
            XCTAssertTrue(MainLoop.run(until: { recorder.isReady || recorder.error != nil }, timeout: 10),
                          "no Ready; the pipeline waits in:\n" + engine.stateReport)
            XCTAssertNil(recorder.error)
            XCTAssertTrue(engine.stateReport.contains("cove-video: PAUSED\n"), engine.stateReport)
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: Self.clipSeconds + 10))
            XCTAssertNil(recorder.error)

            let signals = recorder.signals
            XCTAssertEqual(signals.first, .ready)
            XCTAssertEqual(signals.last, .endOfStream)
            let duration = try XCTUnwrap(recorder.durations.first ?? nil)
            XCTAssertEqual(duration, Self.clipSeconds, accuracy: 0.2)
            XCTAssertEqual(try XCTUnwrap(engine.duration), duration)
            // Exactly one .playing: the pipeline state messages repeat, the signals must not.
            XCTAssertEqual(signals.filter { $0 == .playing }.count, 1)
            XCTAssertFalse(signals.contains(.paused))
            let playingIndex = try XCTUnwrap(signals.firstIndex(of: .playing))
            let firstPositionIndex = try XCTUnwrap(signals.firstIndex {
                if case .position = $0 { true } else { false }
            })
            XCTAssertLessThan(playingIndex, firstPositionIndex)

            let positions = recorder.positions
            // 250 ms polling over ~3 s of playback.
            XCTAssertGreaterThanOrEqual(positions.count, 6)
            XCTAssertEqual(positions, positions.sorted())
            XCTAssertEqual(try XCTUnwrap(positions.last), duration, accuracy: 0.3)
            // 90 frames were encoded; the bridge and QoS drop some when the shared CPU is busy, but frames flow.
            XCTAssertGreaterThan(recorder.frameCount, 20)
        }
    }

    func testFramesAreRGBAAtTheEncodedSize() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try Self.clipURI())
            // Prerolling already pushes the first frame through the sink.
            XCTAssertTrue(MainLoop.run(until: { recorder.lastFrame != nil || recorder.error != nil }, timeout: 10))
            let frame = try XCTUnwrap(recorder.lastFrame)
            XCTAssertEqual(frame.width, 640)
            XCTAssertEqual(frame.height, 360)
            XCTAssertGreaterThanOrEqual(frame.stride, frame.width * 4)
            XCTAssertEqual(try XCTUnwrap(frame.timestamp), 0, accuracy: 0.05)
            frame.withUnsafeBytes { pixels in
                XCTAssertEqual(pixels.count, frame.stride * frame.height)
                // RGBA from an opaque source: every alpha byte on the first row is 255, and the bars are not black.
                XCTAssertTrue((0..<frame.width).allSatisfy { pixels[$0 * 4 + 3] == 255 })
                XCTAssertGreaterThan((Int(pixels[0]) + Int(pixels[1]) + Int(pixels[2])) / 3, 100)
            }
        }
    }

    func testSeekWhilePausedLandsOnTheTarget() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try Self.clipURI())
            XCTAssertTrue(MainLoop.run(until: { recorder.isReady || recorder.error != nil }, timeout: 10),
                          "no Ready; the pipeline waits in:\n" + engine.stateReport)
            let before = recorder.signals.count
            engine.seek(to: 2.0, tolerance: 0)
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.count > 0 || recorder.error != nil }, timeout: 10))
            XCTAssertEqual(try XCTUnwrap(recorder.positions.last), 2.0, accuracy: 0.05)
            XCTAssertEqual(try XCTUnwrap(engine.position), 2.0, accuracy: 0.05)
            // Still paused: seeking must not start playback nor report a state change.
            _ = MainLoop.run(until: { false }, timeout: 0.6)
            XCTAssertEqual(try XCTUnwrap(engine.position), 2.0, accuracy: 0.05)
            let after = recorder.signals[before...]
            XCTAssertFalse(after.contains(.playing))
            XCTAssertFalse(after.contains(.paused))
        }
    }

    /// Pause, then seek at once: the pause's ASYNC_DONE arrives while the seek still flushes and must not be
    /// taken for the seek's, or the landing position is never reported.
    func testSeekRightAfterPausingReportsWhereItLanded() throws {
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try Self.clipURI())
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { (recorder.positions.last ?? 0) > 0.4 }, timeout: 10))
            engine.pause()
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.paused) }, timeout: 5))
            let before = recorder.positions.count
            engine.seek(to: 2.0, tolerance: 0)
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.count > before }, timeout: 5), "\(recorder.signals)")
            XCTAssertEqual(try XCTUnwrap(recorder.positions.last), 2.0, accuracy: 0.05)
        }
    }

    /// Seeks asked for while one still flushes wait for it and then go to the latest target only: the landing
    /// reported is the last target's, and the ones in between are never reported (nor sent to the pipeline).
    func testSeeksWhileOneFlushesGoToTheLatestTargetOnce() throws {
        try Self.withReadyClip { engine, recorder in
            let before = recorder.positions.count
            let sent = engine.flushingSeeksSent
            engine.seek(to: 1.0, tolerance: 0)
            engine.seek(to: 1.5, tolerance: 0)
            engine.seek(to: 2.0, tolerance: 0)
            XCTAssertEqual(engine.flushingSeeksSent, sent + 1, "the others wait for the first to land")
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.count > before }, timeout: 10))
            _ = MainLoop.run(until: { false }, timeout: 0.5)
            let landed = Array(recorder.positions[before...])
            XCTAssertEqual(landed.count, 1, "one landing: \(landed)")
            XCTAssertEqual(try XCTUnwrap(landed.last), 2.0, accuracy: 0.05)
            XCTAssertEqual(try XCTUnwrap(engine.position), 2.0, accuracy: 0.05)
            XCTAssertEqual(engine.flushingSeeksSent, sent + 2, "then only the latest target is sent")
        }
    }

    /// A speed change asked for while a seek flushes waits for it too, then goes at the new speed from where the
    /// seek landed: one flush at a time reaches the demuxer.
    func testASpeedChangeWhileASeekFlushesWaitsForIt() throws {
        try Self.withReadyClip { engine, recorder in
            let before = recorder.positions.count
            let sent = engine.flushingSeeksSent
            engine.seek(to: 1.0, tolerance: 0)
            engine.setRate(1.5)
            XCTAssertEqual(engine.flushingSeeksSent, sent + 1, "the speed change waits for the seek to land")
            XCTAssertTrue(MainLoop.run(until: { engine.flushingSeeksSent == sent + 2 }, timeout: 10))
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.count > before }, timeout: 10))
            XCTAssertEqual(try XCTUnwrap(recorder.positions.last), 1.0, accuracy: 0.05, "from where the seek landed")
        }
    }

    func testSeekBeyondTheEndIsClampedToTheDuration() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try Self.clipURI())
            XCTAssertTrue(MainLoop.run(until: { recorder.isReady || recorder.error != nil }, timeout: 10),
                          "no Ready; the pipeline waits in:\n" + engine.stateReport)
            engine.seek(to: -5, tolerance: 0)
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.count == 1 }, timeout: 10))
            XCTAssertEqual(try XCTUnwrap(recorder.positions.last), 0, accuracy: 0.05)
            engine.seek(to: 60, tolerance: 1)
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: 10))
            XCTAssertNil(recorder.error)
            XCTAssertLessThanOrEqual(try XCTUnwrap(recorder.positions.last), Self.clipSeconds + 0.2)
        }
    }

    func testPauseAfterPlayReportsPausedOnce() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try Self.clipURI())
            engine.play()  // before .ready: playback starts once prerolled
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.playing) || recorder.error != nil },
                                       timeout: 10))
            engine.pause()
            engine.pause()
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.paused) }, timeout: 5))
            let pausedAt = try XCTUnwrap(engine.position)
            _ = MainLoop.run(until: { false }, timeout: 0.6)
            XCTAssertEqual(recorder.signals.filter { $0 == .paused }.count, 1)
            XCTAssertEqual(try XCTUnwrap(engine.position), pausedAt, accuracy: 0.01)
            XCTAssertLessThan(pausedAt, Self.clipSeconds)
        }
    }

    func testMissingFileReportsAResourceError() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri("/nonexistent-\(UUID().uuidString)/clip.mp4"))
            XCTAssertTrue(MainLoop.run(until: { recorder.error != nil }, timeout: 10))
            XCTAssertEqual(recorder.error?.kind, .resource)
            XCTAssertFalse(recorder.isReady)
            // One error, then silence.
            _ = MainLoop.run(until: { false }, timeout: 0.3)
            XCTAssertEqual(recorder.signals.count, 1)
        }
    }

    func testRandomBytesReportAnUnsupportedFormat() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let directory = try TestPaths.makeTemporaryDirectory("garbage")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // The same bytes every run: fresh random bytes now and then hold a few valid MP3 frame headers in a
            // row, which typefinding takes for audio, and the parser's failure is then not a format error.
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            let garbage = Data((0..<65_536).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
            try garbage.write(to: URL(fileURLWithPath: directory + "/garbage.mp4"))

            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri(directory + "/garbage.mp4"))
            XCTAssertTrue(MainLoop.run(until: { recorder.error != nil || recorder.isReady }, timeout: 10))
            XCTAssertEqual(recorder.error?.kind, .unsupportedFormat, recorder.error?.detail ?? "")
            XCTAssertFalse(recorder.isReady)
        }
    }

    func testStopSilencesTheEngineAndDroppingItReleasesIt() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            weak var released: GStreamerEngine?
            var recorder: EngineRecorder?
            do {
                let engine = Self.makeEngine()
                released = engine
                let watching = EngineRecorder(engine)
                recorder = watching
                engine.load(uri: try Self.clipURI())
                engine.play()
                XCTAssertTrue(MainLoop.run(until: { watching.positions.count >= 2 }, timeout: 10))
                engine.stop()
                engine.stop()  // harmless twice
            }
            let watching = try XCTUnwrap(recorder)
            let signals = watching.signals.count
            let frames = watching.frameCount
            _ = MainLoop.run(until: { false }, timeout: 0.6)
            XCTAssertEqual(watching.signals.count, signals)
            XCTAssertEqual(watching.frameCount, frames)
            // No registration (bus watch, frame bridge, timer) keeps the engine alive.
            XCTAssertNil(released)
        }
    }

    func testDroppingAPlayingEngineWithoutStopTearsItDown() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            weak var released: GStreamerEngine?
            var frames = 0
            do {
                let engine = Self.makeEngine()
                released = engine
                let observation = engine.videoOutput.observe { _ in frames += 1 }
                defer { observation.cancel() }
                engine.load(uri: try Self.clipURI())
                engine.play()
                XCTAssertTrue(MainLoop.run(until: { frames >= 3 }, timeout: 10),
                              "no frames; the pipeline waits in:\n" + engine.stateReport)
            }
            XCTAssertNil(released)
            let seen = frames
            _ = MainLoop.run(until: { false }, timeout: 0.5)
            XCTAssertEqual(frames, seen)
        }
    }
}
