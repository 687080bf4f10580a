import CoveCore
import FoundationEssentials
import XCTest

/// `PlayerState.status` through whole sessions: loading, paused, playing, buffering, ended, failed, a resume and
/// a bumper, as the one place that derives it (PlaybackController+State) says.
final class PlayerStateStatusTests: XCTestCase {
    private static let refused = EngineError(kind: .resource, detail: "connection refused")
    private static let undecodable = EngineError(kind: .unsupportedFormat, detail: "no decoder for video/x-h265")

    func testAWholeSessionThenTheNextWithAutoAdvance() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            controller.autoAdvance = true
            XCTAssertEqual(state.status, .idle)
            XCTAssertNil(state.session)

            controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            let first = harness.engine
            XCTAssertEqual(state.status, .loading)
            XCTAssertTrue(state.session?.id == controller.currentSession?.id)
            first.prerollVOD(duration: 10)
            XCTAssertEqual(state.status, .paused, "Ready without autoPlay")

            controller.play()
            XCTAssertEqual(state.status, .paused, "until the engine plays")
            first.send(.playing)
            XCTAssertEqual(state.status, .playing)
            first.send(.buffering(percent: 40))
            XCTAssertEqual(state.status, .buffering, "waiting for media while the viewer wants it playing")
            first.send(.buffering(percent: 100))
            XCTAssertEqual(state.status, .playing)

            controller.pause()
            first.send(.paused)
            XCTAssertEqual(state.status, .paused)
            first.send(.buffering(percent: 20))
            XCTAssertEqual(state.status, .paused, "buffering while paused is not waiting for anything")
            first.send(.buffering(percent: 100))
            XCTAssertEqual(state.status, .paused)

            controller.play()
            first.send(.playing, .position(9.8))
            XCTAssertEqual(state.status, .playing)
            var statusAtEnd: PlayerState.Status?
            controller.addObserver { event in
                if case .lifecycle(.end) = event { statusAtEnd = state.status }
            }
            let before = recorder.statuses.count
            first.send(.endOfStream)
            // The end and autoAdvance's next video are one transition: observers and the End event find the next
            // video loading, and the state never says ended between the two.
            XCTAssertEqual(statusAtEnd, .loading)
            XCTAssertEqual(Array(recorder.statuses[before...]), [.loading])

            // The next session, from its start.
            XCTAssertEqual(harness.engines.count, 2)
            XCTAssertTrue(state.session?.id == controller.currentSession?.id)
            XCTAssertEqual(state.session?.video.id, "b")
            XCTAssertEqual(state.status, .loading)
            XCTAssertEqual(state.position, 0)
            XCTAssertNil(state.duration)
            XCTAssertFalse(state.canSeek)
            harness.engine.prerollVOD(duration: 20)
            XCTAssertEqual(state.status, .paused)
            XCTAssertEqual(state.duration, 20)
        }
    }

    func testTheEndWithoutAutoAdvanceStaysEndedUntilPlayedAgain() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 10)
            controller.play()
            harness.engine.send(.playing, .position(9.9), .endOfStream)
            XCTAssertEqual(state.status, .ended)
            XCTAssertEqual(state.position, 10, "the end is the duration")
            XCTAssertEqual(state.session?.video.id, "a")
            harness.engine.send(.paused)
            XCTAssertEqual(state.status, .ended)

            controller.play()
            XCTAssertEqual(state.status, .paused, "from the start, until the engine plays")
            XCTAssertEqual(state.position, 0)
            harness.engine.send(.playing)
            XCTAssertEqual(state.status, .playing)
        }
    }

    /// The engine's end watch: no end of stream came, yet the video is over.
    func testAnAssumedEndEndsAtTheDuration() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let state = harness.controller.state
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            harness.controller.play()
            harness.engine.send(.playing, .position(9.7), .endAssumed(at: 9.7))
            XCTAssertEqual(state.status, .ended)
            XCTAssertEqual(state.position, 10)
            XCTAssertTrue(harness.events.contains(.warning(
                code: PlaybackWarningCode.endAssumed,
                message: "The video stopped just before its end and was ended there.")))
        }
    }

    func testAnEngineErrorFailsWithTheTranslatedSentence() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            var statusAtError: PlayerState.Status?
            controller.addObserver { event in
                if case .error = event { statusAtError = state.status }
            }
            controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.prerollVOD(duration: 10)
            controller.play()
            harness.engine.send(.playing, .position(3), .error(Self.undecodable))
            let sentence = "This video's format cannot be played. A GStreamer plugin may be missing."
            XCTAssertEqual(PlaybackMessages.message(for: Self.undecodable), sentence)
            XCTAssertEqual(state.status, .failed(message: sentence))
            XCTAssertEqual(statusAtError, .failed(message: sentence), "the error event finds the state failed")
            XCTAssertFalse(state.canSeek)
            XCTAssertFalse(controller.seek(to: 1))
            XCTAssertEqual(state.position, 3)
            controller.play()
            XCTAssertEqual(state.status, .failed(message: sentence), "play does not undo a failure")

            // Before Ready: the load failure's own sentence; the next video starts afresh.
            controller.advanceToNext()
            XCTAssertEqual(state.status, .loading)
            harness.engine.send(.error(Self.refused))
            XCTAssertEqual(state.status, .failed(
                message: "The video could not be loaded. Check your network connection and try again."))
        }
    }

    func testAPlaybackAPIErrorWithoutASessionFails() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            var statusAtError: PlayerState.Status?
            controller.addObserver { event in
                if case .error = event { statusAtError = state.status }
            }
            controller.reportError(code: "VIDEO_NOT_FOUND", message: "The video was not found.")
            XCTAssertEqual(state.status, .failed(message: "The video was not found."))
            XCTAssertEqual(statusAtError, .failed(message: "The video was not found."))
            XCTAssertNil(state.session)
            XCTAssertNil(state.title)
            XCTAssertEqual(recorder.changes, [.status], "once, for the status only")

            // A new queue forgets it.
            controller.setVideos([Fixtures.video("a")])
            XCTAssertEqual(state.status, .loading)

            // A queue with nothing playable fails the same way, with the video's own reason.
            controller.setVideos([Fixtures.unplayable])
            XCTAssertNil(state.session)
            XCTAssertEqual(state.status, .failed(message: NoPlayableSourceError(video: Fixtures.unplayable).message))
        }
    }

    func testAResumeAfterAFailureLoadsThenPlays() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            controller.play()
            harness.engine.send(.playing, .position(4), .error(Self.refused))
            XCTAssertEqual(state.status, .failed(message: PlaybackMessages.message(for: Self.refused)))

            // resumeVideo is a command: the state says so as soon as it returns.
            controller.resumeVideo(at: 2.5, autoPlay: true)
            XCTAssertEqual(state.status, .loading)
            XCTAssertEqual(state.position, 2.5)
            XCTAssertFalse(state.canSeek, "not before the reloaded pipeline is ready")
            harness.engine.send(.buffering(percent: 30))
            XCTAssertEqual(state.status, .loading, "filling the new pipeline is loading, not buffering")
            harness.engine.send(.buffering(percent: 100))
            harness.engine.prerollVOD(duration: 10)
            XCTAssertTrue(state.canSeek)
            XCTAssertEqual(harness.engine.calls.last, .play)
            harness.engine.send(.playing)
            XCTAssertEqual(state.status, .playing)

            // A resume that fails again fails with its sentence.
            harness.engine.send(.error(Self.undecodable))
            controller.resumeVideo(at: 5, autoPlay: false)
            XCTAssertEqual(state.status, .loading)
            harness.engine.send(.error(Self.refused))
            XCTAssertEqual(state.status, .failed(message: PlaybackMessages.message(for: Self.refused)))
        }
    }

    /// During a bumper the state shows its loading, pausing and playing, but neither its position nor its length:
    /// the slider belongs to the content.
    func testABumperLoadsPausesAndPlaysWithThePositionAndDurationHidden() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.autoPlay = true
            controller.setVolume(0.6)
            controller.setVideos([Fixtures.video("a")], bumper: Fixtures.video("bumper"))
            let engine = harness.engine
            XCTAssertEqual(state.status, .loading)
            XCTAssertTrue(state.isBumperActive)
            XCTAssertEqual(state.title, "a.m3u8", "the title is the content's")

            engine.duration = 6
            engine.bufferedPosition = 3
            engine.send(.ready, .duration(6), .seekable(SeekableRange(start: 0, end: 6)))
            XCTAssertEqual(engine.volumes.last, 0.6, "the bumper plays at the chosen level")
            XCTAssertEqual(state.status, .loading, "autoPlay: loading until the bumper plays")
            engine.position = 1.5
            engine.send(.playing, .position(1.5))
            XCTAssertEqual(state.status, .playing)
            XCTAssertEqual(state.position, 0)
            XCTAssertEqual(state.playhead, 0)
            XCTAssertNil(state.duration)
            XCTAssertNil(state.bufferedPosition)
            XCTAssertFalse(state.canSeek)
            XCTAssertFalse(controller.seek(to: 3))

            controller.pause()
            engine.send(.paused)
            XCTAssertEqual(state.status, .paused)
            controller.play()
            engine.send(.playing)
            XCTAssertEqual(state.status, .playing)

            // The bumper ends: the content loads in the same engine.
            engine.position = nil
            engine.duration = nil
            engine.bufferedPosition = nil
            engine.send(.endOfStream)
            XCTAssertFalse(state.isBumperActive)
            XCTAssertEqual(state.status, .loading)
            XCTAssertFalse(state.canSeek)
            engine.prerollVOD(duration: 10)
            XCTAssertEqual(engine.calls.last, .play, "autoPlay holds for the content")
            engine.send(.playing)
            XCTAssertEqual(state.status, .playing)
            XCTAssertEqual(state.duration, 10)
            XCTAssertTrue(state.canSeek)
            XCTAssertEqual(harness.engines.count, 1)
        }
    }

    /// Without autoPlay a bumper waits paused for the viewer; a pause before it plays keeps it paused.
    func testABumperWithoutAutoPlayWaitsForPlay() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("a")], bumper: Fixtures.video("bumper"))
            harness.engine.send(.ready)
            XCTAssertFalse(harness.engine.calls.contains(.play))
            XCTAssertEqual(state.status, .paused)
            controller.play()
            XCTAssertEqual(state.status, .loading, "asked to play, the bumper is on its way")
            harness.engine.send(.playing)
            XCTAssertEqual(state.status, .playing)
        }
    }

    func testTerminatingTheSessionGoesIdle() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            controller.terminateCurrentSession()
            XCTAssertEqual(state.status, .idle)
            XCTAssertNil(state.session)
            XCTAssertNil(state.title)
            XCTAssertNil(state.duration)
            XCTAssertNil(state.seekableRange)
            XCTAssertFalse(state.canSeek)
            XCTAssertEqual(state.audioTracks, [])
            XCTAssertNil(state.videoType)
            XCTAssertNil(state.mediaType)
        }
    }
}
