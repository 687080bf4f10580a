import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Engine signals reach the handler queued, in order, on the main loop: never from inside an engine call or a
/// bus message, so a handler may stop or reload the engine at any signal and nothing of the old load follows.
final class EngineSignalQueueTests: XCTestCase {
    nonisolated(unsafe) static var directory: String?

    override class func setUp() {
        super.setUp()
        directory = try? TestPaths.makeTemporaryDirectory("signal-queue")
        if let directory { try? MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 2, width: 320, height: 180) }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static func clipURI() throws -> String {
        try TestPaths.uri(XCTUnwrap(directory) + "/clip.mp4")
    }

    func testNoSignalArrivesInsideAnEngineCall() throws {
        try MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            defer { engine.stop() }
            var insideCall = false
            var signals: [EngineSignal] = []
            var signalsInsideCalls = 0
            engine.signalHandler = { signal in
                if insideCall { signalsInsideCalls += 1 }
                signals.append(signal)
            }
            func call(_ body: () -> Void) {
                insideCall = true
                body()
                insideCall = false
            }
            let uri = try Self.clipURI()
            call { engine.load(uri: uri) }
            XCTAssertTrue(signals.isEmpty, "load returns before anything is reported")
            XCTAssertTrue(MainLoop.run(until: { signals.contains(.ready) }, timeout: 10))
            call { engine.play() }
            XCTAssertTrue(MainLoop.run(until: { signals.contains(.playing) }, timeout: 5))
            call { engine.seek(to: 1, tolerance: 0.1) }
            call { engine.setRate(1.5) }
            call { engine.pause() }
            call { engine.play() }
            XCTAssertTrue(MainLoop.run(until: { signals.contains(.endOfStream) }, timeout: 10))
            XCTAssertEqual(signalsInsideCalls, 0)
            XCTAssertEqual(signals.first, .ready, "in order: Ready first")
            XCTAssertEqual(signals.last, .endOfStream, "in order: the end last")

            // A pipeline that refuses to start fails inside load: the error still comes on the loop's next turn.
            signals = []
            call { engine.load(uri: "cove-no-such-scheme://clip.mp4") }
            XCTAssertTrue(signals.isEmpty)
            XCTAssertTrue(MainLoop.run(until: { !signals.isEmpty }, timeout: 5))
            guard case .error = signals.first else { return XCTFail("\(signals)") }
            XCTAssertEqual(signalsInsideCalls, 0)
        }
    }

    func testAHandlerThatReloadsAtReadyHearsNothingMoreOfTheFirstLoad() throws {
        try MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            defer { engine.stop() }
            let uri = try Self.clipURI()
            var readies = 0
            var afterFirstReady: [EngineSignal] = []
            engine.signalHandler = { signal in
                if readies == 1 { afterFirstReady.append(signal) }
                if signal == .ready {
                    readies += 1
                    // At the first Ready, the same clip again: the first load's queued duration, seekable window and
                    // streams must not follow.
                    if readies == 1 { engine.load(uri: uri) }
                }
            }
            engine.load(uri: uri)
            XCTAssertTrue(MainLoop.run(until: { readies == 2 }, timeout: 10))
            XCTAssertEqual(afterFirstReady.first, .ready, "the second load's Ready comes first: \(afterFirstReady)")
        }
    }
}

/// A seek while playing is not a pause: the flushing seek takes the pipeline through PAUSED on its way back to
/// PLAYING (and HLS over HTTP buffers again), and the viewer (the inhibitor, MPRIS) must not hear Pause then Play.
final class EngineSeekWhilePlayingTests: XCTestCase {
    func testASeekWhilePlayingHLSOverHTTPReportsNoPause() throws {
        let directory = try TestPaths.makeTemporaryDirectory("seek-playing")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try MediaEncoder.encodeHLS(to: directory + "/hls", seconds: 6, renditions: [
            HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300),
        ])
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "key",
                                                                    mediaRoot: directory))
        try emulator.start()
        defer { emulator.stop() }
        MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: emulator.mediaBaseURL + "/hls/master.m3u8")
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.contains { $0 > 0.5 } }, timeout: 10),
                          "\(recorder.signals); the pipeline waits in:\n" + engine.stateReport)
            let before = recorder.signals.count
            // Accurate seeks and keyframe seeks (as the slider's half-second tolerance makes them).
            for (target, tolerance) in [(4.0, 0.1), (1.0, 0.1), (3.0, 1.0), (0.2, 1.0)] {
                engine.seek(to: target, tolerance: tolerance)
                XCTAssertTrue(MainLoop.run(until: {
                    recorder.positions.last.map { abs($0 - target) <= tolerance + 0.3 } ?? false
                }, timeout: 5), "landed near \(target)")
            }
            _ = MainLoop.run(until: { false }, timeout: 0.3)
            let after = recorder.signals.dropFirst(before)
            XCTAssertFalse(after.contains(.paused), "\(Array(after))")
        }
    }
}
