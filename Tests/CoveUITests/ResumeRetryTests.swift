import CGtk
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import XCTest

/// The server goes away mid-playback: the window offers Retry, which resumes where playback stopped (not from the
/// start), a limited number of times.
final class ResumeRetryTests: XCTestCase {
    func testRetryResumesWhereItStoppedAndGivesUpAfterTheLimit() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.retryResumesAndGivesUp() } }
    }
}

extension PlayerViewScenario {
    func retryResumesAndGivesUp() throws {
        let player = try makePlayer()
        defer { finish(player) }
        let port = emulator.port
        let url = try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/long/master.m3u8"))
        // A two-second forward buffer: the outage is felt at once.
        player.controller.bufferOptimization = BufferOptimization(minimumDuration: 2, maximumDuration: 2)
        player.controller.setVideos([Video.video(withURL: url)])
        XCTAssertTrue(MainLoop.run(until: { (player.controller.currentSession?.position ?? 0) >= 1.5 }, timeout: 20))

        emulator.stop()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.failedToPlayToEndTime)) }, timeout: 30))
        let failedAt = try XCTUnwrap(player.controller.currentSession?.position)
        XCTAssertTrue(player.status.offersRetry, "a failure midway offers Retry")

        // 1: the server is still down, the resume fails, Retry is offered again.
        player.status.pressRetry()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.resumeFail)) }, timeout: 30))
        XCTAssertTrue(MainLoop.run(until: { player.status.offersRetry }, timeout: 5))

        // 2: back up; playback goes on from where it stopped, not from the start.
        emulator = try UITestSupport.startEmulator(port: port)
        player.status.pressRetry()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.resumeComplete)) }, timeout: 30))
        XCTAssertFalse(player.status.isShowingMessage, "the message goes once playback is back")
        XCTAssertTrue(MainLoop.run(until: { (player.controller.currentSession?.position ?? 0) > failedAt + 0.5 },
                                   timeout: 20))
        let progress = events.compactMap { if case .progress(let time, _) = $0 { time } else { nil } }
        XCTAssertEqual(progress, progress.sorted(), "never back to the start")

        // 3: down again; the last attempt fails and Retry is no longer offered.
        emulator.stop()
        XCTAssertTrue(MainLoop.run(until: { self.events.filter { $0 == .lifecycle(.failedToPlayToEndTime) }.count >= 2 },
                                   timeout: 30))
        XCTAssertTrue(player.status.offersRetry)
        player.status.pressRetry()
        XCTAssertTrue(MainLoop.run(until: { self.events.filter { $0 == .lifecycle(.resumeFail) }.count >= 2 },
                                   timeout: 30))
        XCTAssertEqual(player.resumeOffer.attempts, ResumeOffer.maximumAttempts)
        XCTAssertTrue(player.status.isShowingMessage)
        XCTAssertFalse(player.status.offersRetry, "after \(ResumeOffer.maximumAttempts) attempts, no more Retry")
        XCTAssertTrue(player.status.messageText.hasSuffix(tr("Please try again later.")), player.status.messageText)
        XCTAssertEqual(events.filter { $0 == .lifecycle(.ready) }.count, 1, "resumes are not new loads")
    }
}
