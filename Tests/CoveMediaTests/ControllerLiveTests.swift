import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Live HLS produced in real time by a GStreamer pipeline and served over HTTP: live vs DVR from the seekable
/// window, and a stalling origin.
final class ControllerLiveTests: XCTestCase {
    @MainActor
    private final class Live {
        let directory: String
        let producer: MediaLiveHLS
        let emulator: PlaybackAPIEmulator
        let recorder = ControllerRecorder()

        init(windowSegments: Int, backlogSeconds: Double) throws {
            directory = try TestPaths.makeTemporaryDirectory("live")
            producer = try MediaLiveHLS(directory: directory + "/live", windowSegments: windowSegments,
                                        backlogSeconds: backlogSeconds)
            emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k", mediaRoot: directory))
            try emulator.start()
        }

        /// Waits for the playlist to list `segments`, then plays it.
        func play(once segments: Int) throws {
            XCTAssertTrue(producer.waitForSegments(segments, timeout: 60))
            let url = try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/live/index.m3u8"))
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([Video.video(withURL: url)])
        }

        func finish() {
            recorder.finish()
            producer.stop()
            emulator.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    func testASlidingWindowIsLiveWithoutDuration() throws {
        try MainActor.assumeIsolated {
            let live = try Live(windowSegments: 5, backlogSeconds: 5)
            defer { live.finish() }
            try live.play(once: 5)
            XCTAssertTrue(MainLoop.run(until: { live.recorder.progress.count >= 4 }, timeout: 20), "\(live.recorder.lines)")
            XCTAssertTrue(live.recorder.contains(.duration(nil)), "\(live.recorder.lines)")
            XCTAssertTrue(live.recorder.contains(.videoType(.live)), "\(live.recorder.lines)")
            XCTAssertFalse(live.recorder.events.contains(.videoType(.liveDVR)))
            XCTAssertTrue(live.recorder.contains(.mediaType(.audioVideo)))
            let progress = live.recorder.progress
            XCTAssertEqual(progress, progress.sorted())
            XCTAssertGreaterThan(progress.last ?? 0, progress.first ?? 0)
        }
    }

    func testALongWindowIsLiveDVRAndSeekableBack() throws {
        try MainActor.assumeIsolated {
            let live = try Live(windowSegments: 80, backlogSeconds: 75)
            defer { live.finish() }
            try live.play(once: 70)
            XCTAssertTrue(MainLoop.run(until: { live.recorder.contains(.videoType(.liveDVR)) }, timeout: 20),
                          "\(live.recorder.lines)")
            let window = try XCTUnwrap(live.recorder.controller.currentSession?.seekableRange)
            XCTAssertGreaterThanOrEqual(window.length, VideoType.minimumDVRWindow)
            // Back into the window, about a minute behind the live edge.
            XCTAssertTrue(MainLoop.run(until: { live.recorder.contains(.lifecycle(.play)) }, timeout: 10))
            let target = window.start + 5
            XCTAssertTrue(live.recorder.controller.seek(to: target))
            XCTAssertTrue(MainLoop.run(until: { abs((live.recorder.progress.last ?? 0) - target) < 3 }, timeout: 10),
                          "\(live.recorder.progress.suffix(5)) target \(target)")
            // What has arrived lies in the window, from the playhead on: the slider draws it against the window.
            var seen = ""
            XCTAssertTrue(MainLoop.run(until: {
                guard let session = live.recorder.controller.currentSession, let buffered = session.bufferedPosition,
                      let window = session.seekableRange else { return false }
                seen = "buffered \(buffered) playhead \(session.position) window \(window)"
                return buffered >= session.position + 0.5 && buffered <= window.end
            }, timeout: 10), seen)
        }
    }

    /// The origin stops producing: playback runs out of media (PlaybackStalled) and continues once the playlist
    /// moves again (PlaybackRecovered).
    func testAStallingOriginGivesStalledThenRecovered() throws {
        try MainActor.assumeIsolated {
            let live = try Live(windowSegments: 6, backlogSeconds: 3)
            defer { live.finish() }
            try live.play(once: 3)
            XCTAssertTrue(MainLoop.run(until: { live.recorder.progress.count >= 3 }, timeout: 20), "\(live.recorder.lines)")
            live.producer.pause()
            XCTAssertTrue(live.recorder.wait(for: .lifecycle(.playbackStalled), timeout: 20), "\(live.recorder.lines)")
            try live.producer.resume()
            XCTAssertTrue(live.recorder.wait(for: .lifecycle(.playbackRecovered), timeout: 20), "\(live.recorder.lines)")
            let lifecycle = live.recorder.lifecycle
            XCTAssertFalse(lifecycle.contains("FailedToPlayToEndTime"), "\(lifecycle)")
            let stalled = try XCTUnwrap(lifecycle.firstIndex(of: "PlaybackStalled"))
            XCTAssertEqual(lifecycle[stalled - 1], "PlaybackBufferEmpty")
            let count = live.recorder.progress.count
            XCTAssertTrue(MainLoop.run(until: { live.recorder.progress.count > count + 2 }, timeout: 10), "plays on")
        }
    }
}
