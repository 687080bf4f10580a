import CoveCore
import CoveEmulator
import CoveService
import XCTest

/// Videos that come back as error placeholders inside a playlist are kept apart, not dropped silently.
final class PlaylistPlaceholderTests: XCTestCase {
    func testAFailedVideoIsKeptApartWithAWarning() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1003": .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO"),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let result = try await service.findPlaylist(configuration: FindConfiguration(assetID: "3002"))

        XCTAssertEqual(result.playlist.videos.map(\.id), ["1001", "1003", "1006"])
        XCTAssertEqual(result.playlist.playableVideos.map(\.id), ["1001", "1006"])
        XCTAssertEqual(result.playlist.failedVideos.map(\.id), ["1003"])
        XCTAssertEqual(result.playlist.failedVideos.first?.errorSubcode, "CLIENT_GEO")
        let warning = try XCTUnwrap(result.warnings.first)
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertEqual(warning.code, "ACCESS_DENIED")
        XCTAssertEqual(warning.videoID, "1003")
        XCTAssertTrue(warning.message.contains(
            PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: "CLIENT_GEO").userMessage), warning.message)
        XCTAssertEqual(warning.event, .warning(code: "ACCESS_DENIED", message: warning.message))
    }
}
