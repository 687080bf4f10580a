import CoveCore
import XCTest

/// A video chosen in the playlist strip: it plays now, and the queue goes on after it.
final class ControllerChoosingTests: XCTestCase {
    func testAChosenVideoPlaysAndTheQueueFollowsFromIt() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b"), Fixtures.video("c"),
                                          Fixtures.video("d")])
            harness.clearEvents()
            harness.controller.playVideo(at: 2)
            XCTAssertEqual(harness.controller.currentIndex, 2)
            XCTAssertEqual(harness.engines.count, 2)
            XCTAssertEqual(harness.engines[0].calls.last, .stop, "the session left behind is released")
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("c")])
            XCTAssertEqual(harness.lines, [
                #"{"type":"lifecycle","event":"Terminate"}"#,
                #"{"type":"session","video_id":"c","source":"https://media.example/c.m3u8"}"#,
            ])
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.controller.currentIndex, 3, "the queue goes on after the chosen video")
            XCTAssertTrue(harness.controller.canAdvanceToPrevious)

            harness.controller.playVideo(at: 4)
            XCTAssertEqual(harness.controller.currentIndex, 3, "outside the queue: nothing happens")
            XCTAssertEqual(harness.engines.count, 3)
        }
    }

    func testAChosenUnplayableVideoPassesToTheNextPlayableOne() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.unplayable, Fixtures.video("b")])
            harness.controller.playVideo(at: 1)
            XCTAssertEqual(harness.controller.currentIndex, 2)
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("b")])
        }
    }

    func testANewQueueCanStartAtAnyOfItsVideos() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")])
            harness.controller.setVideos([Fixtures.video("x"), Fixtures.video("y")], playingAt: 1)
            XCTAssertEqual(harness.controller.videos.map(\.id), ["x", "y"])
            XCTAssertEqual(harness.controller.currentIndex, 1)
            XCTAssertEqual(harness.engines.count, 2, "no session is started for the first video")
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("y")])
        }
    }
}
