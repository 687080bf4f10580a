import CFileWatch
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// A server's master playlist whose subtitle renditions cannot be fetched (a `file:` rendition, a `file:`
/// segment, a missing playlist) over HTTP through playbin3 and hlsdemux2: the video plays on, and no local file is
/// opened by anyone (inotify on the directory the addresses name sees nothing).
final class HostileRenditionTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("hostile") { directory in
            let languages = directory + "/languages"
            try MediaEncoder.encodeMultiLanguageHLS(
                to: languages, seconds: 6,
                audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                        HLSAudioLanguage(language: "de", name: "Deutsch", frequency: 660)],
                subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Caption"),
                            HLSSubtitleLanguage(language: "de", name: "Deutsch", cuePrefix: "Untertitel")],
                sidecars: [])
            // Real local files the hostile playlists name, outside the served root.
            let local = directory + "/local"
            try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
            let vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:06.000\nSecret\n"
            try vtt.write(toFile: local + "/subs.vtt", atomically: true, encoding: .utf8)
            try playlist(["subs.vtt"]).write(toFile: local + "/subs.m3u8", atomically: true, encoding: .utf8)
            let original = try String(contentsOfFile: languages + "/master.m3u8", encoding: .utf8)
            func master(_ name: String, subtitles: String) throws {
                try original.replacing(#"URI="subs_en/index.m3u8""#, with: #"URI="\#(subtitles)""#)
                    .replacing(#"URI="subs_de/index.m3u8""#, with: #"URI="\#(subtitles)""#)
                    .write(toFile: languages + "/" + name, atomically: true, encoding: .utf8)
            }
            try master("master-file-rendition.m3u8", subtitles: "file://" + local + "/subs.m3u8")
            try FileManager.default.createDirectory(atPath: languages + "/subs_file", withIntermediateDirectories: true)
            try playlist(["file://" + local + "/subs.vtt"])
                .write(toFile: languages + "/subs_file/index.m3u8", atomically: true, encoding: .utf8)
            try master("master-file-segment.m3u8", subtitles: "subs_file/index.m3u8")
            try master("master-missing-subs.m3u8", subtitles: "subs_missing/index.m3u8")
            try original.replacing(#"URI="audio_de/index.m3u8""#, with: #"URI="audio_missing/index.m3u8""#)
                .write(toFile: languages + "/master-missing-audio.m3u8", atomically: true, encoding: .utf8)
            // An alternate audio rendition a server names as a local file.
            try playlist(["audio.ts"]).write(toFile: local + "/audio.m3u8", atomically: true, encoding: .utf8)
            try original.replacing(#"URI="audio_de/index.m3u8""#, with: #"URI="file://\#(local)/audio.m3u8""#)
                .write(toFile: languages + "/master-file-audio.m3u8", atomically: true, encoding: .utf8)
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private static func playlist(_ segments: [String]) -> String {
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n"
            + segments.map { "#EXTINF:6,\n\($0)\n" }.joined() + "#EXT-X-ENDLIST\n"
    }

    /// Plays `master` from the emulator and asserts that it reaches Play and plays past 2 s without any file in
    /// the local directory being opened.
    @MainActor
    private static func assertPlaysWithoutOpeningFiles(_ master: String, audio: [String?] = ["en", "de"],
                                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let emulator = try XCTUnwrap(Self.media).startEmulator()
        defer { emulator.stop() }
        let watch = cove_file_watch_start(try XCTUnwrap(Self.media).path() + "/local")
        XCTAssertGreaterThanOrEqual(watch, 0, file: file, line: line)
        defer { cove_file_watch_stop(watch) }
        let recorder = ControllerRecorder()
        defer { recorder.finish() }
        recorder.controller.autoPlay = true
        let json: JSONValue = [
            "id": "hostile",
            "sources": [["src": .string(emulator.mediaBaseURL + "/languages/" + master),
                         "type": "application/x-mpegURL"]],
        ]
        recorder.controller.setVideos([try Video(json: json)])
        XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(master): \(recorder.lines)",
                      file: file, line: line)
        XCTAssertTrue(MainLoop.run(until: { recorder.progress.contains { $0 >= 2 } }, timeout: 15),
                      "\(master) plays on: \(recorder.lines.suffix(12))", file: file, line: line)
        let session = try XCTUnwrap(recorder.controller.currentSession, file: file, line: line)
        XCTAssertEqual(session.captionTracks.map(\.language), ["en", "de"], "\(master)", file: file, line: line)
        XCTAssertEqual(session.audioTracks.map(\.language), audio, "\(master)", file: file, line: line)
        XCTAssertFalse(emulator.requests.contains { $0.path.contains("/subs") }, "GStreamer fetches no subtitle",
                       file: file, line: line)
        XCTAssertEqual(cove_file_watch_events(watch), 0, "\(master): no local file opened", file: file, line: line)
    }

    func testAFileRenditionNeitherStallsNorIsOpened() throws {
        try MainActor.assumeIsolated { try Self.assertPlaysWithoutOpeningFiles("master-file-rendition.m3u8") }
    }

    func testAFileSegmentNeitherStallsNorIsOpened() throws {
        try MainActor.assumeIsolated { try Self.assertPlaysWithoutOpeningFiles("master-file-segment.m3u8") }
    }

    /// The German audio rendition names a local file: it is not offered (hlsdemux2 never sees it), English plays.
    func testAFileAudioRenditionIsLeftOutAndTheDefaultAudioPlays() throws {
        try MainActor.assumeIsolated {
            try Self.assertPlaysWithoutOpeningFiles("master-file-audio.m3u8", audio: ["en"])
        }
    }

    /// Choosing an alternate audio rendition the server cannot deliver (404): hlsdemux2 fails, so the rendition is
    /// left out with a warning and the content reloads where it was with the audio it had, and plays on.
    func testAMissingAudioRenditionChosenFallsBackToTheAudioItHad() throws {
        try MainActor.assumeIsolated {
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            let json: JSONValue = [
                "id": "missing-audio",
                "sources": [["src": .string(emulator.mediaBaseURL + "/languages/master-missing-audio.m3u8"),
                             "type": "application/x-mpegURL"]],
            ]
            recorder.controller.setVideos([try Video(json: json)])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            XCTAssertNotNil(recorder.controller.currentSession)
            // The session as it is now: a value, read anew each time.
            var session: PlaybackSession { recorder.controller.currentSession! }
            XCTAssertTrue(MainLoop.run(until: { session.position >= 1 }, timeout: 10), "\(recorder.lines)")
            XCTAssertEqual(session.audioTracks.map(\.language), ["en", "de"])
            recorder.controller.selectAudioTrack(session.audioTracks[1])
            let chosenAt = session.position
            XCTAssertTrue(recorder.wait(for: .lifecycle(.resumeComplete), timeout: 15), "\(recorder.lines.suffix(12))")
            XCTAssertTrue(recorder.events.contains { event in
                if case .warning(PlaybackController.audioTrackUnavailableCode, _) = event { true } else { false }
            }, "\(recorder.lines.suffix(12))")
            XCTAssertEqual(session.audioTracks.map(\.language), ["en"], "the rendition is left out")
            XCTAssertEqual(session.selectedAudioTrack?.language, "en")
            XCTAssertTrue(MainLoop.run(until: { session.position >= chosenAt + 2 }, timeout: 15),
                          "plays on: \(recorder.lines.suffix(12))")
            XCTAssertFalse(session.transport.hasFailed)
            XCTAssertFalse(recorder.events.contains { if case .error = $0 { true } else { false } },
                           "\(recorder.lines.suffix(12))")
        }
    }

    func testAMissingRenditionDoesNotStall() throws {
        try MainActor.assumeIsolated { try Self.assertPlaysWithoutOpeningFiles("master-missing-subs.m3u8") }
    }
}
