import CoveCore
import XCTest

/// Engine signals in, the SDK's lifecycle events out, checked line by line.
final class ControllerLifecycleTests: XCTestCase {
    func testAVODSessionReportsReadyDurationSeekableTypesAndPlays() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")])
            harness.controller.play()  // before Ready: remembered
            harness.engine.send(.buffering(percent: 0), .buffering(percent: 100))
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.playing, .position(0.5), .paused)
            harness.controller.pause()
            XCTAssertEqual(harness.lines, [
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
                #"{"type":"lifecycle","event":"PlayRequest"}"#,
                #"{"type":"lifecycle","event":"PlaybackBufferEmpty"}"#,
                #"{"type":"lifecycle","event":"PlaybackLikelyToKeepUp"}"#,
                #"{"type":"lifecycle","event":"Ready"}"#,
                #"{"type":"duration","duration":10}"#,
                #"{"type":"seekable","start":0,"end":10}"#,
                #"{"type":"video_type","video_type":"vod"}"#,
                #"{"type":"media_type","media_type":"audio-video"}"#,
                #"{"type":"tracks","audio":[{"id":"a0","language":null,"name":null,"sidecar":false,"roles":[]}],"captions":[]}"#,
                #"{"type":"lifecycle","event":"Play"}"#,
                #"{"type":"progress","time":0.5}"#,
                #"{"type":"lifecycle","event":"Pause"}"#,
                #"{"type":"lifecycle","event":"PauseRequest"}"#,
            ])
            XCTAssertEqual(harness.engine.calls.filter { $0 == .play }.count, 1)
        }
    }

    func testVideoTypeFollowsDurationAndTheSeekableWindow() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("live")])
            harness.engine.send(.ready, .duration(nil), .seekable(SeekableRange(start: 100, end: 106)),
                                .streams(EngineStreams(hasVideo: false)))
            // The window grows past a minute: the stream turns out to be DVR; small moves are not reported.
            harness.engine.send(.seekable(SeekableRange(start: 100, end: 106.4)),
                                .seekable(SeekableRange(start: 100, end: 161)))
            XCTAssertEqual(Array(harness.lines.dropFirst(2)), [
                #"{"type":"duration","duration":null}"#,
                #"{"type":"seekable","start":100,"end":106}"#,
                #"{"type":"video_type","video_type":"live"}"#,
                #"{"type":"media_type","media_type":"audio"}"#,
                #"{"type":"tracks","audio":[],"captions":[]}"#,
                #"{"type":"seekable","start":100,"end":161}"#,
                #"{"type":"video_type","video_type":"live-dvr"}"#,
            ])
            XCTAssertEqual(VideoType(duration: nil, seekable: nil), .live)
            XCTAssertEqual(VideoType(duration: 12, seekable: nil), .vod)
            XCTAssertEqual(VideoType(duration: nil, seekable: SeekableRange(start: 0, end: 59.9)), .live)
            XCTAssertEqual(VideoType(duration: nil, seekable: SeekableRange(start: 5, end: 65)), .liveDVR)
        }
    }

    func testBufferingWhilePlayingIsAStallButNotWhileLoadingOrSeeking() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.send(.buffering(percent: 10))
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.buffering(percent: 100), .playing, .position(1))
            harness.clearEvents()

            XCTAssertTrue(harness.controller.seek(to: 5))
            harness.engine.send(.buffering(percent: 30), .buffering(percent: 100), .position(5))
            harness.engine.send(.buffering(percent: 0), .buffering(percent: 50), .buffering(percent: 100))
            XCTAssertEqual(harness.lifecycleLines, [
                #"{"type":"lifecycle","event":"PlaybackBufferEmpty"}"#,
                #"{"type":"lifecycle","event":"PlaybackLikelyToKeepUp"}"#,
                #"{"type":"lifecycle","event":"PlaybackBufferEmpty"}"#,
                #"{"type":"lifecycle","event":"PlaybackStalled"}"#,
                #"{"type":"lifecycle","event":"PlaybackLikelyToKeepUp"}"#,
                #"{"type":"lifecycle","event":"PlaybackRecovered"}"#,
            ])
            XCTAssertEqual(harness.engine.calls.last, .seek(5, tolerance: 0.1))
        }
    }

    func testCuePointsArePassedOnceAggregatedAcrossASeek() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let cuePoints = [CuePoint(position: .before, type: "AD", properties: ["name": "pre"]),
                             Fixtures.cuePoint(0, "start"), Fixtures.cuePoint(2, "two"), Fixtures.cuePoint(3, "three"),
                             Fixtures.cuePoint(7, "seven"), CuePoint(position: .after, type: "AD")]
            harness.controller.setVideos([Fixtures.video("a", cuePoints: cuePoints)])
            harness.engine.prerollVOD(duration: 9)
            harness.clearEvents()
            harness.engine.send(.playing, .position(0.25), .position(1.0))
            harness.controller.seek(to: 6)
            harness.controller.seek(to: 8)  // two seeks before the next progress: one passage
            harness.engine.send(.position(8), .position(8.5))
            harness.controller.seek(to: 1)  // backwards: nothing
            harness.engine.send(.position(1), .position(2.5), .endOfStream)
            func point(_ time: String, _ name: String, type: String = "CODE") -> String {
                #"{"time":\#(time),"type":"\#(type)","name":"\#(name)","id":null,"metadata":null,"force_stop":false}"#
            }
            let cueLines = harness.lines.filter { $0.hasPrefix(#"{"type":"cue_points""#) }
            XCTAssertEqual(cueLines, [
                #"{"type":"cue_points","previous":0,"current":0,"cue_points":["# + point("\"before\"", "pre", type: "AD") + "]}",
                #"{"type":"cue_points","previous":0,"current":0.25,"cue_points":["# + point("0", "start") + "]}",
                #"{"type":"cue_points","previous":1,"current":8,"cue_points":["# + point("2", "two") + ","
                    + point("3", "three") + "," + point("7", "seven") + "]}",
                #"{"type":"cue_points","previous":1,"current":2.5,"cue_points":["# + point("2", "two") + "]}",
                // The end is reached by playing through the rest again.
                #"{"type":"cue_points","previous":2.5,"current":9,"cue_points":["# + point("3", "three") + ","
                    + point("7", "seven") + "]}",
                #"{"type":"cue_points","previous":9,"current":9,"cue_points":[{"time":"after","type":"AD","name":null,"id":null,"metadata":null,"force_stop":false}]}"#,
            ])
        }
    }

    func testFailuresBeforeAndAfterReadyAndNoAutomaticRetry() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.send(.error(EngineError(kind: .resource, detail: "404")))
            XCTAssertEqual(harness.lines.suffix(2), [
                #"{"type":"error","code":"LOAD_FAILED","message":"The video could not be loaded. Check your network connection and try again.","session_id":"\#(PlayerSessionID.current)"}"#,
                #"{"type":"lifecycle","event":"Fail"}"#,
            ])

            harness.controller.setVideos([Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 10)
            harness.controller.play()
            harness.engine.send(.playing, .position(3), .error(EngineError(kind: .resource, detail: "refused")))
            XCTAssertEqual(harness.lines.suffix(2), [
                #"{"type":"error","code":"FAILED_TO_PLAY_TO_END","message":"The video could not be loaded. Check your network connection and try again.","session_id":"\#(PlayerSessionID.current)"}"#,
                #"{"type":"lifecycle","event":"FailedToPlayToEndTime"}"#,
            ])
            XCTAssertEqual(harness.engine.loads.count, 1, "no automatic retry")
            XCTAssertFalse(harness.controller.seek(to: 1), "a failed session does not seek")
            harness.controller.play()
            XCTAssertEqual(harness.engine.calls.filter { $0 == .play }.count, 1, "nor play")
        }
    }

    func testTheEndReportsTheDurationAsProgressButNeverGoesBack() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.playing, .position(9.7), .endOfStream)
            harness.controller.advanceToNext()
            harness.engine.prerollVOD(duration: 10)
            harness.engine.send(.playing, .position(10.02), .endOfStream)
            XCTAssertEqual(harness.events.compactMap { if case .progress(let time, _) = $0 { time } else { nil } },
                           [9.7, 10, 10.02])
        }
    }

    func testSeekIsRefusedBeforeReadyAndClampedAfter() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            XCTAssertFalse(harness.controller.seek(to: 1), "no session")
            harness.controller.setVideos([Fixtures.video("a")])
            XCTAssertFalse(harness.controller.seek(to: 1), "not ready")
            harness.engine.prerollVOD(duration: 10)
            XCTAssertTrue(harness.controller.seek(to: 25, tolerance: 0.5))
            XCTAssertTrue(harness.controller.seek(to: -3))
            XCTAssertFalse(harness.controller.seek(to: .nan))
            XCTAssertEqual(harness.engine.calls.suffix(2), [.seek(10, tolerance: 0.5), .seek(0, tolerance: 0.1)])
        }
    }
}
