import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// The viewer's audio, caption and audio description wishes against a real HLS master through playbin3 and
/// hlsdemux2: English, French and English audio description audio; English, English SDH and French forced
/// subtitles.
final class MediaSelectionTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?
    static let described = "public.accessibility.describes-video"
    static let sdh = "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound"

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("selection") { directory in
            try MediaEncoder.encodeMultiLanguageHLS(
                to: directory + "/accessible", seconds: 6,
                audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                        HLSAudioLanguage(language: "fr", name: "Français", frequency: 550),
                        HLSAudioLanguage(language: "en", name: "English AD", frequency: 660,
                                         characteristics: described)],
                subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Caption"),
                            HLSSubtitleLanguage(language: "en", name: "English SDH", cuePrefix: "[music]",
                                                characteristics: sdh),
                            HLSSubtitleLanguage(language: "fr", name: "Français forcé", cuePrefix: "Forcé",
                                                forced: true)])
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private func play(_ preferences: MediaSelectionPreferences,
                      _ check: @MainActor (ControllerRecorder, PlaybackAPIEmulator) throws -> Void) throws {
        try MainActor.assumeIsolated {
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            recorder.controller.mediaSelection = preferences
            recorder.controller.autoPlay = true
            let video = try Video(json: ["id": "v1", "sources": [[
                "src": .string(emulator.mediaBaseURL + "/accessible/master.m3u8"), "type": "application/x-mpegURL"]]])
            recorder.controller.setVideos([video])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            try check(recorder, emulator)
        }
    }

    /// The audio description is its own track (hlsdemux2 would fold it into the main English audio), every
    /// track has its name, and the roles are told; the forced subtitles are no choice of their own.
    func testEveryRenditionIsListedWithItsNameAndRoles() throws {
        try play(MediaSelectionPreferences()) { recorder, _ in
            let session = try XCTUnwrap(recorder.controller.currentSession)
            XCTAssertEqual(session.audioTracks.map(\.name), ["English", "Français", "English AD"])
            XCTAssertEqual(session.audioTracks.map(\.language), ["en", "fr", "en"])
            XCTAssertEqual(session.audioTracks.map(\.roles), [[], [], [.description]])
            XCTAssertEqual(session.captionTracks.map(\.name), ["English", "English SDH"])
            XCTAssertEqual(session.captionTracks.map(\.roles), [[], [.sdh]])
            XCTAssertEqual(session.forcedCaptionTracks.map(\.language), ["fr"])
            XCTAssertEqual(session.audioTracks.map(TrackTitle.of), ["English", "Français", "English (Audio description)"])
            XCTAssertEqual(session.captionTracks.map(TrackTitle.of), ["English", "English (SDH)"])
            let line = try XCTUnwrap(recorder.events.compactMap { event -> String? in
                guard case .tracks = event else { return nil }
                return event.jsonLine
            }.last)
            XCTAssertTrue(line.contains(#""name":"English AD","sidecar":false,"roles":["description"]"#), line)
            XCTAssertTrue(line.contains(#""roles":["forced"]"#), line)
        }
    }

    /// "Prefer audio description" plays the described rendition: its segments are the ones fetched.
    func testAudioDescriptionIsPlayedWhenPreferred() throws {
        try play(MediaSelectionPreferences(audioLanguage: "en", prefersAudioDescription: true)) { recorder, emulator in
            MediaSelectionChecks.describedAudioPlays(recorder, emulator, suffix: ".ts")
        }
    }

    /// French audio for a viewer whose language is English: English captions, the plain ones before SDH.
    func testTheAudioLanguageIsPlayedAndCaptionsFollowWhenItIsNotTheViewers() throws {
        try play(MediaSelectionPreferences(audioLanguage: "fr", viewerLanguage: "en")) { recorder, _ in
            var session: PlaybackSession { recorder.controller.currentSession! }
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "fr" }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertTrue(MainLoop.run(until: { session.selectedCaptionTrack != nil }, timeout: 5), "\(recorder.lines)")
            XCTAssertEqual(session.selectedCaptionTrack?.name, "English")
            // The viewer's own language spoken: captions go off again, as nothing was chosen.
            recorder.controller.selectAudioTrack(try XCTUnwrap(session.audioTracks.first { $0.name == "English" }))
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.name == "English" }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertNil(session.selectedCaptionTrack)
        }
    }

    /// Captions off and French spoken: the forced French subtitles show by themselves, while the menu says Off;
    /// English spoken, they go.
    func testForcedSubtitlesShowByThemselvesInTheLanguageSpoken() throws {
        try play(MediaSelectionPreferences(audioLanguage: "fr", captions: .off)) { recorder, _ in
            var session: PlaybackSession { recorder.controller.currentSession! }
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "fr" }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertNil(session.selectedCaptionTrack)
            XCTAssertEqual(session.shownCaptionTrack?.name, "Français forcé")
            XCTAssertNil(recorder.controller.state.selectedCaptionTrack)
            recorder.controller.selectAudioTrack(try XCTUnwrap(session.audioTracks.first { $0.name == "English" }))
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.name == "English" }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertNil(session.shownCaptionTrack)
        }
    }
}
