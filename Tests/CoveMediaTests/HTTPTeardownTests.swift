import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import Glibc
import XCTest

/// HTTP pipelines taken down through the disposal queue at the moments a viewer causes it (a video switch, a skip):
/// during the preroll, the moment it is ready, and while playing, MP4 and HLS, with the server kept until every
/// pipeline is down. A crash ends this test process, so the test fails; `DecodebinOrphanTests` builds the one
/// state GStreamer 1.22 cannot take down on purpose.
final class HTTPTeardownTests: XCTestCase {
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("teardown")
            Self.directory = directory
            try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 4, width: 640, height: 360)
            try MediaEncoder.encodeHLS(to: directory + "/hls", seconds: 4, renditions: [
                HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 600),
            ], segmentSeconds: 1)
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static var rounds: Int {
        ProcessInfo.processInfo.environment["COVE_TEARDOWN_ROUNDS"].flatMap(Int.init) ?? 12
    }

    @MainActor
    private static func tearDownRepeatedly(_ path: String) throws {
        if let error = Self.encodeError { throw error }
        let catalog = EmulatorCatalog(accountID: "1", policyKey: "test-key", mediaRoot: try XCTUnwrap(Self.directory))
        let emulator = PlaybackAPIEmulator(catalog: catalog)
        try emulator.start()
        defer {
            // The server outlives every pipeline that reads from it.
            XCTAssertTrue(GStreamerRuntime.waitForReleasedPipelines(timeout: 20))
            emulator.stop()
        }
        var random = SystemRandomNumberGenerator()
        var played = 0
        for round in 0..<Self.rounds {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            let recorder = EngineRecorder(engine)
            engine.load(uri: emulator.mediaBaseURL + path)
            engine.play()
            switch round % 3 {
            case 0:
                // During the preroll.
                _ = MainLoop.run(until: { false }, timeout: Double.random(in: 0...0.3, using: &random))
            case 1:
                // The moment it is ready.
                _ = MainLoop.run(until: { recorder.isReady || recorder.error != nil }, timeout: 15)
            default:
                // While playing.
                _ = MainLoop.run(until: { recorder.frameCount > 0 || recorder.error != nil }, timeout: 15)
                _ = MainLoop.run(until: { false }, timeout: Double.random(in: 0...1.5, using: &random))
            }
            XCTAssertNil(recorder.error, "round \(round)")
            if recorder.frameCount > 0 { played += 1 }
            engine.stop()
        }
        XCTAssertGreaterThan(played, 0)
    }

    func testMP4OverHTTPTornDownAtAnyMoment() throws {
        try MainActor.assumeIsolated { try Self.tearDownRepeatedly("/clip.mp4") }
    }

    func testHLSOverHTTPTornDownAtAnyMoment() throws {
        try MainActor.assumeIsolated { try Self.tearDownRepeatedly("/hls/master.m3u8") }
    }
}
