import CoveCore
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

    func testTheRememberedCaptionLanguageIsShownAndSelectionsAreReported() {
        MainActor.assumeIsolated {
            let persistence = CaptionPersistence.inMemory(language: "de")
            let harness = ControllerHarness(captionPersistence: persistence)
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            Self.preroll(harness.engine)
            // "de" matches the stream's "de-DE".
            XCTAssertEqual(harness.engine.calls.last, .select(audio: "audio-en", text: "text-de"))
            harness.engine.send(.streamsSelected(audio: "audio-en", text: "text-de"))
            harness.controller.selectAudioTrack(MediaTrack(id: "audio-de", language: "de", name: "Deutsch"))
            XCTAssertEqual(harness.engine.calls.last, .select(audio: "audio-de", text: "text-de"))
            harness.engine.send(.streamsSelected(audio: "audio-de", text: "text-de"))

            harness.controller.selectCaption(.track(MediaTrack(id: "text-en", language: "en", name: "English")))
            XCTAssertEqual(persistence.language, "en")
            harness.engine.send(.streamsSelected(audio: "audio-de", text: "text-en"))
            harness.controller.selectCaption(.off)
            XCTAssertNil(persistence.language, "Off forgets the language")
            XCTAssertEqual(harness.engine.calls.last, .select(audio: "audio-de", text: nil))
            harness.engine.send(.streamsSelected(audio: "audio-de", text: nil))
            let selections = harness.lines.filter { $0.contains(#""type":"audio_track""#) || $0.contains("caption_track") }
            XCTAssertEqual(selections, [
                #"{"type":"audio_track","track":{"id":"audio-en","language":"en","name":"English","sidecar":false}}"#,
                #"{"type":"caption_track","track":{"id":"text-de","language":"de-DE","name":"Deutsch","sidecar":false}}"#,
                #"{"type":"audio_track","track":{"id":"audio-de","language":"de","name":"Deutsch","sidecar":false}}"#,
                #"{"type":"caption_track","track":{"id":"text-en","language":"en","name":"English","sidecar":false}}"#,
                #"{"type":"caption_track","track":null}"#,
            ])

            // The next video: nothing remembered, captions off from the start.
            harness.controller.advanceToNext()
            Self.preroll(harness.engine)
            XCTAssertEqual(harness.engine.calls.last, .select(audio: "audio-en", text: nil))
        }
    }

    /// A stream without captions of its own offers the sidecars; showing or hiding one reloads where it was.
    func testASidecarCaptionReloadsQuietlyWhereThePlayheadIs() {
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
                                          Fixtures.video("b", textTracks: [sidecar])])
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)), .streams(noCaptions))
            harness.engine.send(.playing, .position(4))
            let french = MediaTrack(id: "sidecar:1", language: "fr", name: "Français", isSidecar: true)
            XCTAssertEqual(harness.controller.currentSession?.captionTracks, [french])
            harness.clearEvents()

            harness.controller.selectCaption(.track(french))
            XCTAssertEqual(harness.engine.loads.last?.options,
                           EngineLoadOptions(subtitleURI: "https://media.example/fr.vtt", startPosition: 4,
                                             forwardBufferSeconds: 30))
            var withSidecar = noCaptions
            withSidecar.text.append(MediaTrack(id: "5f3a", isSidecar: true))
            harness.engine.send(.ready, .duration(10), .seekable(SeekableRange(start: 0, end: 10)), .streams(noCaptions),
                                .streams(withSidecar), .streamsSelected(audio: "audio-en", text: "5f3a"))
            let reloadIndex = harness.engine.calls.lastIndex { if case .load = $0 { true } else { false } } ?? 0
            XCTAssertFalse(harness.engine.calls[reloadIndex...].contains { if case .select = $0 { true } else { false } },
                           "a sidecar is never named in a selection: decodebin3 picks it")
            harness.engine.send(.playing, .position(4.1))
            XCTAssertEqual(harness.lines, [
                #"{"type":"audio_track","track":{"id":"audio-en","language":"en","name":"English","sidecar":false}}"#,
                #"{"type":"caption_track","track":{"id":"sidecar:1","language":"fr","name":"Français","sidecar":true}}"#,
            ], "no lifecycle event, no repeated progress")
            XCTAssertEqual(persistence.language, "fr")

            // Off takes the sidecar out of the pipeline the same way.
            harness.controller.selectCaption(.off)
            XCTAssertEqual(harness.engine.loads.last?.options, EngineLoadOptions(startPosition: 4.1, forwardBufferSeconds: 30))
            harness.engine.send(.ready, .streams(noCaptions), .streamsSelected(audio: "audio-en", text: nil))
            XCTAssertEqual(harness.lines.last, #"{"type":"caption_track","track":null}"#)

            // Remembered: the next video loads its French sidecar from the start.
            harness.controller.selectCaption(.track(french))
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.engine.loads.last?.options.subtitleURI, "https://media.example/fr.vtt")
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
