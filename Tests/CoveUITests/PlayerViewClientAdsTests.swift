import CGtk
import CoveCore
import CoveEmulator
import CoveGLib
import CoveService
@testable import CoveUI
import XCTest

/// Client-side ads on the real stack with Picture in Picture: each creative plays in a player of its own, so the
/// window must follow the picture from the content to the ad and back, and give it back to the player mid-break.
final class PlayerViewClientAdsTests: XCTestCase {
    func testPictureInPictureShowsTheAdsAndTheContentBetweenThem() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.pictureInPictureThroughClientAds() } }
    }
}

extension PlayerViewScenario {
    /// The demo's client-ads video (`ClientAdPlan.demo`: a 3 s pre-roll, a mid-roll at 5 s) from the demo catalog,
    /// its ads from its own `ad_tag` field.
    private func playDemoClientAds(in player: PlayerView) throws {
        emulator.stop()
        emulator = try UITestSupport.startDemoCatalogEmulator()
        let adServer = AdServerClient()
        player.controller.clientAdsSource = ClientAdsSource(
            tag: { $0.customFields["ad_tag"].flatMap { URL(string: $0) } }, fetch: { await adServer.fetch($0) })
        var configuration = PlaybackServiceConfiguration(accountID: DemoCatalog.accountID, policyKey: DemoCatalog.policyKey)
        configuration.baseURL = emulator.baseURL
        let service = PlaybackService(configuration: configuration)
        var loaded: Video?
        Task { @MainActor in loaded = try? await service.findVideo(id: DemoCatalog.clientAdsVideoID) }
        XCTAssertTrue(MainLoop.run(until: { loaded != nil }, timeout: 10), "the emulator answered")
        if let loaded { player.controller.setVideos([loaded]) }
    }

    func pictureInPictureThroughClientAds() throws {
        var options = PlayerViewOptions()
        options.showPictureInPictureButton = true
        let player = try makePlayer(options: options)
        defer { finish(player) }
        try playDemoClientAds(in: player)
        let state = player.controller.state
        let pip = player.pictureInPicture
        func adPlays() -> Bool { state.ad != nil && (state.adPlayhead ?? 0) > 0.3 }

        XCTAssertTrue(MainLoop.run(until: adPlays, timeout: 30), "the pre-roll plays")
        player.togglePictureInPicture()
        XCTAssertTrue(player.isPictureInPictureActive)
        XCTAssertTrue(MainLoop.run(until: { pip.framesShown >= 5 }, timeout: 10), "the ad's frames reach the window")
        XCTAssertNotNil(pip.shownAdText, "the window says it is an ad")
        let playerFrames = player.framesShown

        XCTAssertTrue(MainLoop.run(until: { state.ad == nil && state.position > 0.5 }, timeout: 15),
                      "the content after the pre-roll")
        let contentFrom = pip.framesShown
        XCTAssertTrue(MainLoop.run(until: { pip.framesShown >= contentFrom + 10 }, timeout: 10),
                      "the content's frames reach the window too")
        XCTAssertNil(pip.shownAdText, "and it no longer says ad")

        XCTAssertTrue(MainLoop.run(until: adPlays, timeout: 15), "the mid-roll plays")
        let midFrom = pip.framesShown
        XCTAssertTrue(MainLoop.run(until: { pip.framesShown >= midFrom + 5 }, timeout: 10), "the mid-roll's frames")
        XCTAssertEqual(player.framesShown, playerFrames, "none in the player while the window shows them")

        player.togglePictureInPicture()
        XCTAssertFalse(player.isPictureInPictureActive)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= playerFrames + 5 }, timeout: 10),
                      "the ad is back in the player, mid-break")
        XCTAssertNotNil(state.ad, "still the mid-roll")
    }
}
