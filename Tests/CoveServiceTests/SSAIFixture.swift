@testable import CoveEmulator
@testable import CoveService
import CoveCore
import Foundation
import XCTest

/// The demo catalog (ads video and SSAI failure switches) on a running emulator, with the demo media encoded once
/// per test process into the same cache `cove --demo` uses under the test run's XDG_CACHE_HOME.
enum SSAIFixture {
    private static let encoded: Result<DemoMediaFiles, any Error> = Result {
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSTemporaryDirectory()
        return try MediaEncoder.ensureDemoMedia(in: cache + "/cove/demo-media")
    }

    static func media() throws -> DemoMediaFiles { try encoded.get() }

    static func startEmulator() throws -> PlaybackAPIEmulator {
        let media = try media()
        let emulator = PlaybackAPIEmulator(catalog: DemoCatalog.make(media: media, mediaBaseURL: ""))
        try emulator.start()
        emulator.catalog = DemoCatalog.make(media: media, mediaBaseURL: emulator.mediaBaseURL)
        return emulator
    }

    static func baseURL(_ emulator: PlaybackAPIEmulator) -> String { "http://127.0.0.1:\(emulator.port)" }

    static func configuration(_ emulator: PlaybackAPIEmulator) -> PlaybackServiceConfiguration {
        PlaybackServiceConfiguration(accountID: DemoCatalog.accountID, policyKey: DemoCatalog.policyKey,
                                     baseURL: emulator.baseURL, authBaseURL: emulator.authBaseURL,
                                     connectTimeout: 2, requestTimeout: 10)
    }

    static func get(_ url: String, _ emulator: PlaybackAPIEmulator) async throws -> HTTPResponse {
        try await CurlTransport().get(PlaybackRequest(url: url, headers: []), configuration(emulator)).get()
    }

    /// The VMAP a video's `ad_config_id` answer names, fetched and read by Cove's own loader.
    static func vmap(of videoID: String, adConfigID: String = DemoCatalog.adConfigID,
                     _ emulator: PlaybackAPIEmulator) async throws -> (url: URL, document: VMAPDocument) {
        let service = PlaybackService(configuration: configuration(emulator))
        let found = try await service.findVideo(configuration: FindConfiguration(assetID: videoID),
                                                queryParameters: PlaybackQueryParameters(adConfigID: adConfigID))
        let url = try XCTUnwrap(found.video.sources.first?.vmap, "no vmap on \(videoID)")
        return (url, try await VMAPLoader().load(url))
    }
}
