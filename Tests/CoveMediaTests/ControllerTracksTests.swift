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
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("tracks")
            Self.directory = directory
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
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static func startEmulator() throws -> PlaybackAPIEmulator {
        if let encodeError { throw encodeError }
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k",
                                                                     mediaRoot: try XCTUnwrap(directory)))
        try emulator.start()
        return emulator
    }

    private static func languagesVideo(_ emulator: PlaybackAPIEmulator, id: String) throws -> Video {
        let json: JSONValue = [
            "id": .string(id),
            "sources": [["src": .string(emulator.mediaBaseURL + "/languages/master.m3u8"),
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
            defer { recorder.controller.terminateCurrentSession() }
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.languagesVideo(emulator, id: "v1")])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            let session = try XCTUnwrap(recorder.controller.currentSession)
            XCTAssertEqual(session.audioTracks.map(\.language), ["en", "de"])
            XCTAssertEqual(session.captionTracks.map(\.language), ["en", "de", "fr"])
            XCTAssertEqual(session.captionTracks.map(\.isSidecar), [false, false, true])
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "en" }, timeout: 5))
            XCTAssertTrue(MainLoop.run(until: { session.selectedCaptionTrack == nil }, timeout: 5),
                          "nothing remembered: captions start off")

            recorder.controller.selectAudioTrack(session.audioTracks[1])
            XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.language == "de" }, timeout: 5),
                          "\(recorder.lines)")
            recorder.controller.selectCaption(.track(session.captionTracks[1]))
            XCTAssertTrue(MainLoop.run(until: { session.selectedCaptionTrack?.language == "de" }, timeout: 5),
                          "\(recorder.lines)")
            XCTAssertEqual(persistence.language, "de")
            XCTAssertTrue(recorder.events.contains(.audioTrack(session.audioTracks[1])))
            XCTAssertFalse(recorder.lifecycle.contains("Fail"))
            print("LINES", recorder.lines.joined(separator: "\n"))
        }
    }
}
