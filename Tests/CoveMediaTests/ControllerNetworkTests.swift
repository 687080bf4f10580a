import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// The HLS server goes away mid-playback and comes back on the same port; and a bumper before the content.
final class ControllerNetworkTests: XCTestCase {
    static let seconds = 10.0
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("network") { directory in
            try MediaEncoder.encodeHLS(to: directory + "/hls", seconds: seconds, renditions: [
                HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 250),
            ], segmentSeconds: 1)
            try MediaEncoder.encodeMP4(to: directory + "/bumper.mp4", seconds: 1, width: 320, height: 180,
                                       pattern: "ball")
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private static func startEmulator(port: UInt16 = 0) throws -> PlaybackAPIEmulator {
        try XCTUnwrap(media).startEmulator(port: port)
    }

    private static func video(_ path: String, at emulator: PlaybackAPIEmulator, id: String) throws -> Video {
        try Video(json: ["id": .string(id), "sources": [["src": .string(emulator.mediaBaseURL + "/" + path)]]])
    }

    /// FailedToPlayToEndTime and no retry of its own; the app's resume at the last position then plays to the
    /// end, with ResumeBegin/ResumeComplete and progress that never goes back or repeats.
    func testAServerOutageFailsPlaybackAndAResumeFinishesIt() throws {
        try MainActor.assumeIsolated {
            var emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let port = emulator.port
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            // A two-second forward buffer: the outage is felt at once instead of 30 s later.
            recorder.controller.bufferOptimization = BufferOptimization(minimumDuration: 2, maximumDuration: 2)
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.video("hls/master.m3u8", at: emulator, id: "v")])
            XCTAssertTrue(MainLoop.run(until: { (recorder.progress.last ?? 0) >= 1.5 }, timeout: 20), "\(recorder.lines)")
            emulator.stop()
            XCTAssertTrue(recorder.wait(for: .lifecycle(.failedToPlayToEndTime), timeout: 30), "\(recorder.lines)")
            let failedAt = try XCTUnwrap(recorder.controller.currentSession?.position)
            XCTAssertLessThan(failedAt, Self.seconds - 1)
            XCTAssertTrue(recorder.events.contains { if case .error(PlaybackErrorCode.failedToPlayToEnd, _) = $0 { true } else { false } })
            // No automatic retry: nothing happens until the app resumes.
            let count = recorder.events.count
            settle(1.5)
            XCTAssertEqual(recorder.events.count, count, "\(recorder.lines.suffix(3))")

            emulator = try Self.startEmulator(port: port)
            recorder.controller.resumeVideo(at: failedAt, autoPlay: true)
            XCTAssertTrue(recorder.wait(for: .lifecycle(.end), timeout: 30), "\(recorder.lines)")
            let afterFailure = Array(recorder.lifecycle.drop { $0 != "FailedToPlayToEndTime" })
            XCTAssertEqual(afterFailure.filter { !$0.hasPrefix("PlaybackBuffer") && !$0.hasPrefix("Playback") },
                           ["FailedToPlayToEndTime", "ResumeBegin", "ResumeComplete", "Play", "End"])
            XCTAssertEqual(recorder.count(.lifecycle(.ready)), 1)
            let progress = recorder.progress
            XCTAssertEqual(progress, progress.sorted(), "progress never goes back")
            XCTAssertEqual(Set(progress).count, progress.count, "nor repeats")
            XCTAssertEqual(progress.last ?? 0, Self.seconds, accuracy: 0.3)
            XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix(".ts") }, "the rest came from the new server")
        }
    }

    /// The bumper plays first through the same engine, then the content; no seeking meanwhile.
    func testTheBumperPlaysBeforeTheContent() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.video("hls/master.m3u8", at: emulator, id: "content")],
                                          bumper: try Self.video("bumper.mp4", at: emulator, id: "bumper"))
            XCTAssertTrue(MainLoop.run(until: { recorder.events.contains { if case .bumperProgress = $0 { true } else { false } } },
                                       timeout: 20), "\(recorder.lines)")
            XCTAssertFalse(recorder.controller.seek(to: 5), "no seeking during the bumper")
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            XCTAssertEqual(Array(recorder.normalizedLines.prefix(5)), [
                #"{"type":"session","video_id":"content","source":"\#(emulator.mediaBaseURL)/hls/master.m3u8"}"#,
                #"{"type":"lifecycle","event":"BumperEnter"}"#,
                #"{"type":"lifecycle","event":"BumperExit"}"#,
                #"{"type":"lifecycle","event":"Ready"}"#,
                #"{"type":"duration","duration":10}"#,
            ])
            let bumperProgress = recorder.events.compactMap { if case .bumperProgress(let time) = $0 { time } else { nil } }
            XCTAssertEqual(bumperProgress.last ?? 0, 1, accuracy: 0.1)
            XCTAssertFalse(recorder.progress.contains { $0 > 2 }, "content progress starts after the bumper")
            XCTAssertTrue(recorder.controller.seek(to: 5))
            XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/bumper.mp4") })
        }
    }
}
