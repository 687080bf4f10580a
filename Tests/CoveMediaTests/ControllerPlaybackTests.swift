import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// The controller over real playbin pipelines on media encoded here: queue, lifecycle sequence, cue points, rate.
final class ControllerPlaybackTests: XCTestCase {
    static let clipSeconds = 1.5
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("controller") { directory in
            try MediaEncoder.encodeMP4(to: directory + "/a.mp4", seconds: clipSeconds, width: 320, height: 180)
            try MediaEncoder.encodeMP4(to: directory + "/b.mp4", seconds: clipSeconds, width: 320, height: 180)
            try MediaEncoder.encodeMP4(to: directory + "/long.mp4", seconds: 4, width: 320, height: 180)
            try MediaEncoder.encodeAudioOnlyHLS(to: directory + "/radio", seconds: 2)
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    static func path(_ name: String) throws -> String {
        try XCTUnwrap(media).path() + "/" + name
    }

    static func video(_ name: String, id: String, cuePoints: [CuePoint] = []) throws -> Video {
        let uri = try TestPaths.uri(path(name))
        return Video(sources: [Source(url: try XCTUnwrap(URL(string: uri)))], cuePoints: cuePoints,
                     properties: ["id": .string(id)])
    }

    func testAQueuePlaysThroughWithTheSDKSequenceAndReleasesEachPipeline() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            recorder.controller.autoPlay = true
            recorder.controller.autoAdvance = true
            recorder.controller.setVideos([try Self.video("a.mp4", id: "a"), try Self.video("b.mp4", id: "b")])
            XCTAssertTrue(MainLoop.run(until: { recorder.contains(.playlistComplete) || recorder.lifecycle.contains("Fail") },
                                       timeout: 20), "\(recorder.lines)\n" + recorder.stateReport)
            let sessionLines = { (id: String, file: String) -> [String] in
                let uri = try TestPaths.uri(Self.path(file))
                return [
                    #"{"type":"session","video_id":"\#(id)","source":"\#(uri)"}"#,
                    #"{"type":"lifecycle","event":"Ready"}"#,
                    #"{"type":"duration","duration":1.5}"#,
                    #"{"type":"video_type","video_type":"vod"}"#,
                    #"{"type":"media_type","media_type":"audio-video"}"#,
                    // A plain file plays through classic playbin, whose streams are numbered.
                    #"{"type":"tracks","audio":[{"id":"audio:0","language":null,"name":null,"sidecar":false,"roles":[]}],"captions":[]}"#,
                    #"{"type":"lifecycle","event":"Play"}"#,
                    #"{"type":"lifecycle","event":"End"}"#,
                ]
            }
            let expected = try sessionLines("a", "a.mp4") + [#"{"type":"lifecycle","event":"Terminate"}"#]
                + sessionLines("b", "b.mp4") + [#"{"type":"playlist_complete"}"#]
            XCTAssertEqual(recorder.normalizedLines.filter { !$0.contains("audio_track") }, expected)
            XCTAssertEqual(recorder.events.filter { if case .audioTrack = $0 { true } else { false } }.count, 2)
            let progress = recorder.progress
            XCTAssertEqual(progress.last ?? 0, Self.clipSeconds, accuracy: 0.05)
            settle()
            XCTAssertEqual(recorder.enginesMade, 2)
            XCTAssertEqual(recorder.enginesAlive, 1, "the first session's engine is gone")
            recorder.controller.terminateCurrentSession()
            XCTAssertEqual(recorder.enginesAlive, 0)
        }
    }
}

extension ControllerPlaybackTests {
    /// With preloading (the default) the next video is opened before the current one ends and has its first frame
    /// decoded when it becomes current; without, it starts from nothing on End. The gap itself is measured by
    /// cove-bench.
    func testThePreloadedNextVideoHasItsFirstFrameWhenItBecomesCurrent() throws {
        try MainActor.assumeIsolated {
            for preloading in [true, false] {
                let recorder = ControllerRecorder(videoOutput: .frames)
                recorder.controller.autoPlay = true
                recorder.controller.autoAdvance = true
                recorder.controller.preloadsNextVideo = preloading
                // Engines made by the first progress (the clip is shorter than the preload's lead time, so a preload
                // starts there): End's own transition, autoAdvance, makes the next one when nothing was preloaded.
                var enginesBeforeEnd: Int?
                var enginesAtEnd: Int?
                var frameReadyWhenCurrent: Bool?
                let controller = recorder.controller
                controller.addObserver { event in
                    switch event {
                    case .progress where enginesBeforeEnd == nil:
                        enginesBeforeEnd = recorder.enginesMade
                    case .lifecycle(.end) where enginesAtEnd == nil:
                        enginesAtEnd = enginesBeforeEnd
                    case .session where enginesAtEnd != nil && frameReadyWhenCurrent == nil:
                        frameReadyWhenCurrent = controller.state.videoOutput?.latestPicture != nil
                    default:
                        break
                    }
                }
                controller.setVideos([try Self.video("a.mp4", id: "a"), try Self.video("b.mp4", id: "b")])
                XCTAssertTrue(MainLoop.run(until: { recorder.contains(.playlistComplete) }, timeout: 20),
                              "\(recorder.lines)\n" + recorder.stateReport)
                XCTAssertEqual(enginesAtEnd, preloading ? 2 : 1, "preloading: \(preloading)")
                XCTAssertEqual(frameReadyWhenCurrent, preloading, "preloading: \(preloading)")
                controller.setVideos([])
            }
        }
    }

    func testAudioOnlyHLSIsDeterminedAsAudio() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            let uri = try TestPaths.uri(Self.path("radio/master.m3u8"))
            recorder.controller.setVideos([Video.video(withURL: try XCTUnwrap(URL(string: uri)))])
            XCTAssertTrue(MainLoop.run(until: { recorder.events.contains { if case .mediaType = $0 { true } else { false } } },
                                       timeout: 10), "\(recorder.lines)\n" + recorder.stateReport)
            XCTAssertTrue(recorder.contains(.mediaType(.audio)))
            XCTAssertTrue(recorder.contains(.videoType(.vod)))
        }
    }

    /// Cue points in (previous, current]: the ones a seek jumps over come in one report, none twice.
    func testCuePointsCrossingASeekArrivePassedOnce() throws {
        try MainActor.assumeIsolated {
            let points = [0.5, 1.0, 2.5, 3.5].map { CuePoint(position: .time($0), type: "CODE",
                                                              properties: ["name": .string("at \($0)")]) }
            let recorder = ControllerRecorder()
            recorder.controller.setVideos([try Self.video("long.mp4", id: "long", cuePoints: points)])
            recorder.controller.play()
            XCTAssertTrue(MainLoop.run(until: { (recorder.progress.last ?? 0) >= 0.6 }, timeout: 10))
            recorder.controller.pause()
            XCTAssertTrue(recorder.wait(for: .lifecycle(.pause), timeout: 5))
            let pausedAt = try XCTUnwrap(recorder.controller.currentSession?.position)
            XCTAssertTrue(recorder.controller.seek(to: 3.0))
            XCTAssertTrue(MainLoop.run(until: { recorder.passages.count >= 2 }, timeout: 5),
                          "\(recorder.lines)\n" + recorder.stateReport)
            recorder.controller.play()
            XCTAssertTrue(recorder.wait(for: .lifecycle(.end), timeout: 10))

            let passages = recorder.passages
            XCTAssertEqual(passages.map { $0.cuePoints.compactMap(\.time) }, [[0.5], [1.0, 2.5], [3.5]])
            XCTAssertEqual(passages[1].previous, pausedAt, accuracy: 0.3)
            XCTAssertEqual(passages[1].current, 3.0, accuracy: 0.05)
            XCTAssertLessThan(passages[0].current, 1.0)
        }
    }

    func testPlaybackRateTwoPlaysInHalfTheTimeThroughScaletempo() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            recorder.controller.playbackRate = 2
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.video("long.mp4", id: "long")])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 10))
            let engine = try XCTUnwrap(recorder.controller.currentSession?.engine as? GStreamerEngine)
            XCTAssertEqual(engine.audioFilterName, "scaletempo")
            let started = ContinuousClock.now
            XCTAssertTrue(recorder.wait(for: .lifecycle(.end), timeout: 10))
            let elapsed = started.duration(to: .now)
            XCTAssertLessThan(elapsed, .seconds(3.2), "4 s of media at double speed")
            XCTAssertGreaterThan(elapsed, .seconds(1.5))
            XCTAssertEqual(recorder.progress.last ?? 0, 4, accuracy: 0.1)
        }
    }
}
