import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// A DASH presentation through playbin3 and dashdemux2, as a packager writes one: three video Representations;
/// English, French and English audio description AdaptationSets with `Label` and `Role`; English, English SDH
/// (`Role` caption) and French forced (`Role` forced-subtitle) WebVTT files. dashdemux2 passes on none of the
/// labels, roles or Representations: Cove reads them from the MPD.
final class DASHSelectionTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?
    static let seconds = 12.0

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("dash") { directory in
            try MediaEncoder.encodeDASH(
                to: directory + "/dash", seconds: seconds,
                video: [HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 900),
                        HLSRendition(name: "270p", width: 480, height: 270, videoBitrateKbps: 500),
                        HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 200)],
                audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                        HLSAudioLanguage(language: "fr", name: "Français", frequency: 550),
                        HLSAudioLanguage(language: "en", name: "English AD", frequency: 660,
                                         characteristics: MediaSelectionTests.described)],
                subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Caption"),
                             HLSSubtitleLanguage(language: "en", name: "English SDH", cuePrefix: "[music]",
                                                 characteristics: MediaSelectionTests.sdh),
                             HLSSubtitleLanguage(language: "fr", name: "Français forcé", cuePrefix: "Forcé",
                                                 forced: true)])
            // The same presentation naming a subtitle file the server does not have.
            let mpd = try String(contentsOfFile: directory + "/dash/manifest.mpd", encoding: .utf8)
            try mpd.replacingOccurrences(of: "subs_en.vtt", with: "missing.vtt")
                .write(toFile: directory + "/dash/missing-subtitles.mpd", atomically: true, encoding: .utf8)
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private func play(_ preferences: MediaSelectionPreferences, videoOutput: EngineOptions.VideoOutput = .none,
                      manifest: String = "manifest.mpd",
                      _ check: @MainActor (ControllerRecorder, PlaybackAPIEmulator) throws -> Void) throws {
        try MainActor.assumeIsolated {
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder(videoOutput: videoOutput)
            defer { recorder.finish() }
            recorder.controller.mediaSelection = preferences
            recorder.controller.autoPlay = true
            let video = try Video(json: ["id": "v1", "sources": [[
                "src": .string(emulator.mediaBaseURL + "/dash/" + manifest), "type": "application/dash+xml"]]])
            recorder.controller.setVideos([video])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            try check(recorder, emulator)
        }
    }

    private static func segments(_ emulator: PlaybackAPIEmulator, after index: Int = 0) -> [String] {
        emulator.requests.dropFirst(index).map(\.path).filter { $0.hasSuffix(".m4s") }
    }

    /// Every AdaptationSet is listed with its Label and roles, the forced subtitles are no choice of their own, the
    /// subtitle files are Cove's to load, and the Quality menu offers the three Representations.
    func testEveryAdaptationSetIsListedWithItsLabelRolesAndRepresentations() throws {
        try play(MediaSelectionPreferences()) { recorder, emulator in
            let session = try XCTUnwrap(recorder.controller.currentSession)
            XCTAssertEqual(session.audioTracks.map(\.name), ["English", "Français", "English AD"])
            XCTAssertEqual(session.audioTracks.map(\.language), ["en", "fr", "en"])
            XCTAssertEqual(session.audioTracks.map(TrackTitle.of), ["English", "Français", "English (Audio description)"])
            XCTAssertEqual(session.captionTracks.map(TrackTitle.of), ["English", "English (SDH)"])
            XCTAssertEqual(session.forcedCaptionTracks.map(\.name), ["Français forcé"])
            let sdh = try XCTUnwrap(session.captionTracks.last)
            XCTAssertEqual(session.captionSource(for: sdh),
                           .webVTT(try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/dash/subs_en_1.vtt"))))
            XCTAssertEqual(recorder.controller.state.renditions.compactMap(\.height), [360, 270, 180])
            XCTAssertEqual(recorder.controller.state.renditions.map(\.qualityLabel),
                           ["360p · 1.1 Mb/s", "270p · 625 kb/s", "180p · 250 kb/s"])
            let line = try XCTUnwrap(recorder.events.compactMap { event -> String? in
                guard case .tracks = event else { return nil }
                return event.jsonLine
            }.last)
            XCTAssertTrue(line.contains(#""name":"English AD","sidecar":false,"roles":["description"]"#), line)
            XCTAssertTrue(line.contains(#""name":"English SDH","sidecar":false,"roles":["sdh"]"#), line)
        }
    }

    /// dashdemux2 would fetch the first subtitle file on its own, and one it cannot fetch would stall the video
    /// before Ready: the text AdaptationSets never reach it. The file is still listed; only choosing it fetches it.
    func testASubtitleFileTheServerDoesNotHaveLeavesTheVideoPlaying() throws {
        try play(MediaSelectionPreferences(), manifest: "missing-subtitles.mpd") { recorder, emulator in
            var session: PlaybackSession { recorder.controller.currentSession! }
            XCTAssertTrue(MainLoop.run(until: { session.position > 1 }, timeout: 10), "\(recorder.lines)")
            XCTAssertEqual(session.captionTracks.map(\.name), ["English", "English SDH"])
            XCTAssertFalse(emulator.requests.contains { $0.path.hasSuffix(".vtt") }, "\(emulator.requests.map(\.path))")
        }
    }

    /// "Prefer audio description" plays the described AdaptationSet: its segments are the ones fetched.
    func testAudioDescriptionIsPlayedWhenPreferred() throws {
        try play(MediaSelectionPreferences(audioLanguage: "en", prefersAudioDescription: true)) { recorder, emulator in
            MediaSelectionChecks.describedAudioPlays(recorder, emulator, suffix: ".m4s")
        }
    }

    /// Captions off and French spoken: the forced French subtitles show by themselves.
    func testForcedSubtitlesShowByThemselvesInTheLanguageSpoken() throws {
        try play(MediaSelectionPreferences(audioLanguage: "fr", captions: .off)) { recorder, emulator in
            var session: PlaybackSession { recorder.controller.currentSession! }
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "fr" }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertNil(session.selectedCaptionTrack)
            let forced = try XCTUnwrap(session.shownCaptionTrack)
            XCTAssertEqual(forced.name, "Français forcé")
            XCTAssertEqual(session.captionSource(for: forced),
                           .webVTT(try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/dash/subs_fr.vtt"))))
        }
    }

    /// A Representation chosen while playing is the only one fetched and shown from then on; Auto returns.
    func testAChosenRepresentationHolds() throws {
        try play(MediaSelectionPreferences(), videoOutput: .frames) { recorder, emulator in
            let controller = recorder.controller
            XCTAssertTrue(MainLoop.run(until: { recorder.lastFrameSize?.width == 640 }, timeout: 10),
                          "Auto on loopback plays the richest: \(String(describing: recorder.lastFrameSize))")
            let held = try XCTUnwrap(controller.state.renditions.last)
            XCTAssertEqual(held.height, 180)
            let asked = emulator.requests.count
            let before = controller.state.position
            controller.selectQuality(.rendition(held))
            XCTAssertGreaterThanOrEqual(controller.state.position, before, "the place is kept")
            XCTAssertTrue(MainLoop.run(until: { recorder.lastFrameSize?.width == 320 }, timeout: 10),
                          "\(String(describing: recorder.lastFrameSize)) \(Self.segments(emulator, after: asked))")
            let heldFrom = controller.state.position
            var sizes = Set<Int>()
            XCTAssertTrue(MainLoop.run(until: {
                if let width = recorder.lastFrameSize?.width { sizes.insert(width) }
                return controller.state.position > heldFrom + 4 || recorder.events.contains(.lifecycle(.end))
            }, timeout: 30), "\(recorder.lines.suffix(5))")
            XCTAssertEqual(sizes, [320], "the picture stayed on the Representation chosen")
            let video = Self.segments(emulator, after: asked).filter { $0.contains("/video_") }
            XCTAssertFalse(video.dropFirst(1).contains { !$0.contains("/video_180p/") }, "\(video)")
            XCTAssertFalse(recorder.lifecycle.contains("Fail"))
        }
    }
}
