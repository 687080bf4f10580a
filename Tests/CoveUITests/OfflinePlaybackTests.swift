import CGtk
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import CoveService
import Foundation
import Synchronization
import XCTest

/// Downloads played with the emulator stopped: every address the player opens is the offline server's, and
/// captions (HLS renditions and a sidecar), audio tracks, thumbnails and cue points work as they do online.
final class OfflinePlaybackTests: XCTestCase {
    func testADownloadedHLSVideoPlaysWithItsCaptionsAndAudioTracksWithoutTheNetwork() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.downloadedHLSPlaysOffline() } }
    }

    func testADownloadedSidecarCaptionAndAnMP4WithThumbnailsAndCuePointsPlayWithoutTheNetwork() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.downloadedSidecarAndMP4PlayOffline() } }
    }
}

extension PlayerViewScenario {
    /// Downloads the test catalog's videos (offline-enabled for the test) into a fresh store, then stops the
    /// emulator: from then on nothing but the offline server can answer.
    private func download(_ ids: [String]) throws -> (OfflineCatalog, LocalMediaServer) {
        UITestSupport.allowOffline(in: emulator)
        let root = NSTemporaryDirectory() + "cove-offline-\(UUID())/downloads"
        let store = DownloadStore(root: root)
        for id in ids {
            let video = try XCTUnwrap(fetchVideo(id))
            let result = Mutex<Result<DownloadRecord, DownloadError>?>(nil)
            Thread.detachNewThread { let outcome = Downloader(video: video, store: store).run(); result.withLock { $0 = outcome } }
            XCTAssertTrue(MainLoop.run(until: { result.withLock { $0 } != nil }, timeout: 60), "download of \(id)")
            XCTAssertEqual(try result.withLock { $0 }?.get().state, .completed)
        }
        emulator.stop()
        return (OfflineCatalog(store: store), try LocalMediaServer(root: root))
    }

    private func offline(_ id: String, _ catalog: OfflineCatalog, _ server: LocalMediaServer) throws -> Video {
        let video = try XCTUnwrap(catalog.video(for: FindConfiguration(assetID: id), accountID: UITestSupport.accountID) {
            server.address(of: $0.id)
        })
        let addresses = video.sources.map(\.url) + video.textTracks.compactMap(\.src) + [video.poster].compactMap { $0 }
        XCTAssertFalse(addresses.isEmpty)
        for address in addresses {
            XCTAssertTrue(address.absoluteString.hasPrefix(server.baseURL + "/"), "\(address) is not the offline server's")
        }
        XCTAssertEqual(video.properties[OfflineVideo.marker], .bool(true))
        return video
    }

    func downloadedHLSPlaysOffline() throws {
        let player = try makePlayer()
        var server: LocalMediaServer?
        // The pipelines end before the server that feeds them goes (as `finish` does for the emulator): a
        // souphttpsrc whose server vanished under it crashed in libsoup.
        defer {
            finish(player)
            server?.stop()
        }
        let (catalog, started) = try download([UITestSupport.multiLanguageVideoID])
        server = started
        player.controller.setVideos([try offline(UITestSupport.multiLanguageVideoID, catalog, started)])
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20), "\(events.map(\.jsonLine))")
        XCTAssertNotNil(player.controller.currentSession)
        // The session as it is now: a value, read anew each time.
        var session: PlaybackSession { player.controller.currentSession! }
        XCTAssertEqual(Set(session.audioTracks.compactMap(\.language)), ["en", "de"])
        XCTAssertEqual(Set(session.captionTracks.compactMap(\.language)), ["en", "de", "fr"])

        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        let german = try XCTUnwrap(session.captionTracks.first { $0.language == "de" })
        player.controller.selectCaption(.track(german))
        XCTAssertTrue(MainLoop.run(until: { player.captionText.hasPrefix("Untertitel ") }, timeout: 10),
                      "the German cues came from the download: '\(player.captionText)'")

        // The engine switches audio as media flows.
        player.controller.play()
        let deutsch = try XCTUnwrap(session.audioTracks.first { $0.language == "de" })
        player.controller.selectAudioTrack(deutsch)
        XCTAssertTrue(MainLoop.run(until: {
            self.events.contains { if case .audioTrack(let track) = $0 { track.language == "de" } else { false } }
        }, timeout: 10), "the German audio rendition plays from the download")
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.end)) }, timeout: 20), "played to the end")
        XCTAssertFalse(events.contains { if case .lifecycle(.fail) = $0 { true } else { false } }, "\(events.map(\.jsonLine))")
    }

    func downloadedSidecarAndMP4PlayOffline() throws {
        let player = try makePlayer()
        var server: LocalMediaServer?
        defer {
            finish(player)
            server?.stop()
        }
        let (catalog, started) = try download([UITestSupport.sidecarVideoID, UITestSupport.videoID])
        server = started

        player.controller.setVideos([try offline(UITestSupport.sidecarVideoID, catalog, started)])
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20), "\(events.map(\.jsonLine))")
        XCTAssertNotNil(player.controller.currentSession)
        // The session as it is now: a value, read anew each time.
        var session: PlaybackSession { player.controller.currentSession! }
        let spanish = try XCTUnwrap(session.captionTracks.first { $0.language == "es" })
        player.controller.selectCaption(.track(spanish))
        XCTAssertTrue(MainLoop.run(until: { player.captionText.hasPrefix("Subtítulo ") }, timeout: 10),
                      "the sidecar's cues came from the download: '\(player.captionText)'")

        events = []
        player.controller.setVideos([try offline(UITestSupport.videoID, catalog, started)])
        XCTAssertTrue(MainLoop.run(until: { player.thumbnails.hasTrack && player.controller.currentSession?.duration != nil },
                                   timeout: 20), "the thumbnails track loaded from the download")
        player.controller.pause()
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let width = Double(gtk_widget_get_width(player.controlBar.slider))
        player.thumbnails.hover(at: 7 + (width - 14) * 0.8)
        XCTAssertTrue(MainLoop.run(until: { player.thumbnails.shownImageSize != nil }, timeout: 10), "the image arrived")
        XCTAssertEqual(player.thumbnails.shownImageSize?.width, 160)
        player.thumbnails.hover(at: 7 + (width - 14) * 0.5)
        XCTAssertEqual(player.thumbnails.label, "0:02 · Chapter two", "the cue points came with the download")
        player.thumbnails.hide()
    }
}
