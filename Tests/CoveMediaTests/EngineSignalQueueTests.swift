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
