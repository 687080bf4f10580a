import CoveCore
import XCTest

/// resumeVideo(at:autoPlay:) after a failure, and bumpers (which a resume must not replay).
final class ControllerRecoveryTests: XCTestCase {
    private static let refused = EngineError(kind: .resource, detail: "connection refused")

    func testResumeRebuildsThePipelineWithoutRepeatingEventsOrProgress() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("a", cuePoints: [Fixtures.cuePoint(2.2, "c")])])
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.playing, .position(1), .position(2), .position(3), .error(Self.refused))
            harness.clearEvents()

            harness.controller.resumeVideo(at: 2, autoPlay: true)
            harness.controller.resumeVideo(at: 5, autoPlay: true)  // ignored: the first is pending
            XCTAssertEqual(harness.engine.loads.count, 2)
            XCTAssertEqual(harness.engine.loads.last?.uri, Fixtures.uri("a"))
            XCTAssertEqual(harness.engine.loads.last?.options.startPosition, 2)
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.playing, .position(2), .position(2.5), .position(3), .position(3.5))
            XCTAssertEqual(harness.lines, [
                #"{"type":"lifecycle","event":"ResumeBegin"}"#,
                #"{"type":"lifecycle","event":"ResumeComplete"}"#,
                #"{"type":"lifecycle","event":"Play"}"#,
                #"{"type":"progress","time":3.5}"#,
            ])
            XCTAssertEqual(harness.engines.count, 1, "the same session and engine")
            XCTAssertTrue(harness.controller.seek(to: 1))
        }
    }

    func testAResumeThatFailsReportsResumeFailAndCanBeRetried() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.error(Self.refused))
            harness.clearEvents()
            harness.controller.resumeVideo(at: 4, autoPlay: false)
            harness.engine.send(.error(Self.refused))
            harness.controller.resumeVideo(at: 4, autoPlay: false)
            harness.engine.prerollVOD(duration: 10)
            XCTAssertEqual(harness.lifecycleLines, [
                #"{"type":"lifecycle","event":"ResumeBegin"}"#,
                #"{"type":"error","code":"LOAD_FAILED","message":"The video could not be loaded. Check your network connection and try again.","session_id":"\#(PlayerSessionID.current)"}"#,
                #"{"type":"lifecycle","event":"ResumeFail"}"#,
                #"{"type":"lifecycle","event":"ResumeBegin"}"#,
                #"{"type":"lifecycle","event":"ResumeComplete"}"#,
            ])
            XCTAssertFalse(harness.engine.calls.contains(.play), "autoPlay false")
        }
    }

    func testTheBumperPlaysFirstWithItsOwnEventsAndRefusesSeeking() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")], bumper: Fixtures.video("bumper"))
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("bumper")])
            XCTAssertTrue(harness.controller.currentSession?.isBumperActive == true)
            harness.engine.prerollVOD(duration: 2)
            XCTAssertFalse(harness.controller.seek(to: 1), "no seeking during the bumper")
            harness.engine.send(.playing, .position(0.1), .position(0.2), .position(0.5), .position(2), .endOfStream)
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("bumper"), Fixtures.uri("a")])
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.playing)
            XCTAssertEqual(harness.engine.calls.filter { $0 == .play }.count, 2, "bumper, then content")
            XCTAssertEqual(harness.lines.prefix(7), [
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
                #"{"type":"lifecycle","event":"BumperEnter"}"#,
                #"{"type":"lifecycle","event":"BumperProgress","time":0.1}"#,
                #"{"type":"lifecycle","event":"BumperProgress","time":0.5}"#,
                #"{"type":"lifecycle","event":"BumperProgress","time":2}"#,
                #"{"type":"lifecycle","event":"BumperExit"}"#,
                #"{"type":"lifecycle","event":"Ready"}"#,
            ])
            XCTAssertTrue(harness.lines.contains(#"{"type":"lifecycle","event":"Play"}"#))
            XCTAssertTrue(harness.controller.seek(to: 1))

            // A resume goes straight to the content; the next video of the queue has no bumper.
            harness.engine.send(.error(Self.refused))
            harness.controller.resumeVideo(at: 3, autoPlay: true)
            XCTAssertEqual(harness.engine.loads.last?.uri, Fixtures.uri("a"))
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("b")])
        }
    }

    func testABrokenBumperGivesWayToTheContent() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")], bumper: Fixtures.video("bumper"))
            harness.engine.send(.error(Self.refused))
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("bumper"), Fixtures.uri("a")])
            harness.engine.prerollVOD(duration: 10)
            XCTAssertEqual(harness.lifecycleLines.prefix(5), [
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
                #"{"type":"lifecycle","event":"BumperEnter"}"#,
                #"{"type":"warning","code":"BUMPER_UNAVAILABLE","message":"The bumper video could not be played; the video plays without it."}"#,
                #"{"type":"lifecycle","event":"BumperExit"}"#,
                #"{"type":"lifecycle","event":"Ready"}"#,
            ])
            XCTAssertFalse(harness.lines.contains { $0.contains(#""type":"error""#) }, "the content plays")
        }
    }
}
