import CGtk
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import XCTest

/// Every way loading can stop leaves the window with a message and Retry, never a spinner: real pipelines, the
/// emulator, a real window in Xvfb. The controller's side of each path is in ControllerDeadEndTests.
final class DeadEndViewTests: XCTestCase {
    func testAVideoWhoseAddressesWereAllDroppedShowsWhyInsteadOfASpinner() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.noPlayableSourceShowsItsReason() } }
    }

    func testALoadFailureBeforeReadyShowsTheMessageAndRetry() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.loadFailureShowsTheMessage() } }
    }

    func testAPlaylistWhoseVideosAllFailEndsInTheMessage() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.playlistOfFailuresShowsTheMessage() } }
    }

    func testABrokenBumperGivesWayToTheContentWithAWarning() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.brokenBumperGivesWay() } }
    }

    func testAFailedPreloadEndsInTheMessageWhenItsTurnComes() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.failedPreloadShowsTheMessage() } }
    }
}

extension PlayerViewScenario {
    /// The window's state once a failure was reported: the message, Retry that works, and no spinner, even after
    /// every spinner delay (at most half a second) has passed.
    func assertDeadEndIsUsable(_ player: PlayerView, message: String, retries: RetryCount,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(player.status.isShowingMessage, "a message is shown", file: file, line: line)
        XCTAssertEqual(player.status.messageText, message, file: file, line: line)
        _ = MainLoop.run(until: { false }, timeout: 0.8)
        XCTAssertFalse(player.status.isSpinning, "nothing is in progress, so no spinner", file: file, line: line)
        XCTAssertTrue(player.status.isShowingMessage, "the message stays", file: file, line: line)
        XCTAssertTrue(player.status.offersRetry, "Retry is offered", file: file, line: line)
        player.status.pressRetry()
        XCTAssertTrue(MainLoop.run(until: { retries.count == 1 }, timeout: 5), "Retry answers", file: file, line: line)
    }

    /// Counts the window's Retry presses (the app's Retry loads everything again).
    final class RetryCount {
        var count = 0
    }

    @discardableResult
    func countRetries(of player: PlayerView) -> RetryCount {
        let retries = RetryCount()
        player.retryHandler = { retries.count += 1 }
        return retries
    }

    func errorEvents() -> [PlaybackEvent] {
        events.filter { if case .error = $0 { true } else { false } }
    }

    func noPlayableSourceShowsItsReason() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let retries = countRetries(of: player)
        emulator.catalog.videos.append([
            "id": "5000000000090", "name": "Only unsafe addresses",
            "sources": [["src": "file:///etc/passwd", "type": "video/mp4"], ["src": "data:video/mp4;base64,AAAA"]],
        ])
        let video = try XCTUnwrap(fetchVideo("5000000000090"))
        XCTAssertTrue(video.sources.isEmpty, "the safety rule dropped every address")
        player.showBusy()
        player.controller.setVideos([video])
        let message = tr("No playable source was found for this video.")
        XCTAssertEqual(errorEvents(), [.error(code: PlaybackErrorCode.noPlayableSource, message: message)])
        XCTAssertEqual(events.suffix(2), [.lifecycle(.error), .noPlayableVideos])
        assertDeadEndIsUsable(player, message: message, retries: retries)
    }

    func loadFailureShowsTheMessage() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let retries = countRetries(of: player)
        let missing = try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/missing.mp4"))
        player.controller.setVideos([Video.video(withURL: missing)])
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.fail)) }, timeout: 20), "\(events)")
        let message = tr("The video could not be loaded. Check your network connection and try again.")
        XCTAssertEqual(errorEvents(), [.error(code: PlaybackErrorCode.loadFailed, message: message)])
        assertDeadEndIsUsable(player, message: message, retries: retries)
    }

    func playlistOfFailuresShowsTheMessage() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let retries = countRetries(of: player)
        player.controller.autoAdvance = true
        let videos = try ["/missing-1.mp4", "/missing-2.mp4"].map {
            Video.video(withURL: try XCTUnwrap(URL(string: emulator.mediaBaseURL + $0)))
        }
        player.controller.setVideos(videos)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.fail)) }, timeout: 20), "\(events)")
        assertDeadEndIsUsable(player, message: tr("The video could not be loaded. Check your network connection and try again."),
                              retries: retries)
        XCTAssertEqual(events.filter { if case .session = $0 { true } else { false } }.count, 1,
                       "the queue stops at the failure, under its message")
        XCTAssertEqual(errorEvents().count, 1)
    }

    func brokenBumperGivesWay() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let content = try XCTUnwrap(fetchVideo(UITestSupport.videoID))
        let bumper = Video.video(withURL: try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/missing-bumper.mp4")))
        player.controller.setVideos([content], bumper: bumper)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 5 }, timeout: 20), "the content plays: \(events)")
        XCTAssertTrue(events.contains(.warning(code: PlaybackWarningCode.bumperUnavailable,
                                               message: tr("The bumper video could not be played; the video plays without it."))),
                      "\(events)")
        XCTAssertEqual(errorEvents(), [])
        XCTAssertFalse(player.status.isShowingMessage)
        XCTAssertTrue(events.contains(.lifecycle(.play)))
    }

    func failedPreloadShowsTheMessage() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let retries = countRetries(of: player)
        player.controller.autoAdvance = true
        let content = try XCTUnwrap(fetchVideo(UITestSupport.videoID))
        let missing = Video.video(withURL: try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/missing-next.mp4")))
        // The 4 s clip is within the 5 s lead from its start: the missing video is preloaded at once, and fails.
        player.controller.setVideos([content, missing])
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.fail)) }, timeout: 30), "\(events)")
        XCTAssertTrue(events.contains(.lifecycle(.end)), "the failure came when the next video's turn came")
        let message = tr("The video could not be loaded. Check your network connection and try again.")
        XCTAssertEqual(errorEvents(), [.error(code: PlaybackErrorCode.loadFailed, message: message)])
        assertDeadEndIsUsable(player, message: message, retries: retries)
    }
}
