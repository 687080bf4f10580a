import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Audio renditions, in-manifest and sidecar captions, caption persistence and the bitrate cap, over HTTP through
/// playbin3 and hlsdemux2.
final class ControllerTracksTests: XCTestCase {
    static let seconds = 6.0
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("tracks") { directory in
            try MediaEncoder.encodeMultiLanguageHLS(
                to: directory + "/languages", seconds: seconds,
                audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                        HLSAudioLanguage(language: "de", name: "Deutsch", frequency: 660)],
                subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Caption"),
                            HLSSubtitleLanguage(language: "de", name: "Deutsch", cuePrefix: "Untertitel")],
                sidecars: [HLSSubtitleLanguage(language: "fr", name: "Français", cuePrefix: "Sous-titre")])
            try MediaEncoder.encodeHLS(to: directory + "/ladder", seconds: 4, renditions: [
                HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 900),
                HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 250),
            ])
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private static func startEmulator() throws -> PlaybackAPIEmulator {
        try XCTUnwrap(media).startEmulator()
    }

    /// `master`: "master.m3u8" (with subtitle renditions) or "master-nosubs.m3u8" (captions only as sidecars).
    private static func languagesVideo(_ emulator: PlaybackAPIEmulator, id: String,
                                       master: String = "master.m3u8") throws -> Video {
        let json: JSONValue = [
            "id": .string(id),
            "sources": [["src": .string(emulator.mediaBaseURL + "/languages/" + master),
                         "type": "application/x-mpegURL"]],
            "text_tracks": [["src": .string(emulator.mediaBaseURL + "/languages/sidecar_fr.vtt"), "srclang": "fr",
                             "label": "Français", "kind": "captions", "mime_type": "text/vtt"]],
        ]
        return try Video(json: json)
    }

    func testRenditionsAreListedAndAudioAndCaptionsSwitch() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let persistence = CaptionPersistence.inMemory()
            let recorder = ControllerRecorder(captionPersistence: persistence)
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.languagesVideo(emulator, id: "v1")])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            XCTAssertNotNil(recorder.controller.currentSession)
            // The session as it is now: a value, read anew each time.
            var session: PlaybackSession { recorder.controller.currentSession! }
            XCTAssertEqual(session.audioTracks.map(\.language), ["en", "de"])
            XCTAssertEqual(Set(session.captionTracks.map(\.language)), ["en", "de"], "no sidecars next to renditions")
            XCTAssertEqual(session.captionTracks.map(\.isSidecar), [false, false])
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "en" }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertNil(session.selectedCaptionTrack, "nothing remembered: captions start off")
            // hlsdemux2 never sees the subtitle renditions (the engine filters them out of its master playlist),
            // so GStreamer fetches no caption at all: Cove loads the cues itself.
            let subtitleFetches = { emulator.requests.filter { $0.path.contains("/subs_") }.count }
            let fetchedAtStart = subtitleFetches()
            XCTAssertEqual(fetchedAtStart, 0, "\(emulator.requests.map(\.path))")

            recorder.controller.selectAudioTrack(session.audioTracks[1])
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "de" }, timeout: 10),
                          "\(recorder.lines)")
            recorder.controller.selectCaption(.track(try XCTUnwrap(session.captionTracks.first { $0.language == "de" })))
            XCTAssertEqual(session.selectedCaptionTrack?.language, "de", "no engine round trip")
            XCTAssertEqual(persistence.language, "de")
            XCTAssertTrue(recorder.events.contains(.audioTrack(session.audioTracks[1])))
            // Playback goes on, and GStreamer neither decodes nor fetches any caption: Cove draws them.
            let now = session.position
            XCTAssertTrue(MainLoop.run(until: { session.position > now + 1 }, timeout: 10), "\(recorder.lines)")
            let engine = try XCTUnwrap(session.engine as? GStreamerEngine)
            XCTAssertEqual(engine.pipelineFactory, "playbin3")
            XCTAssertNil(engine.selectedTextStream)
            XCTAssertFalse(engine.rendersTextIntoFrames)
            XCTAssertEqual(subtitleFetches(), fetchedAtStart, "\(emulator.requests.map(\.path))")
            XCTAssertFalse(recorder.lifecycle.contains("Fail"))
        }
    }

    func testTheChosenCaptionLanguageCarriesOverToTheNextVideo() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let persistence = CaptionPersistence.inMemory()
            let recorder = ControllerRecorder(captionPersistence: persistence)
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.languagesVideo(emulator, id: "v1"),
                                           try Self.languagesVideo(emulator, id: "v2")])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            let controller = recorder.controller
            let first = try XCTUnwrap(controller.currentSession)
            let german = try XCTUnwrap(first.captionTracks.first { $0.language == "de" })
            controller.selectCaption(.track(german))
            XCTAssertEqual(controller.currentSession?.selectedCaptionTrack?.language, "de")

            controller.advanceToNext()
            let second = try XCTUnwrap(controller.currentSession?.id)
            XCTAssertNotEqual(second, first.id)
            XCTAssertTrue(MainLoop.run(until: { controller.currentSession?.selectedCaptionTrack?.language == "de" },
                                       timeout: 20), "\(recorder.lines)")

            let now = try XCTUnwrap(controller.currentSession)
            XCTAssertEqual(now.id, second)
            XCTAssertTrue(now.captionTracks.contains(try XCTUnwrap(now.selectedCaptionTrack)), "its own track")
            controller.selectCaption(.off)
            XCTAssertNil(persistence.language)
            XCTAssertNil(controller.currentSession?.selectedCaptionTrack)
            XCTAssertEqual(recorder.events.last, .captionTrack(nil))
        }
    }

    /// A stream without renditions offers the sidecar WebVTT file; choosing it (or Off) changes nothing in the
    /// pipeline: no reload, no lifecycle event, and GStreamer never fetches the file.
    func testASidecarCaptionIsChosenWithoutTouchingThePipeline() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.languagesVideo(emulator, id: "v1", master: "master-nosubs.m3u8")])
            XCTAssertTrue(MainLoop.run(until: { (recorder.progress.last ?? 0) >= 1 }, timeout: 20), "\(recorder.lines)")
            XCTAssertNotNil(recorder.controller.currentSession)
            // The session as it is now: a value, read anew each time.
            var session: PlaybackSession { recorder.controller.currentSession! }
            let french = try XCTUnwrap(session.captionTracks.last)
            XCTAssertEqual(session.captionTracks, [french])
            XCTAssertTrue(french.isSidecar)
            XCTAssertEqual(session.captionSource(for: french),
                           .webVTT(try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/languages/sidecar_fr.vtt"))))
            recorder.clear()

            recorder.controller.selectCaption(.track(french))
            XCTAssertEqual(session.selectedCaptionTrack, french)
            XCTAssertEqual(recorder.events, [.captionTrack(french)])
            XCTAssertTrue(MainLoop.run(until: { (recorder.progress.last ?? 0) >= 2 }, timeout: 10))
            XCTAssertEqual(recorder.lifecycle.filter { $0 != "PlaybackBufferEmpty" && $0 != "PlaybackLikelyToKeepUp" },
                           [], "a caption change is no new Ready nor Play")
            XCTAssertGreaterThanOrEqual(recorder.progress.first ?? 0, 1, "playback continued where it was")
            XCTAssertFalse(emulator.requests.contains { $0.path.hasSuffix(".vtt") }, "GStreamer loads no caption")

            recorder.controller.selectCaption(.off)
            XCTAssertNil(session.selectedCaptionTrack)
            XCTAssertEqual(recorder.events.last, .captionTrack(nil))
            XCTAssertFalse(recorder.lifecycle.contains("Ready"))
        }
    }

    /// 900 and 250 kbit/s renditions: a 500 kbit/s cap keeps the small one, lifting the cap lets the large one
    /// in (loopback is fast), for the next session too.
    func testThePreferredPeakBitRateCapsTheRendition() throws {
        try MainActor.assumeIsolated {
            let emulator = try Self.startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder(videoOutput: .frames)
            defer { recorder.finish() }
            let video = Video.video(withURL: try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/ladder/master.m3u8")))
            recorder.controller.setPreferredPeakBitRate(500_000)
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([video, video])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.end), timeout: 20), "\(recorder.lines)")
            XCTAssertEqual(recorder.lastFrameSize?.width, 320)
            // hlsdemux2 opens with the playlist's first variant; the cap applies from the first switch on.
            let segments = emulator.requests.map(\.path).filter { $0.hasSuffix(".ts") }
            XCTAssertLessThanOrEqual(segments.filter { $0.contains("/360p/") }.count, 1, "\(segments)")
            XCTAssertTrue(segments.last?.contains("/180p/") == true, "\(segments)")

            recorder.controller.setPreferredPeakBitRate(0)
            recorder.controller.advanceToNext()
            XCTAssertTrue(recorder.wait(for: .lifecycle(.end), times: 2, timeout: 20), "\(recorder.lines)")
            XCTAssertTrue(emulator.requests.map(\.path).filter { $0.contains("/360p/segment") }.count >= 2)
            XCTAssertEqual(recorder.lastFrameSize?.width, 640)
        }
    }
}
