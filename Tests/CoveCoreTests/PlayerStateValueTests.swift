import CoveCore
import FoundationEssentials
import XCTest

/// The fields of `PlayerState` besides the status: position and playhead, duration, the seekable window and
/// canSeek, buffered, rate, volume and mute, title, tracks and selections, the 360 view.
final class PlayerStateValueTests: XCTestCase {
    func testAVODCanSeekFromReadyWithinItsDuration() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("a")])
            XCTAssertFalse(state.canSeek)
            XCTAssertFalse(controller.seek(to: 2), "not before Ready")
            harness.engine.prerollVOD(duration: 10)
            XCTAssertEqual(state.duration, 10)
            XCTAssertEqual(state.seekableRange, SeekableRange(start: 0, end: 10))
            XCTAssertTrue(state.canSeek)
            XCTAssertEqual(state.videoType, .vod)
            XCTAssertEqual(state.mediaType, .audioVideo)

            XCTAssertTrue(controller.seek(to: 12))
            XCTAssertEqual(state.position, 10, "within the duration")
            XCTAssertTrue(controller.seek(to: -3))
            XCTAssertEqual(state.position, 0)
            XCTAssertTrue(controller.seek(to: 6.5))
            XCTAssertEqual(state.position, 6.5, "at once, before the engine lands")
            XCTAssertEqual(state.playhead, 6.5)
            harness.engine.send(.position(6.4))
            XCTAssertEqual(state.position, 6.4, "where the engine landed")
        }
    }

    /// While playing the playhead is the engine's (it moves between progress events); paused it is the position.
    func testThePlayheadFollowsTheEngineWhilePlaying() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            XCTAssertEqual(state.playhead, 0, "no session")
            controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            harness.engine.position = 0
            controller.play()
            harness.engine.send(.playing, .position(1))
            harness.engine.position = 1.13
            XCTAssertEqual(state.position, 1)
            XCTAssertEqual(state.playhead, 1.13)
            harness.engine.position = nil
            XCTAssertEqual(state.playhead, 1, "the position when the engine does not know")
            harness.engine.position = 1.4
            controller.pause()
            harness.engine.send(.paused)
            XCTAssertEqual(state.playhead, 1)
        }
    }

    func testALiveStreamWithoutAWindowCannotSeek() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.setVideos([Fixtures.video("live")])
            harness.engine.send(.ready, .duration(nil), .seekable(nil), .streams(EngineStreams(hasVideo: true)))
            XCTAssertEqual(state.status, .paused)
            XCTAssertNil(state.duration)
            XCTAssertNil(state.seekableRange)
            XCTAssertFalse(state.canSeek)
            XCTAssertEqual(state.videoType, .live)
            XCTAssertFalse(controller.seek(to: 5))
            XCTAssertEqual(state.position, 0)
        }
    }

    func testALiveDVRStreamSeeksWithinItsMovingWindow() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            controller.setVideos([Fixtures.video("dvr")])
            harness.engine.send(.ready, .duration(nil), .seekable(SeekableRange(start: 100, end: 1900)),
                                .streams(EngineStreams(hasVideo: true)))
            XCTAssertNil(state.duration)
            XCTAssertEqual(state.seekableRange, SeekableRange(start: 100, end: 1900))
            XCTAssertTrue(state.canSeek)
            XCTAssertEqual(state.videoType, .liveDVR)
            XCTAssertTrue(controller.seek(to: 50))
            XCTAssertEqual(state.position, 100, "not before the window")
            XCTAssertTrue(controller.seek(to: 5000))
            XCTAssertEqual(state.position, 1900, "not after it")

            // The window moves with the live edge: the state follows every move, reported or not.
            recorder.clear()
            harness.engine.send(.seekable(SeekableRange(start: 100.4, end: 1900.4)))
            XCTAssertEqual(state.seekableRange, SeekableRange(start: 100.4, end: 1900.4))
            XCTAssertEqual(recorder.changes, [.seekable])
            XCTAssertTrue(state.canSeek)

            // Losing the window (the server stops offering it) ends seeking.
            harness.engine.send(.seekable(nil))
            XCTAssertNil(state.seekableRange)
            XCTAssertFalse(state.canSeek)
        }
    }

    func testBufferedFollowsTheEngine() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let state = harness.controller.state
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            XCTAssertNil(state.bufferedPosition)
            harness.engine.bufferedPosition = 7.5
            harness.engine.send(.buffering(percent: 100))
            harness.engine.send(.position(0.5))
            XCTAssertEqual(state.bufferedPosition, 7.5)
        }
    }

    func testTheRateIsNormalisedAndKept() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            controller.playbackRate = 1.5
            XCTAssertEqual(state.rate, 1.5, "without a session too")
            controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 10)
            XCTAssertEqual(state.rate, 1.5)
            XCTAssertEqual(harness.engine.calls.filter { $0 == .rate(1.5) }.count, 1)
            controller.playbackRate = 0
            XCTAssertEqual(state.rate, 1)
            controller.playbackRate = .nan
            XCTAssertEqual(state.rate, 1)
            controller.playbackRate = 2
            XCTAssertEqual(state.rate, 2)
            XCTAssertEqual(harness.engine.calls.last, .rate(2))
        }
    }

    /// The level and the mute are the controller's, for every session: the engine gets the level the viewer hears
    /// when its session starts, when its pipeline is ready, and at every change.
    func testVolumeAndMuteReachTheStateAndEveryEngine() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            XCTAssertEqual(state.volume, 1)
            XCTAssertFalse(state.isMuted)
            XCTAssertEqual(state.effectiveVolume, 1)

            controller.setVolume(0.4)
            XCTAssertEqual(state.volume, 0.4)
            XCTAssertEqual(state.effectiveVolume, 0.4)
            controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            let first = harness.engine
            XCTAssertEqual(first.volumes, [0.4], "when the session starts")
            first.prerollVOD(duration: 10)
            XCTAssertEqual(first.volumes, [0.4, 0.4], "and on Ready, when the pipeline exists")

            controller.setMuted(true)
            XCTAssertTrue(state.isMuted)
            XCTAssertEqual(state.volume, 0.4, "the level stays while muted")
            XCTAssertEqual(state.effectiveVolume, 0)
            XCTAssertEqual(first.volumes.last, 0)
            controller.setVolume(0.7)
            XCTAssertFalse(state.isMuted, "moving the level unmutes")
            XCTAssertEqual(state.effectiveVolume, 0.7)
            XCTAssertEqual(first.volumes.last, 0.7)

            controller.setVolume(3)
            XCTAssertEqual(state.volume, 1)
            controller.setVolume(-1)
            XCTAssertEqual(state.volume, 0)
            controller.setVolume(.nan)
            XCTAssertEqual(state.volume, 1)
            XCTAssertEqual(first.volumes.suffix(3), [1, 0, 1])

            // Muted, the next session starts silent and stays so on Ready.
            controller.setVolume(0.3)
            controller.setMuted(true)
            controller.advanceToNext()
            let second = harness.engine
            XCTAssertFalse(first === second)
            second.prerollVOD(duration: 10)
            XCTAssertEqual(second.volumes, [0, 0])
            XCTAssertTrue(state.isMuted)
            controller.setMuted(false)
            XCTAssertEqual(second.volumes.last, 0.3)
            XCTAssertEqual(state.effectiveVolume, 0.3)
        }
    }

    func testTheTitleIsTheNameElseTheFileName() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            XCTAssertNil(state.title, "no session")

            let cases: [(Video, String?)] = [
                (StateFixtures.video(url: "https://media.example/films/night.mp4",
                                     properties: ["id": "n", "name": "A Night Out"]), "A Night Out"),
                (StateFixtures.video(url: "https://media.example/films/night.mp4",
                                     properties: ["id": "n", "name": ""]), "night.mp4"),
                (StateFixtures.video(url: "https://media.example/films/night.mp4"), "night.mp4"),
                (StateFixtures.video(url: "file:///home/viewer/Videos/holiday.mkv"), "holiday.mkv"),
                (StateFixtures.video(url: "https://media.example/films/My%20Film.mp4"), "My Film.mp4"),
                (StateFixtures.video(url: "https://media.example/"), nil),
                (StateFixtures.video(url: "https://media.example"), nil),
            ]
            for (video, title) in cases {
                controller.setVideos([video])
                XCTAssertNotNil(state.session, "\(video.sources[0].url)")
                XCTAssertEqual(state.title, title, "\(video.sources[0].url)")
            }
            recorder.clear()
            controller.setVideos([Fixtures.video("a")])
            XCTAssertEqual(state.title, "a.m3u8")
            XCTAssertTrue(recorder.changes.contains { $0.contains(.title) })
            controller.terminateCurrentSession()
            XCTAssertNil(state.title)
        }
    }

    func testTracksAndSelectionsFollowTheSession() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness(captionPersistence: .inMemory())
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            controller.enableCaptionPersistence = false
            let english = MediaTrack(id: "audio-en", language: "en", name: "English")
            let german = MediaTrack(id: "audio-de", language: "de", name: "Deutsch")
            let englishText = MediaTrack(id: "text-en", language: "en", name: "English")
            let germanText = MediaTrack(id: "text-de", language: "de", name: "Deutsch")
            controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)),
                                .streams(EngineStreams(hasVideo: true, audio: [english, german],
                                                       text: [englishText, germanText])))
            XCTAssertEqual(state.audioTracks, [english, german])
            XCTAssertEqual(state.captionTracks, [englishText, germanText])
            XCTAssertNil(state.selectedAudioTrack)
            XCTAssertNil(state.selectedCaptionTrack)

            recorder.clear()
            harness.engine.send(.streamsSelected(audio: "audio-en", text: nil))
            XCTAssertEqual(state.selectedAudioTrack, english)
            XCTAssertEqual(recorder.changes, [.tracks])
            controller.selectAudioTrack(german)
            XCTAssertEqual(state.selectedAudioTrack, english, "until the engine has switched")
            harness.engine.send(.streamsSelected(audio: "audio-de", text: nil))
            XCTAssertEqual(state.selectedAudioTrack, german)

            recorder.clear()
            controller.selectCaption(.track(germanText))
            XCTAssertEqual(state.selectedCaptionTrack, germanText)
            XCTAssertEqual(recorder.changes, [.tracks])
            controller.selectCaption(.off)
            XCTAssertNil(state.selectedCaptionTrack)

            // An audio-only stream.
            controller.advanceToNext()
            XCTAssertEqual(state.audioTracks, [], "the next session's, not yet listed")
            XCTAssertNil(state.selectedAudioTrack)
            XCTAssertNil(state.mediaType)
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)),
                                .streams(EngineStreams(hasVideo: false, audio: [english])))
            XCTAssertEqual(state.mediaType, .audio)
            XCTAssertEqual(state.audioTracks, [english])
            XCTAssertEqual(state.captionTracks, [])
        }
    }

    /// The 360 camera is part of the state: a 360 video starts facing the centre, and every move of the camera
    /// reaches the state (and its observers) as it happens.
    func testTheViewProjectionFollowsTheCamera() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            let sphere = StateFixtures.video(url: "https://media.example/sphere.m3u8",
                                             properties: ["id": "sphere", "projection": "equirectangular"])
            controller.setVideos([sphere, Fixtures.video("flat")])
            XCTAssertEqual(state.viewProjection.sourceFormat, .equirectangular)
            XCTAssertTrue(recorder.changes.contains { $0.contains(.projection) })
            harness.engine.prerollVOD(duration: 10)

            recorder.clear()
            var moved = controller.viewProjection
            moved.pan = 30
            moved.tilt = 10
            moved.zoom = 2
            controller.viewProjection = moved
            XCTAssertEqual(state.viewProjection.pan, 30)
            XCTAssertEqual(state.viewProjection.tilt, 10)
            XCTAssertEqual(state.viewProjection.zoom, 2)
            XCTAssertEqual(state.viewProjection, controller.viewProjection)
            XCTAssertEqual(recorder.changes, [.projection])

            recorder.clear()
            var goggles = controller.viewProjection
            goggles.projectionStyle = .vrGoggles
            controller.viewProjection = goggles
            XCTAssertEqual(state.viewProjection.projectionStyle, .vrGoggles)
            XCTAssertEqual(recorder.changes, [.projection])

            controller.advanceToNext()
            XCTAssertEqual(state.viewProjection.sourceFormat, .none, "a flat video")
            XCTAssertEqual(state.viewProjection, controller.viewProjection)
        }
    }
}
