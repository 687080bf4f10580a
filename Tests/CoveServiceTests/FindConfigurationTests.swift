import CoveCore
import CoveEmulator
import CoveService
import Synchronization
import XCTest

/// The configuration-based finds (SDK `findVideo/findPlaylist(withConfiguration:queryParameters:)`) against the
/// emulator.
final class FindConfigurationTests: XCTestCase {
    private var accountPath: String { "/playback/v1/accounts/\(EmulatorFixture.accountID)" }

    func testTheAssetIDWinsOverTheReferenceID() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let result = try await service.findVideo(configuration: FindConfiguration(assetID: "1002",
                                                                                  assetReferenceID: "ref-4"))

        XCTAssertEqual(result.video.id, "1002")
        XCTAssertNil(result.bumper)
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(emulator.requests.map(\.path), ["\(accountPath)/videos/1002"])
    }

    /// Analytics' `catalog_request` and `catalog_response` name the video: asked for by ID, from the start; by
    /// reference ID, once the answer names it; a playlist names none.
    func testTheExchangesNameTheVideo() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let exchanges = Mutex<[CatalogExchange]>([])
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator)) { exchange in
            exchanges.withLock { $0.append(exchange) }
        }

        _ = try await service.findVideo(configuration: FindConfiguration(assetID: "1002"))
        _ = try await service.findVideo(configuration: FindConfiguration(assetReferenceID: "ref-1"))
        _ = try await service.findPlaylist(configuration: FindConfiguration(assetID: "3001"))
        _ = try? await service.findVideo(configuration: FindConfiguration(assetReferenceID: "no-such-video"))

        let named = exchanges.withLock { $0 }.map { exchange -> String in
            switch exchange {
            case .request(_, let videoID): "request \(videoID ?? "-")"
            case .response(_, _, let videoID): "response \(videoID ?? "-")"
            }
        }
        XCTAssertEqual(named, ["request 1002", "response 1002", "request -", "response 1001", "request -",
                               "response -", "request -", "response -"])
    }

    func testVideosSendAdAndDeliveryConfigurationButNoPaging() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        let parameters = PlaybackQueryParameters(limit: 3, offset: 1, adConfigID: "ssai config/1", configID: "rules-2")

        _ = try await service.findVideo(configuration: FindConfiguration(assetReferenceID: "ref-1"),
                                        queryParameters: parameters)
        let playlist = try await service.findPlaylist(configuration: FindConfiguration(assetID: "3001"),
                                                      queryParameters: parameters)

        XCTAssertEqual(emulator.requests.first?.query, ["ad_config_id": "ssai config/1", "config_id": "rules-2"])
        XCTAssertEqual(emulator.requests.last?.query,
                       ["limit": "3", "offset": "1", "ad_config_id": "ssai config/1", "config_id": "rules-2"])
        XCTAssertEqual(playlist.playlist.videos.map(\.id), ["1002", "1003", "1004"])
    }

    func testAPlaylistPageAtTheEndOfTheList() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let result = try await service.findPlaylist(configuration: FindConfiguration(assetReferenceID: "featured"),
                                                    queryParameters: PlaybackQueryParameters(limit: 3, offset: 3))

        XCTAssertEqual(result.playlist.videos.map(\.id), ["1004", "1005"])
        XCTAssertEqual(result.playlist.name, "Featured")
        XCTAssertEqual(result.playlist.referenceID, "featured")
        XCTAssertEqual(result.playlist.type, "EXPLICIT")
        XCTAssertEqual(result.warnings, [])
    }

    func testReferenceIDsAreEscapedAndUnicodeNamesSurvive() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let result = try await service.findVideo(
            configuration: FindConfiguration(assetReferenceID: EmulatorFixture.awkwardReferenceID))

        XCTAssertEqual(result.video.id, "2002")
        XCTAssertEqual(result.video.name, EmulatorFixture.unicodeName)
        XCTAssertEqual(result.video.referenceID, EmulatorFixture.awkwardReferenceID)
        XCTAssertEqual(emulator.requests.last?.path,
                       "\(accountPath)/videos/ref:%C3%BCn%C3%AF%2Fc%C3%B6d%C3%A9%3F%23%26%3D%25%2B%201")
    }

    func testTheFindsTokenGoesToTheAuthHostAndWinsOverTheServicesToken() async throws {
        var catalog = EmulatorFixture.catalog()
        catalog.bearerToken = EmulatorFixture.authToken
        let emulator = try EmulatorFixture.startEmulator(catalog)
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, policyKey: nil,
                                                                                   authToken: "stale-token"))

        let result = try await service.findPlaylist(
            configuration: FindConfiguration(assetID: "3001", authToken: EmulatorFixture.authToken))
        let stale = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findVideo(id: "1001")
        }

        XCTAssertEqual(result.playlist.count, 5)
        XCTAssertTrue(emulator.requests.first?.path.hasPrefix("/auth/playback/v1/") ?? false)
        XCTAssertEqual(emulator.requests.first?.hasBearerToken, true)
        XCTAssertEqual(stale?.code, "ACCESS_DENIED", "the service's own token is used when the find has none")
    }

    func testAFindWithoutAnAssetFailsBeforeAnyRequest() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let video = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findVideo(configuration: FindConfiguration(assetID: "", bumperID: "9001"))
        }
        let playlist = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findPlaylist(configuration: FindConfiguration())
        }

        XCTAssertEqual(video, .missingAsset)
        XCTAssertEqual(playlist?.code, "MISSING_ASSET")
        XCTAssertFalse(video?.userMessage.isEmpty ?? true)
        XCTAssertEqual(emulator.requests, [])
    }

    func testNoCredentialsFailBeforeTheBumperRequestToo() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, policyKey: nil))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findVideo(configuration: FindConfiguration(assetID: "1001", bumperID: "9001"))
        }

        XCTAssertEqual(error, .missingCredentials)
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(emulator.requests, [])
    }

    func testSettingsBecomeAServiceConfiguration() throws {
        XCTAssertNil(PlaybackServiceConfiguration(PlaybackAPISettings(policyKey: "k")))
        let configuration = try XCTUnwrap(PlaybackServiceConfiguration(PlaybackAPISettings(
            accountID: "1", policyKey: "k", baseURL: "https://proxy.example/playback/v1", connectTimeout: 3,
            headers: ["X-A": "b"])))
        XCTAssertEqual(configuration.accountID, "1")
        XCTAssertEqual(configuration.policyKey, "k")
        XCTAssertEqual(configuration.baseURL, "https://proxy.example/playback/v1")
        XCTAssertEqual(configuration.authBaseURL, PlaybackServiceConfiguration.defaultAuthBaseURL)
        XCTAssertEqual(configuration.connectTimeout, 3)
        XCTAssertEqual(configuration.requestTimeout, 30)
        XCTAssertEqual(configuration.additionalHeaders, ["X-A": "b"])
    }
}
