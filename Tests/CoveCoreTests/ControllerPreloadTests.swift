import CoveCore
import XCTest

/// Preloading the next video near the end of the current one, with scripted engines. The gap it saves is measured
/// on real pipelines by `cove-bench`.
final class ControllerPreloadTests: XCTestCase {
    @MainActor
    static func playingFirstOfTwo(lead: Double = 5) -> ControllerHarness {
        let harness = ControllerHarness()
        harness.controller.autoPlay = true
        harness.controller.autoAdvance = true
        harness.controller.preloadLeadTime = lead
        harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
        harness.engine.prerollVOD(duration: 20)
        harness.engine.send(.playing, .position(1))
        return harness
    }

    func testTheNextVideoIsOpenedSilentlyNearTheEndAndBecomesCurrentOnEnd() {
        MainActor.assumeIsolated {
            let harness = Self.playingFirstOfTwo()
            let first = harness.engine
            first.send(.position(14.9))
            XCTAssertEqual(harness.engines.count, 1, "not yet within the lead time")
            first.send(.position(15.1))
            XCTAssertEqual(harness.engines.count, 2, "preloaded 5 s before the end")
            let second = harness.engine
            XCTAssertEqual(second.loads.map(\.uri), [Fixtures.uri("b")])
            XCTAssertFalse(second.calls.contains(.play), "prerolled, not played")

            harness.clearEvents()
            second.prerollVOD(duration: 8)
            second.send(.buffering(percent: 100))
            XCTAssertEqual(harness.lines, [], "no consumer hears of the preloaded session before it is current")
            XCTAssertEqual(harness.controller.currentSession?.engine === first, true)

            first.send(.position(16), .endOfStream)
            XCTAssertEqual(harness.engines.count, 2, "no third engine: the preloaded one is used")
            XCTAssertTrue(harness.controller.currentSession?.engine === second)
            XCTAssertEqual(harness.controller.currentIndex, 1)
            XCTAssertTrue(second.calls.contains(.play), "Ready was already there: it plays at once")
            XCTAssertEqual(harness.lifecycleLines, [
                #"{"type":"lifecycle","event":"End"}"#,
                #"{"type":"lifecycle","event":"Terminate"}"#,
                #"{"type":"session","video_id":"b","source":"https://media.example/b.m3u8"}"#,
                #"{"type":"lifecycle","event":"Ready"}"#,
                #"{"type":"duration","duration":8}"#,
                #"{"type":"seekable","start":0,"end":8}"#,
                #"{"type":"video_type","video_type":"vod"}"#,
                #"{"type":"media_type","media_type":"audio-video"}"#,
                #"{"type":"tracks","audio":[{"id":"a0","language":null,"name":null,"sidecar":false,"roles":[]}],"captions":[]}"#,
            ], "the same sequence as a session started on End")

            // Signals after it became current go straight through.
            second.send(.playing)
            XCTAssertEqual(harness.lifecycleLines.last, #"{"type":"lifecycle","event":"Play"}"#)
        }
    }

    /// The preload's failure is not kept: its pipeline goes at once, and the video is loaded afresh on its turn,
    /// whose own failure is reported with a message like any other.
    func testAPreloadThatFailedIsReleasedAndLoadedAfreshWhenCurrent() {
        MainActor.assumeIsolated {
            let harness = Self.playingFirstOfTwo()
            harness.engine.send(.position(17))
            let second = harness.engine
            second.send(.error(EngineError(kind: .resource, detail: "404")))
            XCTAssertEqual(second.calls.last, .stop, "the failed preload's pipeline is released at once")
            XCTAssertNil(second.signalHandler)
            XCTAssertFalse(harness.lines.contains { $0.contains("\"Fail\"") }, "nobody hears of the preload")
            harness.engines[0].send(.position(18))
            XCTAssertEqual(harness.engines.count, 2, "not preloaded again")

            harness.engines[0].send(.endOfStream)
            XCTAssertEqual(harness.engines.count, 3)
            let third = harness.engine
            XCTAssertEqual(third.loads.map(\.uri), [Fixtures.uri("b")])
            XCTAssertTrue(harness.controller.currentSession?.engine === third)
            third.send(.error(EngineError(kind: .resource, detail: "404")))
            XCTAssertEqual(harness.lifecycleLines.suffix(2), [
                #"{"type":"error","code":"LOAD_FAILED","message":"The video could not be loaded. Check your network connection and try again.","session_id":"\#(PlayerSessionID.current)"}"#,
                #"{"type":"lifecycle","event":"Fail"}"#,
            ])
        }
    }

    func testAPreloadThatBecameReadyAndThenFailedIsLoadedAfreshToo() {
        MainActor.assumeIsolated {
            let harness = Self.playingFirstOfTwo()
            harness.engine.send(.position(17))
            let second = harness.engine
            second.prerollVOD(duration: 8)
            second.send(.error(EngineError(kind: .resource, detail: "reset")))
            harness.engines[0].send(.endOfStream)
            XCTAssertEqual(harness.engines.count, 3, "\(harness.lifecycleLines)")
            harness.engine.prerollVOD(duration: 8)
            XCTAssertEqual(harness.lifecycleLines.filter { $0.contains(#""event":"Ready""#) }.count, 2,
                           "one Ready per video: the preload's was not kept")
        }
    }

    func testReplacingTheQueueOrInsertingBeforeThePreloadReleasesIt() {
        MainActor.assumeIsolated {
            let harness = Self.playingFirstOfTwo()
            harness.engine.send(.position(17))
            let preloaded = harness.engine
            harness.controller.insertVideo(Fixtures.video("x"), afterVideoAt: 0)
            XCTAssertEqual(preloaded.calls.last, .stop, "x now comes next: the preload of b is released")
            XCTAssertNil(preloaded.signalHandler)

            harness.engines[0].send(.position(17.5))
            let again = harness.engine
            XCTAssertEqual(again.loads.map(\.uri), [Fixtures.uri("x")], "the new next video is preloaded")
            harness.controller.setVideos([Fixtures.video("c")])
            XCTAssertEqual(again.calls.last, .stop)
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("c")])
        }
    }

    func testNothingIsPreloadedWithoutAutoAdvanceForLiveOrWhenSwitchedOff() {
        MainActor.assumeIsolated {
            let manual = ControllerHarness()
            manual.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            manual.engine.prerollVOD(duration: 10)
            manual.engine.send(.playing, .position(9))
            XCTAssertEqual(manual.engines.count, 1, "without autoAdvance nothing follows on its own")

            let live = ControllerHarness()
            live.controller.autoAdvance = true
            live.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            live.engine.send(.ready, .duration(nil), .seekable(nil), .playing, .position(100))
            XCTAssertEqual(live.engines.count, 1, "a live stream has no end to approach")

            let off = ControllerHarness()
            off.controller.autoAdvance = true
            off.controller.preloadsNextVideo = false
            off.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            off.engine.prerollVOD(duration: 10)
            off.engine.send(.playing, .position(9))
            XCTAssertEqual(off.engines.count, 1)
            off.engine.send(.endOfStream)
            XCTAssertEqual(off.engines.count, 2, "the next session starts on End instead")
        }
    }

    func testAdvancingByHandUsesThePreloadOnlyForTheVideoItHolds() {
        MainActor.assumeIsolated {
            let harness = Self.playingFirstOfTwo()
            harness.engine.send(.position(16))
            let preloaded = harness.engine
            harness.controller.advanceToNext()
            XCTAssertTrue(harness.controller.currentSession?.engine === preloaded)
            XCTAssertEqual(harness.engines.count, 2)
        }
    }
}

extension ControllerPreloadTests {
    func testStopEndsTheSessionAndReleasesThePreload() {
        MainActor.assumeIsolated {
            let harness = Self.playingFirstOfTwo()
            let current = harness.engine
            current.send(.position(16))
            let preloaded = harness.engine
            harness.controller.stop()
            XCTAssertEqual(current.calls.last, .stop)
            XCTAssertEqual(preloaded.calls.last, .stop)
            XCTAssertNil(harness.controller.currentSession)
            XCTAssertEqual(harness.controller.videos.count, 2, "the queue stays")
        }
    }
}
