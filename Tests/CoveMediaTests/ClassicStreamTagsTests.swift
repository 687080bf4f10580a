import CoveCore
@testable import CoveEmulator
import CoveGLib
import CoveMedia
import XCTest

/// A plain file plays through classic playbin (GStreamerEngine.playbinCandidates), which posts no stream
/// collection: its audio streams are still named by their own tags, so the Audio & Subtitles menu can tell a
/// commentary from the main language.
final class ClassicStreamTagsTests: XCTestCase {
    func testAFilesAudioStreamsCarryTheirLanguageAndTitle() throws {
        let directory = try TestPaths.makeTemporaryDirectory("classic-tags")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/two-languages.mkv"
        let branch = { (frequency: Int, tags: String) in
            "audiotestsrc num-buffers=40 freq=\(frequency) ! audioconvert ! taginject tags=\"\(tags)\" ! vorbisenc"
                + " ! queue"
        }
        try MediaPipelineRun.run(
            branch(440, "language-code=fr,title=Commentaire") + " ! matroskamux name=mux ! filesink name=file "
                + branch(880, "language-code=en") + " ! mux.",
            settings: [.init(element: "file", property: "location", value: path)])
        try MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .none, audioOutput: .none))
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri(path))
            XCTAssertTrue(MainLoop.run(until: { recorder.isReady || recorder.error != nil }, timeout: 10),
                          engine.stateReport)
            XCTAssertTrue(MainLoop.run(until: {
                recorder.signals.contains { if case .streams = $0 { true } else { false } }
            }, timeout: 5))
            XCTAssertEqual(engine.pipelineFactory, "playbin")
            let streams = recorder.signals.compactMap { signal -> EngineStreams? in
                if case .streams(let streams) = signal { streams } else { nil }
            }.last
            let audio = try XCTUnwrap(streams?.audio)
            XCTAssertEqual(audio.map(\.id), ["audio:0", "audio:1"])
            XCTAssertEqual(Set(audio.compactMap(\.language)), ["fr", "en"])
            XCTAssertEqual(audio.first { $0.language == "fr" }?.name, "Commentaire")
        }
    }
}
