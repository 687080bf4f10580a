import CoveCore
import XCTest

/// Session consumers: any number, none special; a late one hears about the current session at once.
final class ControllerConsumerTests: XCTestCase {
    @MainActor
    private final class Consumer: PlaybackSessionConsumer {
        var advances: [String?] = []
        var events: [(video: String?, event: PlaybackEvent)] = []
        func didAdvance(to session: PlaybackSession) { advances.append(session.video.id) }
        func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
            events.append((session?.video.id, event))
        }
    }

    func testConsumersSeeAdvancesAndEventsWithTheirSession() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let early = Consumer()
            harness.controller.addSessionConsumer(early)
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 3)
            harness.controller.advanceToNext()
            XCTAssertEqual(early.advances, ["a", "b"])
            // Terminate belongs to the session it ends.
            let terminate = early.events.first { $0.event == .lifecycle(.terminate) }
            XCTAssertEqual(terminate?.video, "a")
            XCTAssertEqual(early.events.first { $0.event == .lifecycle(.ready) }?.video, "a")
        }
    }

    func testALateConsumerGetsTheCurrentSessionAtOnceAndARemovedOneNothing() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            let late = Consumer()
            harness.controller.addSessionConsumer(late)
            XCTAssertEqual(late.advances, ["a"])
            XCTAssertTrue(late.events.isEmpty)

            var lines: [String] = []
            let observer = harness.controller.addObserver { lines.append($0.jsonLine) }
            XCTAssertEqual(lines, [#"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#])

            harness.controller.removeSessionConsumer(late)
            harness.controller.removeObserver(observer)
            harness.controller.advanceToNext()
            XCTAssertEqual(late.advances, ["a"])
            XCTAssertEqual(lines.count, 1)
        }
    }

    func testAConsumerCanReplaceTheQueueFromAnEventWithoutStaleEvents() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            controller.addObserver { event in
                if event == .lifecycle(.ready), controller.currentSession?.video.id == "a" {
                    controller.setVideos([Fixtures.video("b")])
                }
            }
            controller.autoPlay = true
            controller.setVideos([Fixtures.video("a")])
            harness.engines[0].prerollVOD(duration: 3)
            // Ready ran to completion (autoPlay played it) before any consumer heard of it; the consumer's
            // replacement then stopped session a, which reports nothing afterwards.
            XCTAssertEqual(harness.engines[0].calls.suffix(2), [.play, .stop])
            XCTAssertEqual(harness.lines, [
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
                #"{"type":"lifecycle","event":"Ready"}"#,
                #"{"type":"lifecycle","event":"Terminate"}"#,
                #"{"type":"session","video_id":"b","source":"https://media.example/b.m3u8"}"#,
            ])
        }
    }
}
