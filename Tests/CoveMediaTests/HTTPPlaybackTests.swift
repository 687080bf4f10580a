import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Network playback the way the app does it: media served over loopback HTTP by the emulator, HLS through
/// playbin3's hlsdemux2.
final class HTTPPlaybackTests: XCTestCase {
    static let seconds = 4.0
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("http")
            Self.directory = directory
            try MediaEncoder.encodeHLS(to: directory + "/hls", seconds: seconds, renditions: [
                HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 800),
                HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300),
            ])
            // Video only: the engine must cope with a stream that has no audio branch.
            try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 2, width: 320, height: 180,
                                       withAudio: false)
            // With sound: qtdemux (push mode, over HTTP) then has two tracks whose ends differ.
            try MediaEncoder.encodeMP4(to: directory + "/clip-av.mp4", seconds: 3, width: 320, height: 180,
                                       withAudio: true)
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static func startEmulator() throws -> PlaybackAPIEmulator {
        if let error = encodeError { throw error }
        let catalog = EmulatorCatalog(accountID: "1", policyKey: "test-key", mediaRoot: try XCTUnwrap(directory))
        let emulator = PlaybackAPIEmulator(catalog: catalog)
        try emulator.start()
        return emulator
    }

    @MainActor
    private static func makeEngine() -> GStreamerEngine {
        GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
    }

    /// Plays `path` from a fresh emulator through a fresh engine, and hands the engine and its recorder to `body`.
    @MainActor
    private static func playing(_ path: String, _ body: (GStreamerEngine, EngineRecorder) throws -> Void) throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let engine = makeEngine()
        defer { engine.stop() }
        let recorder = EngineRecorder(engine)
        engine.load(uri: emulator.mediaBaseURL + path)
        engine.play()
        try body(engine, recorder)
    }

    func testHLSOverHTTPPlaysToTheEndWithPlaybin3() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: emulator.mediaBaseURL + "/hls/master.m3u8")
            XCTAssertEqual(engine.pipelineFactory, GStreamerRuntime.hasElement("playbin3") ? "playbin3" : "playbin")
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: Self.seconds + 15))
            XCTAssertNil(recorder.error)
            // Network playback may report buffering while it prerolls, before .ready.
            let settled = recorder.signals.filter { if case .buffering = $0 { false } else { true } }
            XCTAssertEqual(settled.first, .ready)
            XCTAssertEqual(settled.last, .endOfStream)
            XCTAssertEqual(try XCTUnwrap(engine.duration), Self.seconds, accuracy: 0.3)
            XCTAssertGreaterThan(recorder.frameCount, 30)
            let positions = recorder.positions
            XCTAssertEqual(positions, positions.sorted())
            // Buffering reports, if any, are coalesced to 10 % steps.
            for case .buffering(let percent) in recorder.signals {
                XCTAssertEqual(percent % 10, 0)
            }
            XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/index.m3u8") })
        }
    }

    func testMP4OverHTTPPlaysToTheEnd() throws {
        try MainActor.assumeIsolated {
            try Self.playing("/clip.mp4") { engine, recorder in
                XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: 15))
                XCTAssertNil(recorder.error)
                XCTAssertEqual(try XCTUnwrap(engine.duration), 2, accuracy: 0.2)
                XCTAssertEqual(recorder.lastFrame?.width, 320)
            }
        }
    }

    /// The slider's buffered region: hlsdemux2 downloads and parses segments ahead of the playhead (on loopback,
    /// soon the whole clip), never past the end.
    func testHLSBufferedPositionRunsAheadOfThePlayheadWithinTheDuration() throws {
        try MainActor.assumeIsolated {
            try Self.playing("/hls/master.m3u8") { engine, recorder in
                var samples: [(playhead: Double, buffered: Double)] = []
                XCTAssertTrue(MainLoop.run(until: {
                    if let buffered = engine.bufferedPosition, let playhead = recorder.positions.last,
                       samples.last?.playhead != playhead {
                        samples.append((playhead, buffered))
                    }
                    return recorder.isFinished
                }, timeout: Self.seconds + 15))
                XCTAssertNil(recorder.error)
                let duration = try XCTUnwrap(engine.duration)
                XCTAssertFalse(samples.isEmpty, "the buffered position was measured while playing")
                XCTAssertTrue(samples.contains { $0.playhead < duration - 1 && $0.buffered >= $0.playhead + 1 },
                              "media arrived at least a second ahead: \(samples)")
                for sample in samples {
                    XCTAssertGreaterThanOrEqual(sample.buffered, sample.playhead - 0.3, "\(samples)")
                    XCTAssertLessThanOrEqual(sample.buffered, duration, "\(samples)")
                }
            }
        }
    }

    /// Jump back then pause at once (what a viewer's ← then Space does): the pause lands while the flushing seek
    /// holds the pipeline in PAUSED, and must still be reported.
    func testPauseRightAfterASeekWhilePlayingIsReported() throws {
        try MainActor.assumeIsolated {
            try Self.playing("/clip.mp4") { engine, recorder in
                XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.playing) }, timeout: 15),
                              "\(recorder.signals); the pipeline waits in:\n" + engine.stateReport)
                _ = MainLoop.run(until: { false }, timeout: 0.5)
                engine.seek(to: 0, tolerance: 0.5)
                engine.pause()
                XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.paused) }, timeout: 5),
                              "\(recorder.signals)")
                XCTAssertFalse(recorder.isFinished)
            }
        }
    }

    /// The End key and a slider dragged to its right edge both ask for the duration itself. In an MP4 over HTTP
    /// that seek went past the shorter track's end, qtdemux pushed that track's data with no segment, and
    /// playsink's volume element raised a GStreamer CRITICAL (fatal in the test run). The video ends instead.
    func testASeekToTheVeryEndOfAnMP4OverHTTPEndsTheVideo() throws {
        try MainActor.assumeIsolated {
            try Self.playing("/clip-av.mp4") { engine, recorder in
                XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.playing) }, timeout: 15),
                              "\(recorder.signals)")
                let duration = try XCTUnwrap(engine.duration)
                let seekedAt = recorder.positions.count
                engine.seek(to: duration, tolerance: 0)
                XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: 10), "\(recorder.signals)")
                XCTAssertNil(recorder.error)
                XCTAssertTrue(recorder.hasEnded)
                // Seeked from the first second of three: the middle second is never played.
                let after = recorder.positions[seekedAt...]
                XCTAssertFalse(after.contains { $0 > 1 && $0 < duration - 1 }, "it went to the end: \(after)")
            }
        }
    }

    func testMissingHLSOverHTTPReportsAResourceError() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: emulator.mediaBaseURL + "/nothing-here/master.m3u8")
            XCTAssertTrue(MainLoop.run(until: { recorder.error != nil || recorder.isReady }, timeout: 15))
            XCTAssertEqual(recorder.error?.kind, .resource, "\(String(describing: recorder.error))")
        }
    }

    func testUnreachableServerReportsAResourceError() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            let url = emulator.mediaBaseURL + "/clip.mp4"
            emulator.stop()  // the port stays known, nothing listens on it
            let engine = Self.makeEngine()
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: url)
            XCTAssertTrue(MainLoop.run(until: { recorder.error != nil || recorder.isReady }, timeout: 15))
            XCTAssertEqual(recorder.error?.kind, .resource, "\(String(describing: recorder.error))")
        }
    }
}
