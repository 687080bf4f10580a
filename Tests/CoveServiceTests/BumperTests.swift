import CoveCore
import CoveEmulator
import CoveService
import XCTest

/// Bumpers beside a find (SDK notes, “Bumper mode”): by ID, by reference ID, overridden by a `bumper_id` custom field.
final class BumperTests: XCTestCase {
    private func service(_ emulator: PlaybackAPIEmulator, requestTimeout: Double = 10) -> PlaybackService {
        PlaybackService(configuration: EmulatorFixture.configuration(emulator, requestTimeout: requestTimeout))
    }

    func testABumperByIDComesWithTheVideo() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }

        let result = try await service(emulator).findVideo(configuration: FindConfiguration(assetID: "1001",
                                                                                            bumperID: "9001"))

        XCTAssertEqual(result.video.id, "1001")
        XCTAssertEqual(result.bumper?.id, "9001")
        XCTAssertEqual(result.bumper?.name, "Bumper")
        XCTAssertEqual(Set(emulator.requests.map(\.path).map { $0.split(separator: "/").last ?? "" }),
                       ["1001", "9001"])
        XCTAssertTrue(emulator.requests.allSatisfy(\.policyKeyMatched))
    }

    func testABumperByReferenceIDAndTheIDWinning() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }

        let byReference = try await service(emulator).findVideo(
            configuration: FindConfiguration(assetID: "1001", bumperReferenceID: "bumper-ref"))
        let both = try await service(emulator).findVideo(
            configuration: FindConfiguration(assetID: "1001", bumperID: "9002", bumperReferenceID: "bumper-ref"))

        XCTAssertEqual(byReference.bumper?.id, "9001")
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/videos/ref:bumper-ref") })
        XCTAssertEqual(both.bumper?.id, "9002")
    }

    func testTheVideosBumperCustomFieldWinsOverTheConfiguredBumper() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }

        let configured = try await service(emulator).findVideo(configuration: FindConfiguration(assetID: "1006",
                                                                                                bumperID: "9001"))
        let unconfigured = try await service(emulator).findVideo(configuration: FindConfiguration(assetID: "1006"))

        XCTAssertEqual(configured.bumper?.id, "9002")
        XCTAssertEqual(unconfigured.bumper?.id, "9002")
        XCTAssertEqual(configured.video.customFields["genre"], "news")
    }

    func testTheConfiguredBumperIsRequestedAtTheSameTimeAsTheVideo() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .delay(seconds: 1), "9001": .delay(seconds: 1),
        ]))
        defer { emulator.stop() }
        let clock = ContinuousClock()
        let start = clock.now

        let result = try await service(emulator).findVideo(configuration: FindConfiguration(assetID: "1001",
                                                                                            bumperID: "9001"))

        XCTAssertEqual(result.bumper?.id, "9001")
        XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(950))
        XCTAssertLessThan(clock.now - start, .milliseconds(1800), "one delay, not two in a row")
    }

    func testABumperThatCannotBeLoadedIsAWarningAndTheVideoStillComes() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "9001": .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO"),
        ]))
        defer { emulator.stop() }

        let missing = try await service(emulator).findVideo(configuration: FindConfiguration(assetID: "1001",
                                                                                             bumperID: "404"))
        let denied = try await service(emulator).findVideo(configuration: FindConfiguration(assetID: "1001",
                                                                                            bumperID: "9001"))

        XCTAssertEqual(missing.video.id, "1001")
        XCTAssertNil(missing.bumper)
        XCTAssertEqual(missing.warnings.map(\.code), [PlaybackWarning.bumperUnavailableCode])
        XCTAssertEqual(missing.warnings.first?.videoID, "404")
        XCTAssertTrue(missing.warnings.first?.message.contains(
            PlaybackAPIErrorEntry(code: "VIDEO_NOT_FOUND").userMessage) ?? false)
        XCTAssertEqual(missing.warnings.first?.event.jsonLine.hasPrefix(#"{"type":"warning","code":"BUMPER_UNAVAILABLE""#),
                       true)
        XCTAssertNil(denied.bumper)
        XCTAssertTrue(denied.warnings.first?.message.contains(
            PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: "CLIENT_GEO").userMessage) ?? false)
    }

    func testAFailingVideoIsReportedWithoutWaitingForItsBumper() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: ["9001": .hang]))
        defer { emulator.stop() }
        let clock = ContinuousClock()
        let start = clock.now

        let error = await expectServiceError { () async throws(PlaybackServiceError) in
            try await self.service(emulator, requestTimeout: 8).findVideo(
                configuration: FindConfiguration(assetID: "404", bumperID: "9001"))
        }

        XCTAssertEqual(error?.code, "VIDEO_NOT_FOUND")
        XCTAssertLessThan(clock.now - start, .seconds(3))
    }

    func testAPlaylistSharesOneBumperAndItsVideosCustomFieldWins() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }

        let configured = try await service(emulator).findPlaylist(configuration: FindConfiguration(
            assetID: "3001", bumperReferenceID: "bumper-ref"))
        let customField = try await service(emulator).findPlaylist(configuration: FindConfiguration(
            assetReferenceID: "with-gap", bumperID: "9001"))

        XCTAssertEqual(configured.bumper?.id, "9001")
        XCTAssertEqual(configured.playlist.count, 5)
        XCTAssertEqual(customField.bumper?.id, "9002", "video 1006 in the playlist names bumper 9002")
    }

    func testTheBumperRequestCarriesDeliveryRulesButNoAdConfiguration() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }

        _ = try await service(emulator).findVideo(
            configuration: FindConfiguration(assetID: "1001", bumperID: "9001"),
            queryParameters: PlaybackQueryParameters(adConfigID: "ssai", configID: "rules"))

        let bumperRequest = try XCTUnwrap(emulator.requests.first { $0.path.hasSuffix("/9001") })
        let videoRequest = try XCTUnwrap(emulator.requests.first { $0.path.hasSuffix("/1001") })
        XCTAssertEqual(bumperRequest.query, ["config_id": "rules"])
        XCTAssertEqual(videoRequest.query, ["ad_config_id": "ssai", "config_id": "rules"])
    }
}
