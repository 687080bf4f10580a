import CoveCore
import FoundationEssentials
import XCTest

/// Every way loading can stop ends in an error event that carries the viewer's message (what the window shows),
/// never in silence: nothing playable, a skipped video, a broken bumper, a Playback API failure. The engine's own
/// failures are in ControllerLifecycleTests and ControllerPreloadTests; the window's side in DeadEndViewTests.
final class ControllerDeadEndTests: XCTestCase {
    private static func error(_ message: String) -> String {
        #"{"type":"error","code":"NO_PLAYABLE_SOURCE","message":"\#(message)","session_id":"\#(PlayerSessionID.current)"}"#
    }

    private static let drmOnly = try! Video(json: [
        "id": "drm", "sources": [["src": "https://m.example/w.mpd", "type": "application/dash+xml",
                                  "key_systems": ["com.widevine.alpha": ["license_url": "https://l.example/"]]]],
    ])
    /// What is left of a video whose every address the safety rule dropped: no sources at all.
    private static let sourceless = try! Video(json: ["id": "none", "sources": []])

    func testNothingPlayableIsAnErrorWithItsReasonThenNoPlayableVideos() {
        MainActor.assumeIsolated {
            let cases: [([Video], String)] = [
                ([Self.sourceless], "No playable source was found for this video."),
                ([Self.drmOnly], "This video is protected by DRM, which this player cannot play."),
                ([Fixtures.unplayable], "This video is not available for playback right now."),
                ([Self.sourceless, Self.drmOnly, Fixtures.unplayable], "This playlist has no video that can be played."),
                ([], "This playlist has no video that can be played."),
            ]
            for (videos, message) in cases {
                let harness = ControllerHarness()
                harness.controller.setVideos(videos)
                XCTAssertEqual(harness.lines, [
                    Self.error(message),
                    #"{"type":"lifecycle","event":"Error"}"#,
                    #"{"type":"no_playable_videos"}"#,
                ], "\(videos.map(\.id))")
                XCTAssertTrue(harness.engines.isEmpty, "no pipeline is built for nothing")
                XCTAssertNil(harness.controller.currentSession)
            }
        }
    }

    /// A new queue after a failure starts cleanly: the previous session is terminated first.
    func testNothingPlayableAfterAPlayingVideoEndsItsSession() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")])
            harness.engine.prerollVOD(duration: 4)
            let first = harness.engine
            harness.clearEvents()
            harness.controller.setVideos([Self.drmOnly])
            XCTAssertEqual(first.calls.last, .stop)
            XCTAssertEqual(harness.lines.first, #"{"type":"lifecycle","event":"Terminate"}"#)
            XCTAssertEqual(harness.lines.dropFirst().first,
                           Self.error("This video is protected by DRM, which this player cannot play."))
        }
    }

    func testVideosLeftAtTheEndOfThePlaylistThatCannotPlayAreWarnedAbout() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.autoAdvance = true
            harness.controller.setVideos([Fixtures.video("a"), Self.sourceless])
            harness.engine.prerollVOD(duration: 4)
            harness.engine.send(.playing, .endOfStream)
            XCTAssertEqual(harness.lifecycleLines.suffix(2), [
                #"{"type":"warning","code":"NO_PLAYABLE_SOURCE","message":"A playlist video was left out: No playable source was found for this video."}"#,
                #"{"type":"playlist_complete"}"#,
            ])
            XCTAssertEqual(harness.engines.count, 1)
        }
    }

    /// A provider whose canPlay says yes but whose makeSession refuses (an app's own provider) still ends in an
    /// error, not in a queue that silently stopped.
    func testAProviderThatRefusesWhatItPromisedEndsInAnError() {
        MainActor.assumeIsolated {
            let provider = RefusingProvider()
            let controller = PlaybackController(sessionProvider: provider)
            var lines: [String] = []
            controller.addObserver { lines.append($0.jsonLine) }
            controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            XCTAssertEqual(lines, [
                #"{"type":"warning","code":"NO_PLAYABLE_SOURCE","message":"A playlist video was left out: No playable source was found for this video."}"#,
                #"{"type":"warning","code":"NO_PLAYABLE_SOURCE","message":"A playlist video was left out: No playable source was found for this video."}"#,
                Self.error("This playlist has no video that can be played."),
                #"{"type":"lifecycle","event":"Error"}"#,
                #"{"type":"no_playable_videos"}"#,
            ])
        }
    }

    /// The Playback API failed before any session existed: the same error and lifecycle Error.
    func testAFailureBeforeAnySessionIsAnErrorEvent() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.reportError(code: "VIDEO_NOT_FOUND", message: "This video could not be found.")
            XCTAssertEqual(harness.lines, [
                #"{"type":"error","code":"VIDEO_NOT_FOUND","message":"This video could not be found.","session_id":"\#(PlayerSessionID.current)"}"#,
                #"{"type":"lifecycle","event":"Error"}"#,
            ])
        }
    }

    /// A bumper with no playable source is left out with a warning; the content loads at once.
    func testABumperWithoutAPlayableSourceIsAWarningAndTheContentPlays() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a")], bumper: Self.drmOnly)
            XCTAssertEqual(harness.engine.loads.map(\.uri), [Fixtures.uri("a")])
            XCTAssertEqual(harness.lines, [
                #"{"type":"session","video_id":"a","source":"https://media.example/a.m3u8"}"#,
                #"{"type":"warning","code":"BUMPER_UNAVAILABLE","message":"The bumper video could not be played; the video plays without it."}"#,
            ])
        }
    }

    /// Every video of a playlist fails in the engine: the first failure stops the queue with its message (Retry
    /// is the viewer's); nothing advances behind it, no video is skipped unseen.
    func testAPlaylistWhoseVideosFailStopsAtTheFirstFailure() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.autoPlay = true
            harness.controller.autoAdvance = true
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            harness.engine.send(.buffering(percent: 0), .error(EngineError(kind: .resource, detail: "404")))
            XCTAssertEqual(harness.lifecycleLines.suffix(2), [
                #"{"type":"error","code":"LOAD_FAILED","message":"The video could not be loaded. Check your network connection and try again.","session_id":"\#(PlayerSessionID.current)"}"#,
                #"{"type":"lifecycle","event":"Fail"}"#,
            ])
            XCTAssertEqual(harness.engines.count, 1)
            XCTAssertEqual(harness.controller.currentSession?.transport.hasFailed, true)
        }
    }
}

/// A provider that says every video can play and then refuses each one.
@MainActor
private final class RefusingProvider: PlaybackSessionProvider {
    func makeSession(for video: Video, bumper: Video?) throws(NoPlayableSourceError) -> PlaybackSession {
        throw NoPlayableSourceError(videoID: video.id)
    }

    func canPlay(_ video: Video) -> Bool { true }

    func makePlayer() -> any PlaybackEngine { ScriptedEngine() }
}
