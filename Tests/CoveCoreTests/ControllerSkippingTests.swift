import CoveCore
import XCTest

/// Next and Previous on request (media keys, MPRIS): which video starts, and when there is none to go to.
final class ControllerSkippingTests: XCTestCase {
    func testPreviousGoesBackOverUnplayableVideosAndStopsAtTheStart() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.unplayable, Fixtures.video("b")])
            XCTAssertFalse(harness.controller.canAdvanceToPrevious)
            XCTAssertTrue(harness.controller.canAdvanceToNext)

            harness.controller.advanceToNext()
            XCTAssertEqual(harness.controller.currentIndex, 2, "the unplayable video is passed over")
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("b")])
            XCTAssertFalse(harness.controller.canAdvanceToNext)
            XCTAssertTrue(harness.controller.canAdvanceToPrevious)

            harness.clearEvents()
            harness.controller.advanceToPrevious()
            XCTAssertEqual(harness.controller.currentIndex, 0)
            XCTAssertEqual(harness.engines.count, 3)
            XCTAssertEqual(harness.engines[1].calls.last, .stop, "the session left behind is released")
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("a")])
            XCTAssertEqual(harness.lines, [
                #"{"type":"lifecycle","event":"Terminate"}"#,
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
            ])

            harness.controller.advanceToPrevious()
            XCTAssertEqual(harness.engines.count, 3, "nothing before the first video")
            XCTAssertEqual(harness.controller.currentIndex, 0)
        }
    }

    func testNothingToSkipToWithoutAQueue() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            XCTAssertFalse(harness.controller.canAdvanceToNext)
            XCTAssertFalse(harness.controller.canAdvanceToPrevious)
            harness.controller.advanceToPrevious()
            XCTAssertTrue(harness.engines.isEmpty)
        }
    }
}
