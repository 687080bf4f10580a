import CoveCore
import FoundationEssentials
import XCTest

/// Playback rate, bitrate cap, audio and caption selection, caption persistence.
final class ControllerControlsTests: XCTestCase {
    private static let tracks = EngineStreams(
        hasVideo: true,
        audio: [MediaTrack(id: "audio-en", language: "en", name: "English"),
                MediaTrack(id: "audio-de", language: "de", name: "Deutsch")],
        text: [MediaTrack(id: "text-en", language: "en", name: "English"),
               MediaTrack(id: "text-de", language: "de-DE", name: "Deutsch")])

    @MainActor
    private static func preroll(_ engine: ScriptedEngine) {
        engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)), .streams(tracks))
    }

    func testPlaybackRateIsNormalisedAndAppliedToTheContentOnly() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let controller = harness.controller
            controller.playbackRate = 0
            XCTAssertEqual(controller.playbackRate, 1)
            controller.playbackRate = -2
            XCTAssertEqual(controller.playbackRate, 1)
            controller.playbackRate = 1.5
            controller.setVideos([Fixtures.video("a")], bumper: Fixtures.video("bumper"))
            harness.engine.prerollVOD(duration: 2)
            XCTAssertFalse(harness.engine.calls.contains(.rate(1.5)), "the bumper plays at normal speed")
            harness.engine.send(.endOfStream)
            harness.engine.prerollVOD(duration: 10)
            XCTAssertEqual(harness.engine.calls.filter { $0 == .rate(1.5) }.count, 1)
            controller.playbackRate = 2
            controller.playbackRate = .infinity
            XCTAssertEqual(harness.engine.calls.suffix(2), [.rate(2), .rate(1)])
        }
    }

    func testPreferredPeakBitRateCapsTheCurrentAndLaterSessions() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            XCTAssertEqual(harness.engine.loads.last?.options.maximumBitrate, 0)
            harness.controller.setPreferredPeakBitRate(500_000)
            XCTAssertEqual(harness.engine.calls.last, .maximumBitrate(500_000))
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.engine.loads.last?.options.maximumBitrate, 500_000)
            harness.controller.setPreferredPeakBitRate(-1)
            XCTAssertEqual(harness.engine.calls.last, .maximumBitrate(0))
        }
    }

    /// Captions are Cove's own: a choice holds at once and reaches the engine never; only audio goes there.
    func testTheRememberedCaptionLanguageIsShownAndSelectionsAreReported() {
        MainActor.assumeIsolated {
            let persistence = CaptionPersistence.inMemory(language: "de")
            let harness = ControllerHarness(captionPersistence: persistence)
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b"), Fixtures.video("c")])
            Self.preroll(harness.engine)
            // "de" matches the stream's "de-DE", as soon as the stream lists its tracks.
            let german = MediaTrack(id: "text-de", language: "de-DE", name: "Deutsch")
            XCTAssertEqual(harness.controller.currentSession?.selectedCaptionTrack, german)
            harness.engine.send(.streamsSelected(audio: "audio-en", text: nil))
            harness.controller.selectAudioTrack(MediaTrack(id: "audio-de", language: "de", name: "Deutsch"))
            XCTAssertEqual(harness.engine.calls.last, .selectAudio("audio-de"))
            harness.engine.send(.streamsSelected(audio: "audio-de", text: nil))

            // Paused, with no engine answer: the choice is the session's at once.
            let english = MediaTrack(id: "text-en", language: "en", name: "English")
            harness.controller.selectCaption(.track(english))
            XCTAssertEqual(persistence.language, "en")
            XCTAssertEqual(harness.controller.currentSession?.selectedCaptionTrack, english)
            harness.controller.selectCaption(.off)
            XCTAssertNil(persistence.language, "Off forgets the language")
            XCTAssertNil(harness.controller.currentSession?.selectedCaptionTrack)
            let selections = harness.lines.filter { $0.contains(#""type":"audio_track""#) || $0.contains("caption_track") }
            XCTAssertEqual(selections, [
                #"{"type":"caption_track","track":{"id":"text-de","language":"de-DE","name":"Deutsch","sidecar":false,"roles":[]}}"#,
                #"{"type":"audio_track","track":{"id":"audio-en","language":"en","name":"English","sidecar":false,"roles":[]}}"#,
                #"{"type":"audio_track","track":{"id":"audio-de","language":"de","name":"Deutsch","sidecar":false,"roles":[]}}"#,
                #"{"type":"caption_track","track":{"id":"text-en","language":"en","name":"English","sidecar":false,"roles":[]}}"#,
                #"{"type":"caption_track","track":null}"#,
            ])
            let selects = harness.engines.flatMap(\.calls).filter { if case .selectAudio = $0 { true } else { false } }
            XCTAssertEqual(selects, [.selectAudio("audio-de")], "no caption choice reaches the engine")

            // The next video: nothing remembered, captions off from the start.
            harness.controller.advanceToNext()
            harness.clearEvents()
            Self.preroll(harness.engine)
            XCTAssertFalse(harness.lines.contains { $0.contains("caption_track") }, "\(harness.lines)")
            XCTAssertNil(harness.controller.currentSession?.selectedCaptionTrack)

            // A choice made before Ready, while the stream's tracks are unknown, holds once they are listed.
            harness.controller.advanceToNext()
            harness.controller.selectCaption(.track(english))
            XCTAssertNil(harness.controller.currentSession?.selectedCaptionTrack)
            Self.preroll(harness.engine)
            XCTAssertEqual(harness.controller.currentSession?.selectedCaptionTrack, english)
            XCTAssertEqual(harness.lines.last, selections[3])
            XCTAssertEqual(harness.controller.currentSession?.captionSource(for: english),
                           .hlsRendition(master: URL(string: Fixtures.uri("c"))!, language: "en", name: "English",
                                         ordinal: 0, index: 0))
        }
    }

    /// A stream without captions of its own offers the sidecars; choosing one shows it at once, with no reload,
    /// before Ready too.
    func testASidecarCaptionIsChosenWithoutReloading() {
        MainActor.assumeIsolated {
            let persistence = CaptionPersistence.inMemory()
            let harness = ControllerHarness(captionPersistence: persistence)
            let sidecar: JSONValue = ["src": "https://media.example/fr.vtt", "srclang": "fr", "label": "Français",
                                      "kind": "subtitles"]
            let thumbnails: JSONValue = ["src": "https://media.example/thumbs.vtt", "label": "thumbnails",
                                         "kind": "metadata"]
            let noCaptions = EngineStreams(hasVideo: true, audio: Self.tracks.audio)
            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("a", textTracks: [thumbnails, sidecar]),
                                          Fixtures.video("b", textTracks: [sidecar]),
                                          Fixtures.video("c", textTracks: [sidecar])])
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)), .streams(noCaptions))
            harness.engine.send(.playing, .position(4))
            let french = MediaTrack(id: "sidecar:1", language: "fr", name: "Français", isSidecar: true)
            let session = harness.controller.currentSession
            XCTAssertEqual(session?.captionTracks, [french])
            XCTAssertEqual(session?.captionSource(for: french), .webVTT(URL(string: "https://media.example/fr.vtt")!))
            harness.clearEvents()
            let callsBefore = harness.engine.calls.count

            harness.controller.selectCaption(.track(french))
            XCTAssertEqual(harness.lines, [
                #"{"type":"caption_track","track":{"id":"sidecar:1","language":"fr","name":"Français","sidecar":true,"roles":[]}}"#,
            ], "no lifecycle event, no reload")
            XCTAssertEqual(persistence.language, "fr")
            harness.controller.selectCaption(.off)
            XCTAssertEqual(harness.lines.last, #"{"type":"caption_track","track":null}"#)
            XCTAssertEqual(harness.engine.calls.count, callsBefore, "the engine hears nothing of captions")
            XCTAssertEqual(harness.engines.flatMap(\.loads).count, 1)

            // Auto: the video's default sidecar, and this one is not.
            harness.controller.selectCaption(.automatic)
            XCTAssertNil(session?.selectedCaptionTrack)

            // Remembered: the next video shows its French sidecar once its tracks are known.
            harness.controller.selectCaption(.track(french))
            harness.controller.advanceToNext()
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)), .streams(noCaptions))
            let nextFrench = MediaTrack(id: "sidecar:0", language: "fr", name: "Français", isSidecar: true)
            XCTAssertEqual(harness.controller.currentSession?.selectedCaptionTrack, nextFrench)

            // A sidecar is known before Ready: choosing it holds at once.
            harness.controller.advanceToNext()
            harness.controller.selectCaption(.off)
            harness.controller.selectCaption(.track(nextFrench))
            XCTAssertFalse(harness.controller.currentSession?.transport.isReady ?? true)
            XCTAssertEqual(harness.controller.currentSession?.selectedCaptionTrack, nextFrench)
            XCTAssertEqual(harness.lines.last, #"{"type":"caption_track","track":{"id":"sidecar:0","language":"fr","name":"Français","sidecar":true,"roles":[]}}"#)
        }
    }

    /// The SDK's default optimizer: the minimum to start with, then the time watched, up to the maximum.
    func testTheForwardBufferGrowsWithTimeWatched() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.bufferOptimization = BufferOptimization(minimumDuration: 2, maximumDuration: 12)
            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("a")])
            XCTAssertEqual(harness.engine.loads.last?.options.forwardBufferSeconds, 2)
            harness.engine.prerollVOD(duration: 100)
            harness.engine.send(.playing)
            // 20 s of playback in 0.5 s steps, with a seek forward (not watched) in the middle.
            for step in 1...40 { harness.engine.send(.position(Double(step) * 0.5 + (step > 20 ? 50 : 0))) }
            let buffers = harness.engine.calls.compactMap { if case .forwardBuffer(let seconds) = $0 { seconds } else { nil } }
            XCTAssertEqual(buffers, [5, 10, 12])

            harness.controller.bufferOptimization.method = .none
            harness.controller.setVideos([Fixtures.video("b")])
            XCTAssertNil(harness.engine.loads.last?.options.forwardBufferSeconds)
            XCTAssertEqual(BufferOptimization(minimumDuration: 0).minimumDuration, 1)
        }
    }

    func testTheStateFileKeepsOtherLinesAndSurvivesARestart() {
        MainActor.assumeIsolated {
            final class Disk: @unchecked Sendable { var files: [String: String] = [:] }
            let disk = Disk()
            disk.files["/cfg/cove/state"] = "window=960x540\nBCOVPlayerSDK_CaptionPersistence=es\n"
            let io = StateFile.IO(read: { disk.files[$0] }, write: { disk.files[$0] = $1 })
            let first = CaptionPersistence.file(at: "/cfg/cove/state", io: io)
            XCTAssertEqual(first.language, "es")
            first.language = "pt-BR"
            XCTAssertEqual(disk.files["/cfg/cove/state"], "window=960x540\nBCOVPlayerSDK_CaptionPersistence=pt-BR\n")
            XCTAssertEqual(CaptionPersistence.file(at: "/cfg/cove/state", io: io).language, "pt-BR")
            first.language = nil
            XCTAssertEqual(disk.files["/cfg/cove/state"], "window=960x540\n")
            XCTAssertEqual(CaptionPersistence.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]),
                           "/x/cove/state")
            XCTAssertEqual(CaptionPersistence.defaultPath(environment: ["HOME": "/h"]), "/h/.config/cove/state")
            XCTAssertNil(CaptionPersistence.defaultPath(environment: [:]))
        }
    }
}
