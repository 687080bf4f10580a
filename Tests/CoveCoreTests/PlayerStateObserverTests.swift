import CoveCore
import FoundationEssentials
import XCTest

/// What `PlayerState` observers are told: exactly what changed, once per update; event consumers find the state
/// already saying what their event says; an observer sending a command gets another round, not a nested one.
final class PlayerStateObserverTests: XCTestCase {
    func testObserversAreToldExactlyWhatChangedOncePerUpdate() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let engine = { harness.engine }
            let recorder = StateRecorder(controller.state)

            controller.setVideos([Fixtures.video("a")])
            XCTAssertEqual(recorder.changes, [[.session, .status, .title, .queue, .videoOutput]])
            recorder.clear()
            engine().send(.ready)
            XCTAssertEqual(recorder.changes, [.status])
            recorder.clear()
            engine().send(.duration(10))
            XCTAssertEqual(recorder.changes, [[.duration, .seekable]], "the duration makes it seekable")
            recorder.clear()
            engine().send(.seekable(SeekableRange(start: 0, end: 10)))
            XCTAssertEqual(recorder.changes, [[.seekable, .status]], "the window and the video type: one transition")
            recorder.clear()
            engine().send(.streams(EngineStreams(hasVideo: true, audio: [MediaTrack(id: "a0")])))
            XCTAssertEqual(recorder.changes, [[.status, .tracks]], "the media type and the tracks: one transition")

            recorder.clear()
            controller.play()
            XCTAssertEqual(recorder.changes, [], "nothing changes until the engine plays")
            engine().send(.playing)
            XCTAssertEqual(recorder.changes, [.status])
            recorder.clear()
            engine().send(.position(0.5))
            XCTAssertEqual(recorder.changes, [.position], "with a progress event")
            recorder.clear()
            engine().send(.position(0.6))
            XCTAssertEqual(recorder.changes, [.position], "without a progress event")
            recorder.clear()
            engine().bufferedPosition = 4
            engine().send(.position(0.7))
            XCTAssertEqual(recorder.changes, [[.position, .buffered]])
            recorder.clear()
            engine().send(.position(0.7))
            XCTAssertEqual(recorder.changes, [], "nothing changed")

            controller.setVolume(0.5)
            controller.setMuted(true)
            controller.setMuted(true)
            XCTAssertEqual(recorder.changes, [.volume, .volume])
            recorder.clear()
            controller.playbackRate = 2
            controller.playbackRate = 2
            XCTAssertEqual(recorder.changes, [.rate])
            recorder.clear()
            XCTAssertTrue(controller.seek(to: 5))
            XCTAssertEqual(recorder.changes, [.position])
            XCTAssertEqual(recorder.maximumDepth, 1)
        }
    }

    /// Every field an event speaks of is already in the state when the event reaches a consumer.
    func testEventConsumersFindTheStateUpToDate() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let streams = EngineStreams(
                hasVideo: true,
                audio: [MediaTrack(id: "audio-en", language: "en"), MediaTrack(id: "audio-fr", language: "fr")],
                text: [MediaTrack(id: "text-en", language: "en")])
            var mismatches: [String] = []
            var checked = 0
            func expect(_ holds: Bool, _ what: @autoclosure () -> String) {
                checked += 1
                if !holds { mismatches.append(what()) }
            }
            controller.addObserver { event in
                switch event {
                case .session(let id, _):
                    expect(state.session?.id == controller.currentSession?.id && state.session?.video.id == id
                           && state.status == .loading, "session \(String(describing: id)): \(state.status)")
                case .lifecycle(.ready):
                    expect(state.status == .paused, "ready: \(state.status)")
                case .lifecycle(.play):
                    expect(state.status == .playing, "play: \(state.status)")
                case .lifecycle(.pause):
                    expect(state.status == .paused, "pause: \(state.status)")
                case .lifecycle(.end):
                    expect(state.status == .ended, "end: \(state.status)")
                case .lifecycle(.playbackBufferEmpty):
                    expect(state.status == .buffering, "buffer empty: \(state.status)")
                case .error(_, let message):
                    expect(state.status == .failed(message: message), "error: \(state.status)")
                case .duration(let seconds):
                    expect(state.duration == seconds && state.canSeek, "duration \(String(describing: seconds))")
                case .progress(let seconds, _):
                    expect(state.position == seconds, "progress \(seconds): \(state.position)")
                case .seekable(let range):
                    expect(state.seekableRange == range, "seekable \(range)")
                case .videoType(let type):
                    expect(state.videoType == type, "video type \(type)")
                case .mediaType(let type):
                    expect(state.mediaType == type, "media type \(type)")
                case .tracks(let audio, let captions):
                    expect(state.audioTracks == audio && state.captionTracks == captions, "tracks")
                case .audioTrack(let track):
                    expect(state.selectedAudioTrack == track, "audio track \(track.id)")
                case .captionTrack(let track):
                    expect(state.selectedCaptionTrack == track, "caption track \(String(describing: track))")
                default:
                    break
                }
            }
            controller.setVideos([Fixtures.video("a")])
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)), .streams(streams),
                                .streamsSelected(audio: "audio-en", text: nil))
            controller.selectCaption(.track(MediaTrack(id: "text-en", language: "en")))
            controller.selectAudioTrack(MediaTrack(id: "audio-fr", language: "fr"))
            harness.engine.send(.streamsSelected(audio: "audio-fr", text: nil))
            controller.play()
            harness.engine.send(.playing, .position(1), .position(2), .buffering(percent: 10),
                                .buffering(percent: 100), .position(3))
            controller.pause()
            harness.engine.send(.paused)
            controller.play()
            harness.engine.send(.playing, .position(9.9), .endOfStream)
            controller.selectCaption(.off)
            harness.engine.send(.error(EngineError(kind: .other, detail: "internal data stream error")))
            XCTAssertEqual(mismatches, [])
            XCTAssertGreaterThanOrEqual(checked, 20, "the consumer saw the events")
        }
    }

    /// An observer that sends commands (a volume, a seek, play) does not re-enter the update: its commands'
    /// changes come in one more round, to every observer, and the state ends as the commands left it.
    func testAnObserverSendingCommandsGetsAnotherRoundNotANestedOne() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let acting = StateRecorder(state)
            let watching = StateRecorder(state)
            var reacted = false
            acting.reaction = { changes in
                guard !reacted, changes.contains(.seekable), state.canSeek else { return }
                reacted = true
                // What this round says is what the state holds while the observers are told.
                XCTAssertEqual(state.volume, 1)
                controller.setVolume(0.25)
                XCTAssertTrue(controller.seek(to: 4))
                controller.play()
                XCTAssertEqual(state.volume, 0.25, "the fields follow a command at once; observers hear in a next round")
            }
            controller.setVideos([Fixtures.video("a")])
            acting.clear()
            watching.clear()
            harness.engine.send(.ready, .duration(10))
            XCTAssertTrue(reacted)
            XCTAssertEqual(acting.maximumDepth, 1)
            XCTAssertEqual(watching.maximumDepth, 1)
            XCTAssertEqual(acting.changes, [.status, [.duration, .seekable], [.position, .volume]])
            XCTAssertEqual(watching.changes, acting.changes, "every observer hears every round")

            XCTAssertEqual(state.volume, 0.25)
            XCTAssertEqual(state.effectiveVolume, 0.25)
            XCTAssertEqual(state.position, 4)
            XCTAssertEqual(state.status, .paused, "asked to play, not playing yet")
            XCTAssertEqual(harness.engine.volumes.last, 0.25)
            XCTAssertEqual(Array(harness.engine.calls.suffix(2)), [.seek(4, tolerance: 0.1), .play])
            harness.engine.send(.playing)
            XCTAssertEqual(state.status, .playing)
            XCTAssertEqual(acting.maximumDepth, 1)
        }
    }

    /// An observer whose command changes what it observes (muting when the level drops) settles: one round per
    /// change, the last with nothing more to say.
    func testChainedReactionsSettle() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let recorder = StateRecorder(state)
            recorder.reaction = { changes in
                if changes.contains(.volume), state.volume < 0.1, !state.isMuted { controller.setMuted(true) }
            }
            controller.setVolume(0.05)
            XCTAssertEqual(recorder.changes, [.volume, .volume])
            XCTAssertEqual(recorder.maximumDepth, 1)
            XCTAssertTrue(state.isMuted)
            XCTAssertEqual(state.volume, 0.05)
            XCTAssertEqual(state.effectiveVolume, 0)
        }
    }

    /// The state is updated before every event goes out: also for events a command sends from inside an observer
    /// (here the caption choice an observer makes when the tracks arrive).
    func testAnEventSentFromInsideAnObserverFindsTheStateUpToDate() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            let state = controller.state
            let english = MediaTrack(id: "text-en", language: "en")
            let recorder = StateRecorder(state)
            recorder.reaction = { changes in
                if changes.contains(.tracks), state.selectedCaptionTrack == nil, state.captionTracks.contains(english) {
                    controller.selectCaption(.track(english))
                }
            }
            var selectedAtEvent: [MediaTrack?] = []
            controller.addObserver { event in
                if case .captionTrack = event { selectedAtEvent.append(state.selectedCaptionTrack) }
            }
            controller.setVideos([Fixtures.video("a")])
            harness.engine.send(.ready, .duration(10), .streams(EngineStreams(hasVideo: true, text: [english])))
            XCTAssertEqual(state.selectedCaptionTrack, english, "the state ends consistent")
            XCTAssertEqual(recorder.maximumDepth, 1)
            XCTAssertEqual(selectedAtEvent, [english], "the caption_track event finds the track in the state")
        }
    }
}
