@testable import CoveEmulator
import CoveCore
import CoveService
import Foundation
import XCTest

/// Cue loading from the emulator's real multi-language HLS set: an in-manifest rendition through the master and
/// media playlists, a sidecar over HTTP and as a file.
final class CaptionLoaderTests: XCTestCase {
    private var directory = ""
    private var emulator: PlaybackAPIEmulator?

    override func setUpWithError() throws {
        directory = try EmulatorFixture.temporaryDirectory()
        try MediaEncoder.encodeMultiLanguageHLS(
            to: directory + "/media/languages", seconds: 3,
            audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440)],
            subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Caption"),
                        HLSSubtitleLanguage(language: "de", name: "Deutsch", cuePrefix: "Untertitel")],
            sidecars: [HLSSubtitleLanguage(language: "fr", name: "Français", cuePrefix: "Sous-titre")])
        emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: directory + "/media"))
    }

    override func tearDown() {
        emulator?.stop()
        EmulatorFixture.removeTree(directory)
    }

    private func url(_ path: String) throws -> URL {
        try XCTUnwrap(URL(string: try XCTUnwrap(emulator).mediaBaseURL + path))
    }

    func testAnInManifestRenditionIsReadThroughItsPlaylists() async throws {
        let master = try url("/languages/master.m3u8")
        // hlsdemux2 names no rendition: the language (and its place among that language's tracks) finds it.
        let cues = try await CaptionLoader().cues(for: .hlsRendition(master: master, language: "de", name: nil,
                                                                     ordinal: 0, index: 1))
        XCTAssertEqual(cues.cues.count, 3)
        XCTAssertEqual(cues.text(at: 0), "Untertitel 0")
        XCTAssertEqual(cues.text(at: 2.5), "Untertitel 2")
        XCTAssertEqual(cues.text(at: 3), "")
        let paths = try XCTUnwrap(emulator).requests.map(\.path)
        XCTAssertEqual(paths, ["/media/languages/master.m3u8", "/media/languages/subs_de/index.m3u8",
                               "/media/languages/subs_de/subs.vtt"])
    }

    func testASidecarOverHTTPAndFromAFileBesideOneTheUserNamed() async throws {
        let overHTTP = try await CaptionLoader().cues(for: .webVTT(try url("/languages/sidecar_fr.vtt")))
        XCTAssertEqual(overHTTP.text(at: 1.2), "Sous-titre 1")
        let file = URL(fileURLWithPath: directory + "/media/languages/sidecar_fr.vtt")
        let named = URL(fileURLWithPath: directory + "/media/languages/master.m3u8")
        let fromFile = try await CaptionLoader().cues(for: .webVTT(file, origin: .userFile(named)))
        XCTAssertEqual(fromFile, overHTTP)
    }

    func testMissingFilesAndRenditionsFail() async throws {
        let missing = try url("/languages/missing.vtt")
        let nosubs = try url("/languages/master-nosubs.m3u8")
        do throws(TrackLoadError) {
            _ = try await CaptionLoader().cues(for: .webVTT(missing))
            XCTFail("a 404 is an error")
        } catch {
            XCTAssertEqual(error.status, 404)
        }
        do throws(TrackLoadError) {
            _ = try await CaptionLoader().cues(for: .hlsRendition(master: nosubs,
                                                                  language: "de", name: nil, ordinal: 0, index: 0))
            XCTFail("no rendition to match")
        } catch {
            XCTAssertEqual(error.code, "MALFORMED_RESPONSE")
        }
    }
}
