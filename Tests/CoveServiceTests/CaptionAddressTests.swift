import CFileWatch
@testable import CoveEmulator
import CoveCore
import CoveService
import Foundation
import XCTest

/// Nothing local on a remote's word, and caps on what a caption track may fetch: an HLS master on the emulator
/// whose subtitle rendition (or its segment) names a `file:` address is refused without the file being opened
/// (inotify sees no open or read of it), while a file the user named has its captions beside it read. Each
/// refusal is a warning for a left-out track.
final class CaptionAddressTests: XCTestCase {
    private var directory = ""
    private var local = ""
    private var emulator: PlaybackAPIEmulator?

    override func setUpWithError() throws {
        directory = try EmulatorFixture.temporaryDirectory()
        try MediaEncoder.encodeMultiLanguageHLS(
            to: directory + "/media/languages", seconds: 2,
            audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440)],
            subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Caption")],
            sidecars: [HLSSubtitleLanguage(language: "fr", name: "Français", cuePrefix: "Sous-titre")])
        // Real files a hostile server names: a rendition playlist and its segment, outside the media root.
        local = directory + "/local"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        try write("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nSecret\n", to: local + "/subs.vtt")
        try write(Self.mediaPlaylist(["subs.vtt"]), to: local + "/subs.m3u8")
        let languages = directory + "/media/languages"
        try write(Self.master(subtitles: "file://" + local + "/subs.m3u8"), to: languages + "/master-file-rendition.m3u8")
        try FileManager.default.createDirectory(atPath: languages + "/subs_file", withIntermediateDirectories: true)
        try write(Self.mediaPlaylist(["file://" + local + "/subs.vtt"]), to: languages + "/subs_file/index.m3u8")
        try write(Self.master(subtitles: "subs_file/index.m3u8"), to: languages + "/master-file-segment.m3u8")
        emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: directory + "/media"))
    }

    override func tearDown() {
        emulator?.stop()
        EmulatorFixture.removeTree(directory)
    }

    static func mediaPlaylist(_ segments: [String], seconds: Int = 2) -> String {
        "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\(seconds)\n#EXT-X-PLAYLIST-TYPE:VOD\n"
            + segments.map { "#EXTINF:\(seconds),\n\($0)\n" }.joined() + "#EXT-X-ENDLIST\n"
    }

    static func master(subtitles: String) -> String {
        "#EXTM3U\n#EXT-X-VERSION:4\n"
            + "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aud\",LANGUAGE=\"en\",NAME=\"English\",DEFAULT=YES,AUTOSELECT=YES,"
            + "URI=\"audio_en/index.m3u8\"\n"
            + "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",LANGUAGE=\"en\",NAME=\"English\",DEFAULT=NO,"
            + "AUTOSELECT=YES,URI=\"\(subtitles)\"\n"
            + "#EXT-X-STREAM-INF:BANDWIDTH=1000000,CODECS=\"avc1.42c01e,mp4a.40.2\",AUDIO=\"aud\",SUBTITLES=\"subs\"\n"
            + "video/index.m3u8\n"
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func url(_ path: String) throws -> URL {
        try XCTUnwrap(URL(string: try XCTUnwrap(emulator).mediaBaseURL + path))
    }

    private func rendition(_ master: URL, origin: AddressOrigin = .network) -> CaptionTrackSource {
        .hlsRendition(master: master, language: "en", name: nil, ordinal: 0, index: 0, origin: origin)
    }

    /// The error `source` fails with; fails the test when it loads.
    private func failure(_ source: CaptionTrackSource, _ loader: CaptionLoader = CaptionLoader(),
                         file: StaticString = #filePath, line: UInt = #line) async -> TrackLoadError? {
        do throws(TrackLoadError) {
            _ = try await loader.cues(for: source)
            XCTFail("\(source) loaded", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testFileAddressesFromTheNetworkAreNeverOpened() async throws {
        let watch = cove_file_watch_start(local)
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { cove_file_watch_stop(watch) }

        let byRendition = await failure(rendition(try url("/languages/master-file-rendition.m3u8")))
        XCTAssertEqual(byRendition, .unsupportedURL(scheme: "file", url: "file://" + local + "/subs.m3u8"))
        let bySegment = await failure(rendition(try url("/languages/master-file-segment.m3u8")))
        XCTAssertEqual(bySegment, .unsupportedURL(scheme: "file", url: "file://" + local + "/subs.vtt"))
        // A sidecar the network named, and one of a stream the user named that lies elsewhere on the disk.
        let sidecar = URL(fileURLWithPath: local + "/subs.vtt")
        let fromNetwork = await failure(.webVTT(sidecar))
        XCTAssertEqual(fromNetwork?.code, "UNSUPPORTED_URL")
        let named = URL(fileURLWithPath: directory + "/media/languages/master.m3u8")
        let notBeside = await failure(.webVTT(sidecar, origin: .userFile(named)))
        XCTAssertEqual(notBeside?.code, "UNSUPPORTED_URL")
        let climbing = URL(string: "file://" + directory + "/media/languages/%2e%2e/%2e%2e/local/subs.vtt")!
        let byClimbing = await failure(.webVTT(climbing, origin: .userFile(named)))
        XCTAssertEqual(byClimbing?.code, "UNSUPPORTED_URL")
        XCTAssertEqual(cove_file_watch_events(watch), 0, "no local file was opened or read")
        // Only the playlists were asked for over HTTP; the segment the rendition names was never tried.
        XCTAssertEqual(try XCTUnwrap(emulator).requests.map(\.path),
                       ["/media/languages/master-file-rendition.m3u8", "/media/languages/master-file-segment.m3u8",
                        "/media/languages/subs_file/index.m3u8"])

        // The warning a viewer's events show for the left-out track.
        let warning = try XCTUnwrap(bySegment).warning(captions: true)
        XCTAssertEqual(warning.code, "UNSUPPORTED_URL")
        XCTAssertEqual(warning.event.jsonLine.contains(#""type":"warning""#), true)
        XCTAssertTrue(warning.message.contains("file:"), warning.message)

        // The watch does see a read: the same file, named by the user, is opened.
        let cues = try await CaptionLoader().cues(for: .webVTT(sidecar, origin: .userFile(sidecar)))
        XCTAssertEqual(cues.text(at: 0.5), "Secret")
        XCTAssertGreaterThan(cove_file_watch_events(watch), 0)
    }

    func testCaptionsBesideAUserNamedFileLoad() async throws {
        // The user ran `cove --url …/languages/master.m3u8`: its renditions and segments are read from the disk.
        let named = URL(fileURLWithPath: directory + "/media/languages/master.m3u8")
        let cues = try await CaptionLoader().cues(for: rendition(named, origin: .userFile(named)))
        XCTAssertEqual(cues.text(at: 1.5), "Caption 1")
        let sidecar = URL(fileURLWithPath: directory + "/media/languages/sidecar_fr.vtt")
        let besideCues = try await CaptionLoader().cues(for: .webVTT(sidecar, origin: .userFile(named)))
        XCTAssertEqual(besideCues.text(at: 0.5), "Sous-titre 0")
        // A user-named master whose rendition leaves its directory is refused like a server's.
        let escaping = URL(fileURLWithPath: directory + "/media/languages/master-file-rendition.m3u8")
        let refused = await failure(rendition(escaping, origin: .userFile(escaping)))
        XCTAssertEqual(refused?.code, "UNSUPPORTED_URL")
        XCTAssertTrue(try XCTUnwrap(emulator).requests.isEmpty, "nothing went to the network")
    }

    func testAFileOverTheCapIsLeftOut() async throws {
        // Over HTTP and from a user-named file: one byte over the real per-file cap.
        let big = "WEBVTT\n\n" + String(repeating: "x", count: FetchLimits.captionFileBytes)
        try write(big, to: directory + "/media/languages/big.vtt")
        let overHTTP = await failure(.webVTT(try url("/languages/big.vtt")))
        XCTAssertEqual(overHTTP, .tooLarge(limit: FetchLimits.captionFileBytes))
        XCTAssertEqual(overHTTP?.warning(captions: true).code, "TRACK_TOO_LARGE")
        let file = URL(fileURLWithPath: directory + "/media/languages/big.vtt")
        let fromFile = await failure(.webVTT(file, origin: .userFile(file)))
        XCTAssertEqual(fromFile, .tooLarge(limit: FetchLimits.captionFileBytes))
        // A device beside the named file is not read at all, however endless.
        let device = URL(fileURLWithPath: "/dev/zero")
        let endless = await failure(.webVTT(device, origin: .userFile(URL(fileURLWithPath: "/dev/null"))))
        XCTAssertEqual(endless?.code, "CONNECTION_ERROR")
    }

    func testATrackWhoseSegmentsTogetherPassTheCapIsLeftOut() async throws {
        // Five segments, each under the per-file cap, together over the per-track cap.
        let segmentBytes = FetchLimits.captionFileBytes - 1024
        let count = FetchLimits.captionTrackBytes / segmentBytes + 1
        let folder = directory + "/media/languages/subs_big"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var names: [String] = []
        for index in 0..<count {
            names.append("s\(index).vtt")
            try write("WEBVTT\n\n" + String(repeating: "y", count: segmentBytes - 8), to: folder + "/s\(index).vtt")
        }
        try write(Self.mediaPlaylist(names), to: folder + "/index.m3u8")
        try write(Self.master(subtitles: "subs_big/index.m3u8"), to: directory + "/media/languages/master-big.m3u8")
        let error = await failure(rendition(try url("/languages/master-big.m3u8")))
        XCTAssertEqual(error, .tooLarge(limit: FetchLimits.captionTrackBytes))
    }

    func testATrackWithTooManySegmentsIsLeftOutBeforeAnyIsFetched() async throws {
        let names = (0...FetchLimits.captionSegments).map { "s\($0).vtt" }
        try FileManager.default.createDirectory(atPath: directory + "/media/languages/subs_many",
                                                withIntermediateDirectories: true)
        try write(Self.mediaPlaylist(names), to: directory + "/media/languages/subs_many/index.m3u8")
        try write(Self.master(subtitles: "subs_many/index.m3u8"), to: directory + "/media/languages/master-many.m3u8")
        let error = await failure(rendition(try url("/languages/master-many.m3u8")))
        XCTAssertEqual(error, .tooManyParts(limit: FetchLimits.captionSegments))
        XCTAssertEqual(try XCTUnwrap(emulator).requests.map(\.path),
                       ["/media/languages/master-many.m3u8", "/media/languages/subs_many/index.m3u8"])
        // At the cap a track still loads: the real set's rendition has one segment.
        let atCap = try await CaptionLoader(segments: 1).cues(for: rendition(try url("/languages/master.m3u8")))
        XCTAssertEqual(atCap.text(at: 0.5), "Caption 0")
        let overCap = await failure(rendition(try url("/languages/master.m3u8")), CaptionLoader(segments: 0))
        XCTAssertEqual(overCap, .tooManyParts(limit: 0))
    }
}
