import CoveCore
import XCTest

/// The queue: setVideos, autoPlay, autoAdvance, advanceToNext, insertVideo — with scripted engines.
final class ControllerQueueTests: XCTestCase {
    func testSetVideosStartsOneSessionAndReplacingTheQueueTerminatesIt() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            XCTAssertEqual(harness.engines.count, 1)
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("a")])
            XCTAssertEqual(harness.controller.currentIndex, 0)
            let first = harness.engine

            harness.controller.setVideos([Fixtures.video("c")])
            XCTAssertEqual(first.calls.last, .stop, "the old session's pipeline is released")
            XCTAssertNil(first.signalHandler)
            XCTAssertEqual(harness.engines.count, 2)
            XCTAssertEqual(harness.lines, [
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
                #"{"type":"lifecycle","event":"Terminate"}"#,
                #"{"type":"session","video_id":"c","source":"https://media.example/c.m3u8"}"#,
            ])
            // The terminated session's engine is silent even if it still signals.
            first.send(.ready)
            XCTAssertEqual(harness.lines.count, 3)
        }
    }

    func testAutoPlayPlaysOnReadyOnlyWhenSet() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            XCTAssertFalse(harness.engine.calls.contains(.play))

            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 10)
            XCTAssertTrue(harness.engine.calls.contains(.play))
        }
    }

    func testAutoAdvancePlaysTheQueueThroughAndCompletesThePlaylist() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.autoAdvance = true
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 4)
            harness.engine.send(.playing, .endOfStream)
            XCTAssertEqual(harness.controller.currentIndex, 1)
            harness.engine.prerollVOD(duration: 4)
            harness.engine.send(.playing, .endOfStream)
            // A second end of stream is not the player's to send (it reports its end once a load): one End, as in
            // the SDK.
            harness.engine.send(.endOfStream)

            let lines = harness.lifecycleLines
            XCTAssertEqual(lines.filter { $0.contains(#""event":"End""#) }.count, 2)
            XCTAssertEqual(lines.suffix(2), [#"{"type":"lifecycle","event":"End"}"#, #"{"type":"playlist_complete"}"#])
            let advance = try? XCTUnwrap(lines.firstIndex(of: #"{"type":"lifecycle","event":"Terminate"}"#))
            XCTAssertEqual(lines[(advance ?? 0) - 1], #"{"type":"lifecycle","event":"End"}"#)
            XCTAssertEqual(lines[(advance ?? 0) + 1],
                           #"{"type":"session","video_id":"b","source":"https://media.example/b.m3u8"}"#)
            XCTAssertEqual(harness.engines.count, 2)
            XCTAssertEqual(harness.engines[0].calls.last, .stop)
        }
    }

    func testWithoutAutoAdvanceTheSessionStaysAtTheEnd() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 4)
            harness.engine.send(.playing, .endOfStream)
            XCTAssertEqual(harness.engines.count, 1)
            XCTAssertFalse(harness.lines.contains(#"{"type":"playlist_complete"}"#))
        }
    }

    func testAdvanceToNextMovesOnAndIsANoOpAtTheEnd() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.controller.currentSession?.video.id, "b")
            XCTAssertEqual(harness.engines[0].calls.last, .stop)
            let count = harness.lines.count
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.controller.currentSession?.video.id, "b")
            XCTAssertEqual(harness.lines.count, count, "nothing happens at the end of the queue")
            XCTAssertEqual(harness.engines.count, 2)
        }
    }

    func testInsertVideoAtValidAndInvalidIndices() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.controller.advanceToNext()  // now at b, index 1
            harness.clearEvents()

            harness.controller.insertVideo(Fixtures.video("x"), afterVideoAt: 0)
            harness.controller.insertVideo(Fixtures.video("y"), afterVideoAt: 2)
            harness.controller.insertVideo(Fixtures.video("z"), afterVideoAt: 4)
            harness.controller.insertVideo(Fixtures.video("w"), afterVideoAt: -1)
            harness.controller.insertVideo(Fixtures.unplayable, afterVideoAt: 0)
            XCTAssertEqual(harness.lines, [
                #"{"type":"inserted","video_id":"x","index":1}"#,
                #"{"type":"inserted","video_id":"y","index":3}"#,
                #"{"type":"insert_failed","video_id":"z","after_index":4}"#,
                #"{"type":"insert_failed","video_id":"w","after_index":-1}"#,
                #"{"type":"insert_failed","video_id":"bad","after_index":0}"#,
            ])
            XCTAssertEqual(harness.controller.videos.map(\.id), ["a", "x", "b", "y"])
            // Inserting before the current video keeps the current one current.
            XCTAssertEqual(harness.controller.currentIndex, 2)
            XCTAssertEqual(harness.controller.currentSession?.video.id, "b")
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.controller.currentSession?.video.id, "y")
        }
    }

    func testUnplayableVideosAreSkippedWithAWarning() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.unplayable, Fixtures.video("a")])
            XCTAssertEqual(harness.controller.currentSession?.video.id, "a")
            XCTAssertEqual(harness.controller.currentIndex, 1)
            XCTAssertEqual(harness.events.first, .warning(
                code: PlaybackErrorCode.noPlayableSource,
                message: "A playlist video was left out: This video is not available for playback right now."))
            XCTAssertFalse(harness.lines.contains { $0.contains(#""type":"error""#) }, "playback goes on")
        }
    }

    func testAnEndTheEngineAssumedAdvancesWithAWarningAndLaterEndsAreIgnored() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.autoAdvance = true
            harness.controller.preloadsNextVideo = false
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 5)
            let first = harness.engine
            first.send(.playing, .position(4.78))
            harness.clearEvents()
            first.send(.endAssumed(at: 4.78))
            XCTAssertEqual(harness.lines, [
                #"{"type":"warning","code":"END_ASSUMED","message":"The video stopped just before its end and was ended there."}"#,
                #"{"type":"progress","time":5}"#,
                #"{"type":"lifecycle","event":"End"}"#,
                #"{"type":"lifecycle","event":"Terminate"}"#,
                #"{"type":"session","video_id":"b","source":"https://media.example/b.m3u8"}"#,
            ])
            XCTAssertEqual(harness.controller.currentIndex, 1)
            // The real end of stream, late, changes nothing.
            first.send(.endOfStream)
            XCTAssertEqual(harness.controller.currentIndex, 1)
            XCTAssertEqual(harness.lines.filter { $0.contains(#""event":"End""#) }.count, 1)
        }
    }
}
