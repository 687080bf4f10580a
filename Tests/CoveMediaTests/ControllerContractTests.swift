import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// The controller's contract with whatever player it drives, as scenarios run twice: through GStreamerEngine on
/// media encoded here, and through ScriptedPlayer, which is not GStreamer. A local, an ad or a remote player plugs
/// in behind the same seam; these are what each of them must make the controller do.
@MainActor
enum ControllerContract {
    /// Where each player finds its clips: a 1.5 s clip by name, and a source that cannot be opened.
    struct Clips {
        var seconds: Double
        var clip: (_ name: String) throws -> URL
        var missing: URL
    }

    static func video(_ url: URL, id: String) -> Video {
        Video(sources: [Source(url: url)], properties: ["id": .string(id)])
    }

    /// A queue plays through with autoAdvance: the SDK's sequence per video, Terminate between them, progress up
    /// to each end, playlist_complete last, and each finished video's player let go.
    static func aQueuePlaysThrough(_ player: ControllerRecorder.Player, _ clips: Clips) throws {
        let recorder = ControllerRecorder(player: player)
        recorder.controller.autoPlay = true
        recorder.controller.autoAdvance = true
        recorder.controller.setVideos([video(try clips.clip("a"), id: "a"), video(try clips.clip("b"), id: "b")])
        XCTAssertTrue(MainLoop.run(until: { recorder.contains(.playlistComplete) || recorder.lifecycle.contains("Fail") },
                                   timeout: 20), "\(recorder.lines)")
        XCTAssertEqual(recorder.lifecycle.filter { !$0.hasPrefix("Playback") },
                       ["Ready", "Play", "End", "Terminate", "Ready", "Play", "End"])
        let sessions = recorder.events.compactMap { if case .session(let id, _) = $0 { id } else { nil } }
        XCTAssertEqual(sessions, ["a", "b"])
        XCTAssertEqual(recorder.events.last, .playlistComplete)
        XCTAssertEqual(recorder.events.filter { $0 == .videoType(.vod) }.count, 2)
        // Each video's progress, between its session event and the next.
        var perVideo: [[Double]] = []
        for event in recorder.events {
            if case .session = event { perVideo.append([]) }
            if case .progress(let time, _) = event { perVideo[perVideo.count - 1].append(time) }
        }
        XCTAssertEqual(perVideo.count, 2)
        for progress in perVideo {
            XCTAssertEqual(progress, progress.sorted(), "progress never goes back")
            XCTAssertEqual(progress.last ?? 0, clips.seconds, accuracy: 0.1, "up to the end")
        }
        settle()
        XCTAssertEqual(recorder.enginesAlive, 1, "the first video's player is gone")
        recorder.controller.terminateCurrentSession()
        XCTAssertEqual(recorder.enginesAlive, 0)
        recorder.finish()
    }

    /// Paused, seeked while paused and played on: Pause, the state at the place asked for at once, progress from
    /// there (never back before it), and the end.
    static func aPauseASeekAndPlayingOn(_ player: ControllerRecorder.Player, _ clips: Clips) throws {
        let recorder = ControllerRecorder(player: player)
        let controller = recorder.controller
        controller.autoPlay = true
        controller.setVideos([video(try clips.clip("a"), id: "a")])
        XCTAssertTrue(MainLoop.run(until: { (recorder.progress.last ?? 0) >= 0.2 }, timeout: 10), "\(recorder.lines)")
        controller.pause()
        XCTAssertTrue(recorder.wait(for: .lifecycle(.pause), timeout: 5), "\(recorder.lines)")
        XCTAssertEqual(controller.state.status, .paused)
        let target = clips.seconds - 0.5
        XCTAssertTrue(controller.seek(to: target))
        XCTAssertEqual(controller.state.position, target, accuracy: 0.001, "the state is at the place asked for")
        recorder.clear()
        controller.play()
        XCTAssertTrue(recorder.wait(for: .lifecycle(.end), timeout: 10), "\(recorder.lines)")
        XCTAssertEqual(recorder.lifecycle.filter { !$0.hasPrefix("Playback") }, ["PlayRequest", "Play", "End"])
        XCTAssertTrue(recorder.progress.allSatisfy { $0 >= target - 0.1 }, "\(recorder.progress)")
        XCTAssertEqual(controller.state.status, .ended)
        recorder.finish()
    }

    /// A source that cannot be opened: one error with the load-failed code, Fail, and the state failed with the
    /// sentence the viewer reads.
    static func aSourceThatCannotBeOpenedFails(_ player: ControllerRecorder.Player, _ clips: Clips) throws {
        let recorder = ControllerRecorder(player: player)
        recorder.controller.autoPlay = true
        recorder.controller.setVideos([video(clips.missing, id: "gone")])
        XCTAssertTrue(recorder.wait(for: .lifecycle(.fail), timeout: 10), "\(recorder.lines)")
        let errors = recorder.events.compactMap { if case .error(let code, _) = $0 { code } else { nil } }
        XCTAssertEqual(errors, [PlaybackErrorCode.loadFailed])
        XCTAssertEqual(recorder.lifecycle, ["Fail"])
        guard case .failed(let message) = recorder.controller.state.status else {
            return XCTFail("\(recorder.controller.state.status)")
        }
        XCTAssertFalse(message.isEmpty)
        recorder.finish()
    }

    /// The next video is opened before the current one ends, and is ready the moment it becomes current.
    static func theNextVideoIsPreloaded(_ player: ControllerRecorder.Player, _ clips: Clips) throws {
        let recorder = ControllerRecorder(player: player)
        let controller = recorder.controller
        controller.autoPlay = true
        controller.autoAdvance = true
        var enginesAtFirstProgress: Int?
        var readyWhenCurrent: Bool?
        controller.addObserver { event in
            switch event {
            case .progress where enginesAtFirstProgress == nil:
                enginesAtFirstProgress = recorder.enginesMade
            case .session(let id, _) where id == "b":
                readyWhenCurrent = controller.currentSession?.transport.isReady
            default:
                break
            }
        }
        controller.setVideos([video(try clips.clip("a"), id: "a"), video(try clips.clip("b"), id: "b")])
        XCTAssertTrue(MainLoop.run(until: { recorder.contains(.playlistComplete) }, timeout: 20), "\(recorder.lines)")
        XCTAssertEqual(enginesAtFirstProgress, 2, "a clip shorter than the lead time is preloaded at once")
        XCTAssertEqual(readyWhenCurrent, true)
        recorder.finish()
    }
}

final class ControllerContractGStreamerTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("contract") { directory in
            for name in ["a", "b"] {
                try MediaEncoder.encodeMP4(to: directory + "/\(name).mp4", seconds: 1.5, width: 320, height: 180)
            }
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private static func clips() throws -> ControllerContract.Clips {
        let directory = try XCTUnwrap(Self.media).path()
        return ControllerContract.Clips(
            seconds: 1.5,
            clip: { name in try XCTUnwrap(URL(string: try TestPaths.uri(directory + "/\(name).mp4"))) },
            missing: try XCTUnwrap(URL(string: try TestPaths.uri(directory + "/missing.mp4"))))
    }

    func testAQueuePlaysThrough() throws {
        try MainActor.assumeIsolated { try ControllerContract.aQueuePlaysThrough(.gstreamer, try Self.clips()) }
    }

    func testAPauseASeekAndPlayingOn() throws {
        try MainActor.assumeIsolated { try ControllerContract.aPauseASeekAndPlayingOn(.gstreamer, try Self.clips()) }
    }

    func testASourceThatCannotBeOpenedFails() throws {
        try MainActor.assumeIsolated { try ControllerContract.aSourceThatCannotBeOpenedFails(.gstreamer, try Self.clips()) }
    }

    func testTheNextVideoIsPreloaded() throws {
        try MainActor.assumeIsolated { try ControllerContract.theNextVideoIsPreloaded(.gstreamer, try Self.clips()) }
    }
}

final class ControllerContractScriptedTests: XCTestCase {
    private static func clips() throws -> ControllerContract.Clips {
        ControllerContract.Clips(seconds: 1.5,
                                 clip: { name in
                                     try XCTUnwrap(URL(string: ScriptedPlayer.clipAddress + "?name=\(name)&seconds=1.5"))
                                 },
                                 missing: try XCTUnwrap(URL(string: "https://scripted.invalid/missing")))
    }

    func testAQueuePlaysThrough() throws {
        try MainActor.assumeIsolated { try ControllerContract.aQueuePlaysThrough(.scripted, try Self.clips()) }
    }

    func testAPauseASeekAndPlayingOn() throws {
        try MainActor.assumeIsolated { try ControllerContract.aPauseASeekAndPlayingOn(.scripted, try Self.clips()) }
    }

    func testASourceThatCannotBeOpenedFails() throws {
        try MainActor.assumeIsolated { try ControllerContract.aSourceThatCannotBeOpenedFails(.scripted, try Self.clips()) }
    }

    func testTheNextVideoIsPreloaded() throws {
        try MainActor.assumeIsolated { try ControllerContract.theNextVideoIsPreloaded(.scripted, try Self.clips()) }
    }
}
