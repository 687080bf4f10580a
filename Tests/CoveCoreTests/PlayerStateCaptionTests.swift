import CoveCore
import FoundationEssentials
import XCTest

/// Caption cues under the controller: loaded for the selected track, put into `state.captionCues` at the playhead,
/// changed on time by a wake-up at the next cue boundary while playing.
final class PlayerStateCaptionTests: XCTestCase {
    /// A [1, 3), B [2.5, 5) overlapping it, C [7, 9).
    private static let a = CaptionCue(start: 1, end: 3, text: "one")
    private static let b = CaptionCue(start: 2.5, end: 5, text: "two")
    private static let c = CaptionCue(start: 7, end: 9, text: "three")
    private static let cues = CaptionCues([a, b, c])
    /// The margin the controller adds to each wake-up, so the playhead has passed the boundary when it reads it.
    private static let margin = 0.005

    private static let english = MediaTrack(id: "sidecar:0", language: "en", name: "English", isSidecar: true)
    private static let french = MediaTrack(id: "sidecar:1", language: "fr", name: "Français", isSidecar: true)
    private static let englishSource = CaptionTrackSource.webVTT(URL(string: "https://media.example/en.vtt")!)
    private static let frenchSource = CaptionTrackSource.webVTT(URL(string: "https://media.example/fr.vtt")!)

    /// A video whose stream has no captions of its own, so its English and French sidecars are offered.
    private static func video(_ id: String) -> Video {
        Fixtures.video(id, textTracks: [StateFixtures.sidecar("en", "English"), StateFixtures.sidecar("fr", "Français")])
    }

    /// A controller with the test's scheduler and loader, its first video ready and paused.
    @MainActor
    private static func ready(loader: CaptionCueLoader?, scheduler: ManualScheduler,
                              videos: [Video] = [video("a"), video("b")]) -> ControllerHarness {
        let harness = ControllerHarness()
        harness.controller.enableCaptionPersistence = false
        harness.controller.scheduler = scheduler
        harness.controller.captionCueLoader = loader
        harness.controller.setVideos(videos)
        harness.engine.prerollVOD(duration: 10)
        return harness
    }

    /// English captions on, playing from `seconds`, with the cues there showing.
    @MainActor
    private static func playingEnglish(at seconds: Double, showing: [CaptionCue],
                                       scheduler: ManualScheduler) async -> ControllerHarness {
        let harness = ready(loader: { _ in cues }, scheduler: scheduler)
        harness.controller.selectCaption(.track(english))
        harness.engine.position = seconds
        harness.controller.play()
        harness.engine.send(.playing, .position(seconds))
        let state = harness.controller.state
        await StateFixtures.settle { state.captionCues == showing }
        return harness
    }

    @MainActor
    func testCuesChangeAtEachBoundaryWhilePlaying() async {
        let scheduler = ManualScheduler()
        let harness = Self.ready(loader: { _ in Self.cues }, scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        let engine = harness.engine
        XCTAssertEqual(state.captionTracks, [Self.english, Self.french])
        XCTAssertTrue(controller.seek(to: 1.5))
        controller.selectCaption(.track(Self.english))
        await StateFixtures.settle { state.captionCues == [Self.a] }
        XCTAssertEqual(state.captionCues, [Self.a], "the loaded cues at the playhead")
        XCTAssertTrue(scheduler.wakeUps.isEmpty, "nothing is scheduled while paused")
        XCTAssertTrue(controller.seek(to: 0))
        XCTAssertEqual(state.captionCues, [])
        XCTAssertTrue(scheduler.wakeUps.isEmpty)
        // The seek lands: from here the engine's playhead is the playhead.
        engine.send(.position(0))

        let recorder = StateRecorder(state)
        engine.position = 0
        controller.play()
        engine.send(.playing)
        XCTAssertEqual(scheduler.pending.count, 1)
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, 1 + Self.margin, accuracy: 1e-9, "until A starts")

        // Each wake-up comes a hair after its boundary, as the main loop would run it.
        let steps: [(playhead: Double, showing: [CaptionCue], next: Double)] = [
            (1.005, [Self.a], 2.5),  // A starts; B starts next
            (2.505, [Self.a, Self.b], 3),  // B starts; A ends next
            (3.005, [Self.b], 5),  // A ends; B ends next
            (5.005, [], 7),  // B ends; C starts next
            (7.005, [Self.c], 9),  // C starts and ends next
        ]
        for step in steps {
            recorder.clear()
            engine.position = step.playhead
            scheduler.fire()
            XCTAssertEqual(state.captionCues, step.showing, "at \(step.playhead)")
            XCTAssertEqual(recorder.changes, [.captions], "once, at \(step.playhead)")
            XCTAssertEqual(scheduler.pending.count, 1, "at \(step.playhead)")
            XCTAssertEqual(scheduler.pending.first?.delay ?? 0, step.next - step.playhead + Self.margin,
                           accuracy: 1e-9, "at \(step.playhead)")
        }

        // After the last cue nothing is left to wake up for.
        engine.position = 9.005
        scheduler.fire()
        XCTAssertEqual(state.captionCues, [])
        XCTAssertEqual(scheduler.pending.count, 0)
    }

    /// A progress signal puts the cues at the playhead and moves the one wake-up; the delay is in real seconds,
    /// so at twice the speed it is half as long.
    @MainActor
    func testTheWakeUpFollowsProgressAndTheRate() async {
        let scheduler = ManualScheduler()
        let harness = Self.ready(loader: { _ in Self.cues }, scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        let engine = harness.engine
        controller.selectCaption(.track(Self.english))
        engine.position = 0
        controller.play()
        engine.send(.playing)
        await StateFixtures.settle { scheduler.pending.first?.delay ?? 0 > 0.5 }
        XCTAssertEqual(scheduler.pending.count, 1)

        let before = scheduler.pending.first
        engine.position = 2.6
        engine.send(.position(2.6))
        XCTAssertEqual(state.captionCues, [Self.a, Self.b])
        XCTAssertTrue(before?.isCancelled ?? false, "the old wake-up is cancelled")
        XCTAssertEqual(scheduler.pending.count, 1)
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, 3 - 2.6 + Self.margin, accuracy: 1e-9)

        controller.playbackRate = 2
        XCTAssertEqual(scheduler.pending.count, 1)
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, (3 - 2.6) / 2 + Self.margin, accuracy: 1e-9)
        engine.position = 5.5
        engine.send(.position(5.5))
        XCTAssertEqual(state.captionCues, [])
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, (7 - 5.5) / 2 + Self.margin, accuracy: 1e-9)
        controller.playbackRate = 0.5
        XCTAssertEqual(scheduler.pending.count, 1)
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, (7 - 5.5) / 0.5 + Self.margin, accuracy: 1e-9)
    }

    /// Paused, nothing is scheduled (and a pending wake-up goes); a seek shows the cues at its target at once.
    @MainActor
    func testPausedNothingIsScheduledAndASeekShowsItsCuesAtOnce() async {
        let scheduler = ManualScheduler()
        let harness = await Self.playingEnglish(at: 1.2, showing: [Self.a], scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        let engine = harness.engine
        XCTAssertEqual(state.captionCues, [Self.a])
        XCTAssertEqual(scheduler.pending.count, 1)

        controller.pause()
        engine.send(.paused)
        XCTAssertEqual(scheduler.pending.count, 0, "paused: no wake-up")
        let asked = scheduler.wakeUps.count
        XCTAssertTrue(controller.seek(to: 8))
        XCTAssertEqual(state.captionCues, [Self.c], "the target's cues at once")
        XCTAssertTrue(controller.seek(to: 2.7))
        XCTAssertEqual(state.captionCues, [Self.a, Self.b])
        engine.send(.position(2.7))
        XCTAssertEqual(scheduler.wakeUps.count, asked, "still nothing scheduled while paused")
        XCTAssertEqual(state.captionCues, [Self.a, Self.b])

        // Playing again from there wakes up at the next boundary.
        engine.position = 2.7
        controller.play()
        engine.send(.playing)
        XCTAssertEqual(scheduler.pending.count, 1)
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, 3 - 2.7 + Self.margin, accuracy: 1e-9)
    }

    /// Seeking while playing: the engine still reports where it was until it lands, yet the cues of the target
    /// show at once and the wake-up counts from the target.
    @MainActor
    func testASeekWhilePlayingShowsTheTargetsCuesAtOnce() async {
        let scheduler = ManualScheduler()
        let harness = await Self.playingEnglish(at: 7.5, showing: [Self.c], scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        XCTAssertEqual(state.captionCues, [Self.c])

        XCTAssertTrue(controller.seek(to: 1.5))  // the engine has not landed: its position is still 7.5
        XCTAssertEqual(state.playhead, 1.5, "the playhead is the seek's target at once")
        XCTAssertEqual(state.captionCues, [Self.a], "the target's cues at once")
        XCTAssertEqual(scheduler.pending.count, 1)
        XCTAssertEqual(scheduler.pending.first?.delay ?? 0, 2.5 - 1.5 + Self.margin, accuracy: 1e-9,
                       "counted from the target")
    }

    /// Turning captions off, or choosing another track, takes the cues showing off the state at once (paused, no
    /// progress follows to do it later).
    @MainActor
    func testChoosingOffOrAnotherTrackClearsTheCuesAtOnce() async {
        let scheduler = ManualScheduler()
        let harness = Self.ready(loader: { _ in Self.cues }, scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        XCTAssertTrue(controller.seek(to: 1.5))
        controller.selectCaption(.track(Self.english))
        await StateFixtures.settle { state.captionCues == [Self.a] }
        XCTAssertEqual(state.captionCues, [Self.a])

        let recorder = StateRecorder(state)
        controller.selectCaption(.off)
        XCTAssertNil(state.selectedCaptionTrack)
        XCTAssertEqual(state.captionCues, [], "Off shows nothing")
        XCTAssertTrue(recorder.changes.contains { $0.contains(.captions) }, "\(recorder.changes)")

        controller.selectCaption(.track(Self.english))
        await StateFixtures.settle { state.captionCues == [Self.a] }
        XCTAssertEqual(state.captionCues, [Self.a])
        recorder.clear()
        controller.selectCaption(.track(Self.french))
        XCTAssertEqual(state.selectedCaptionTrack, Self.french)
        XCTAssertEqual(state.captionCues, [], "the English cues go while the French ones load")
        XCTAssertTrue(recorder.changes.contains { $0.contains(.captions) }, "\(recorder.changes)")
    }

    /// Without a scheduler the cues change with progress only.
    @MainActor
    func testWithoutASchedulerCuesChangeWithProgress() async {
        let harness = ControllerHarness()
        let controller = harness.controller
        let state = controller.state
        controller.enableCaptionPersistence = false
        controller.captionCueLoader = { _ in Self.cues }
        controller.setVideos([Self.video("a")])
        harness.engine.prerollVOD(duration: 10)
        controller.selectCaption(.track(Self.english))
        harness.engine.position = 0
        controller.play()
        harness.engine.send(.playing)
        await StateFixtures.settle(rounds: 20)
        XCTAssertEqual(state.captionCues, [])
        harness.engine.position = 1.1
        harness.engine.send(.position(1.1))
        XCTAssertEqual(state.captionCues, [Self.a])
        harness.engine.position = 3.2
        harness.engine.send(.position(3.2))
        XCTAssertEqual(state.captionCues, [Self.b])
    }

    /// A loader failure leaves the track out, with a warning carrying the failure's code and message.
    @MainActor
    func testALoadFailureLeavesTheTrackOutWithAWarning() async {
        let failure = CaptionLoadFailure(code: "CAPTIONS_TOO_LARGE", message: "The captions are too large to show.")
        let scheduler = ManualScheduler()
        let harness = Self.ready(loader: { _ throws(CaptionLoadFailure) in throw failure }, scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        XCTAssertTrue(controller.seek(to: 1.5))
        harness.clearEvents()
        controller.selectCaption(.track(Self.english))
        XCTAssertEqual(state.selectedCaptionTrack, Self.english, "chosen at once, while it loads")
        await StateFixtures.settle { !state.captionTracks.contains(Self.english) }

        XCTAssertEqual(state.captionTracks, [Self.french], "left out")
        XCTAssertNil(state.selectedCaptionTrack, "the choice falls back to none")
        XCTAssertEqual(state.captionCues, [])
        XCTAssertTrue(scheduler.pending.isEmpty)
        let warnings = harness.events.filter { if case .warning = $0 { true } else { false } }
        XCTAssertEqual(warnings, [.warning(code: "CAPTIONS_TOO_LARGE", message: "The captions are too large to show.")])
        XCTAssertTrue(harness.events.contains(.tracks(audio: [MediaTrack(id: "a0")], captions: [Self.french])))
        XCTAssertEqual(harness.events.last, .captionTrack(nil))
        XCTAssertEqual(state.status, .paused, "playback goes on")
    }

    /// A load that finishes after another track (or Off, or another video) was chosen is dropped, cues or failure.
    @MainActor
    func testALoadOvertakenByAnotherChoiceIsDropped() async {
        let gate = CueGate()
        let scheduler = ManualScheduler()
        let harness = Self.ready(loader: gate.loader, scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        let englishCues = CaptionCues([CaptionCue(start: 1, end: 2, text: "hello")])
        let frenchCues = CaptionCues([CaptionCue(start: 1, end: 2, text: "bonjour")])
        XCTAssertTrue(controller.seek(to: 1.5))

        // English, then French before English has loaded: English's cues never show.
        controller.selectCaption(.track(Self.english))
        controller.selectCaption(.track(Self.french))
        await StateFixtures.settle { gate.waitingCount == 2 }
        XCTAssertEqual(gate.requested, [Self.englishSource, Self.frenchSource])
        gate.finish(Self.englishSource, with: .success(englishCues))
        await StateFixtures.settle(rounds: 50)
        XCTAssertEqual(state.captionCues, [], "the English load was overtaken")
        gate.finish(Self.frenchSource, with: .success(frenchCues))
        await StateFixtures.settle { !state.captionCues.isEmpty }
        XCTAssertEqual(state.captionCues, frenchCues.cues)

        // English again, then Off; English fails afterwards: no warning, the track stays.
        harness.clearEvents()
        controller.selectCaption(.track(Self.english))
        controller.selectCaption(.off)
        await StateFixtures.settle { gate.waitingCount == 1 }
        gate.finish(Self.englishSource, with: .failure(CaptionLoadFailure(code: "FETCH_FAILED", message: "No.")))
        await StateFixtures.settle(rounds: 50)
        XCTAssertFalse(harness.events.contains { if case .warning = $0 { true } else { false } })
        XCTAssertEqual(state.captionTracks, [Self.english, Self.french])
        XCTAssertNil(state.selectedCaptionTrack)
        XCTAssertEqual(state.captionCues, [])

        // English, then the next video before it has loaded: nothing of it reaches the new session.
        controller.selectCaption(.track(Self.english))
        await StateFixtures.settle { gate.waitingCount == 1 }
        controller.advanceToNext()
        harness.engine.prerollVOD(duration: 10)
        XCTAssertTrue(controller.seek(to: 1.5))
        harness.clearEvents()
        gate.finish(Self.englishSource, with: .success(englishCues))
        await StateFixtures.settle(rounds: 50)
        XCTAssertNil(state.selectedCaptionTrack)
        XCTAssertEqual(state.captionCues, [])
        XCTAssertEqual(gate.waitingCount, 0)
        XCTAssertEqual(harness.lines, [])
    }

    /// A new video drops the cues showing and the wake-up pending.
    @MainActor
    func testTheNextVideoDropsTheCuesAndTheWakeUp() async {
        let scheduler = ManualScheduler()
        let harness = Self.ready(loader: { _ in Self.cues }, scheduler: scheduler)
        let controller = harness.controller
        let state = controller.state
        controller.selectCaption(.track(Self.english))
        harness.engine.position = 1.5
        controller.play()
        harness.engine.send(.playing, .position(1.5))
        await StateFixtures.settle { state.captionCues == [Self.a] }
        XCTAssertEqual(state.captionCues, [Self.a])
        let pending = scheduler.pending
        XCTAssertEqual(pending.count, 1)

        controller.advanceToNext()
        XCTAssertEqual(state.captionCues, [])
        XCTAssertNil(state.selectedCaptionTrack)
        XCTAssertTrue(pending.allSatisfy(\.isCancelled))
        XCTAssertTrue(scheduler.pending.isEmpty)
    }
}
