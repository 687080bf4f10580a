import CFileWatch
import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// A thumbnails track from the network whose sprites name local files is left out before anything is fetched, and
/// no file is opened; a track naming more images than the cap, or a file over it, is left out too.
final class ThumbnailAddressTests: XCTestCase {
    private var directory = ""
    private var emulator: PlaybackAPIEmulator?

    override func setUpWithError() throws {
        directory = try EmulatorFixture.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/local", withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: directory + "/local/sprite.jpg"))
        emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: directory + "/media"))
    }

    override func tearDown() {
        emulator?.stop()
        EmulatorFixture.removeTree(directory)
    }

    private func track(_ images: [String]) -> String {
        "WEBVTT\n\n" + images.enumerated().map { index, image in
            "00:00:\(String(format: "%02d", index % 60)).000 --> 00:00:\(String(format: "%02d", index % 60)).500\n\(image)\n\n"
        }.joined()
    }

    private func load(_ name: String, _ text: String) async throws -> Result<ThumbnailTrack, TrackLoadError> {
        try text.write(toFile: directory + "/media/" + name, atomically: true, encoding: .utf8)
        let url = try XCTUnwrap(URL(string: try XCTUnwrap(emulator).mediaBaseURL + "/" + name))
        let fetcher = AssetFetcher(maximumBytes: FetchLimits.thumbnailTrackFileBytes)
        do throws(TrackLoadError) {
            return .success(try await ThumbnailTrackLoader.load(url, fetcher: fetcher))
        } catch {
            return .failure(error)
        }
    }

    func testAFileSpriteFromTheNetworkIsNeverOpened() async throws {
        let watch = cove_file_watch_start(directory + "/local")
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { cove_file_watch_stop(watch) }
        let sprite = "file://" + directory + "/local/sprite.jpg"
        let result = try await load("thumbs.vtt", track(["ok.jpg#xywh=0,0,10,10", sprite + "#xywh=0,0,10,10"]))
        XCTAssertEqual(result.failure, .unsupportedURL(scheme: "file", url: sprite))
        XCTAssertEqual(result.failure?.warning(captions: false).code, "UNSUPPORTED_URL")
        // The track itself as a local file, and a sprite straight through the fetcher posters and sprites use.
        let trackFile = URL(fileURLWithPath: directory + "/local/sprite.jpg")
        do throws(TrackLoadError) {
            _ = try await ThumbnailTrackLoader.load(trackFile, fetcher: AssetFetcher())
            XCTFail("a file: track is refused")
        } catch {
            XCTAssertEqual(error.code, "UNSUPPORTED_URL")
        }
        do throws(PlaybackServiceError) {
            _ = try await AssetFetcher().fetch(sprite)
            XCTFail("the fetcher refuses file:")
        } catch {
            XCTAssertEqual(error.code, "CONNECTION_ERROR")
        }
        XCTAssertEqual(cove_file_watch_events(watch), 0, "no local file was opened or read")
        // Only the track was fetched; not one of its images.
        XCTAssertEqual(try XCTUnwrap(emulator).requests.map(\.path), ["/media/thumbs.vtt"])
    }

    func testTracksOverTheCapsAreLeftOut() async throws {
        let many = track((0...FetchLimits.thumbnailImages).map { "i\($0).jpg" })
        XCTAssertLessThan(many.utf8.count, FetchLimits.thumbnailTrackFileBytes, "only the image count is over")
        let tooMany = try await load("many.vtt", many)
        XCTAssertEqual(tooMany.failure, .tooManyParts(limit: FetchLimits.thumbnailImages))
        let atCap = try await load("cap.vtt", track((1...FetchLimits.thumbnailImages).map { "i\($0).jpg" }))
        XCTAssertEqual(atCap.success?.cues.count, FetchLimits.thumbnailImages)
        let big = try await load("big.vtt", "WEBVTT\n\n" + String(repeating: "z", count: FetchLimits.thumbnailTrackFileBytes))
        XCTAssertEqual(big.failure, .tooLarge(limit: FetchLimits.thumbnailTrackFileBytes))
        XCTAssertEqual(big.failure?.warning(captions: false).code, "TRACK_TOO_LARGE")
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
    var success: Success? { if case .success(let value) = self { value } else { nil } }
}
