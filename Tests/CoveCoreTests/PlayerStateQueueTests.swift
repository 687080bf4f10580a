import CoveCore
import FoundationEssentials
import XCTest

/// What the state says of the queue (MPRIS's CanGoNext and CanGoPrevious, the track's place, the player's next and
/// previous actions) and of a live stream's edge (the live button): views read them here, never from the
/// controller's own properties or a formula of their own.
final class PlayerStateQueueTests: XCTestCase {
    func testTheQueuePlaceAndWhereItCanGo() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            XCTAssertNil(state.queueIndex)
            XCTAssertFalse(state.canAdvanceToNext)

            controller.setVideos([Fixtures.video("a"), Fixtures.video("b"), Fixtures.video("c")])
            XCTAssertEqual(state.queueIndex, 0)
            XCTAssertTrue(state.canAdvanceToNext)
            XCTAssertFalse(state.canAdvanceToPrevious)

            recorder.clear()
            controller.advanceToNext()
            XCTAssertTrue(recorder.changes.contains { $0.contains(.queue) }, "\(recorder.changes)")
            XCTAssertEqual(state.queueIndex, 1)
            XCTAssertTrue(state.canAdvanceToNext)
            XCTAssertTrue(state.canAdvanceToPrevious)

            controller.advanceToNext()
            XCTAssertEqual(state.queueIndex, 2)
            XCTAssertFalse(state.canAdvanceToNext, "the last video")
            XCTAssertEqual(state.canAdvanceToNext, controller.canAdvanceToNext)

            recorder.clear()
            controller.insertVideo(Fixtures.video("d"), afterVideoAt: 2)
            XCTAssertTrue(state.canAdvanceToNext, "a video inserted after the current one")
            XCTAssertEqual(recorder.changes, [.queue])
        }
    }

    func testALiveStreamIsAtItsEdgeUntilItFallsBehind() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("live")])
            harness.engine.send(.ready, .duration(nil), .seekable(SeekableRange(start: 100, end: 400)),
                                .streams(EngineStreams(hasVideo: true)))
            XCTAssertEqual(state.videoType, .liveDVR)
            harness.engine.send(.position(395))
            XCTAssertTrue(state.isAtLiveEdge)
            XCTAssertTrue(controller.seek(to: 200))
            XCTAssertFalse(state.isAtLiveEdge, "seeked back into the window")
            harness.engine.send(.position(400 - PlayerState.liveEdgeTolerance))
            XCTAssertTrue(state.isAtLiveEdge, "the tolerance's own end")

            let vod = ControllerHarness()
            vod.controller.setVideos([Fixtures.video("vod")])
            vod.engine.prerollVOD(duration: 10)
            vod.engine.send(.position(9.5))
            XCTAssertFalse(vod.controller.state.isAtLiveEdge, "a VOD has no live edge")
        }
    }
}
