import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// What the statistics overlay reads from a real pipeline: the demuxers and decoders playbin chose, the codecs
/// they decode, the master playlist's variants and the one playing, the frames shown and dropped.
final class EngineStatisticsTests: XCTestCase {
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("statistics")
            Self.directory = directory
            try MediaEncoder.encodeHLS(to: directory + "/hls", seconds: 4, renditions: [
                HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 800),
                HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300),
            ])
            try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 3, width: 320, height: 240)
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    /// Plays `path` from the emulator until `condition` holds of the engine's figures (or 15 s pass); returns them.
    @MainActor
    private static func statistics(playing path: String, maximumBitrate: Int = 0,
                            until condition: @escaping @MainActor (EngineStatistics) -> Bool) throws -> EngineStatistics {
        if let error = encodeError { throw error }
        let catalog = EmulatorCatalog(accountID: "1", policyKey: "test-key", mediaRoot: try XCTUnwrap(directory))
        let emulator = PlaybackAPIEmulator(catalog: catalog)
        try emulator.start()
        defer { emulator.stop() }
        let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
        defer { engine.stop() }
        let recorder = EngineRecorder(engine)
        engine.load(uri: emulator.mediaBaseURL + path, options: EngineLoadOptions(maximumBitrate: maximumBitrate))
        engine.play()
        _ = MainLoop.run(until: { recorder.isFinished || engine.statistics.map(condition) == true }, timeout: 15)
        XCTAssertNil(recorder.error)
        return try XCTUnwrap(engine.statistics)
    }

    func testHLSNamesItsVariantsDemuxersDecodersAndCodecs() throws {
        try MainActor.assumeIsolated {
            // Capped below the 360p variant: the 180p one plays (hlsdemux2 1.22 may open with the first variant and
            // switch after a segment), and its size tells it apart.
            let stats = try Self.statistics(playing: "/hls/master.m3u8", maximumBitrate: 700_000) {
                $0.height == 180 && $0.videoCodec != nil && $0.audioCodec != nil
            }
            XCTAssertEqual(stats.variants.count, 2)
            XCTAssertEqual(stats.variants.map(\.height), [360, 180], "highest bandwidth first")
            XCTAssertEqual(stats.height, 180)
            let playing = StreamVariant.playing(in: stats.variants, width: stats.width, height: stats.height)
            XCTAssertEqual(playing, stats.variants.last)
            XCTAssertEqual(stats.demuxers.first, "hlsdemux2")
            XCTAssertTrue(stats.demuxers.contains("tsdemux"), "\(stats.demuxers)")
            XCTAssertTrue(stats.videoCodec?.hasPrefix("H.264") == true, stats.videoCodec ?? "nil")
            XCTAssertTrue(stats.audioCodec?.contains("AAC") == true, stats.audioCodec ?? "nil")
            XCTAssertNotNil(stats.videoDecoder)
            XCTAssertNotNil(stats.audioDecoder)
            XCTAssertEqual(stats.pipeline, "playbin3")
            XCTAssertNotNil(stats.measuredBitrate, "hlsdemux2 measured its downloads")
            XCTAssertNotNil(stats.lateFrames, "the sink keeps QoS figures")
        }
    }

    func testProgressiveMP4HasNoVariantsAndNamesItsDemuxer() throws {
        try MainActor.assumeIsolated {
            let stats = try Self.statistics(playing: "/clip.mp4") { $0.videoCodec != nil && $0.width != nil }
            XCTAssertEqual(stats.variants, [])
            XCTAssertEqual(stats.demuxers, ["qtdemux"])
            XCTAssertEqual(stats.width, 320)
            XCTAssertEqual(stats.height, 240)
            XCTAssertTrue(stats.videoCodec?.hasPrefix("H.264") == true, stats.videoCodec ?? "nil")
            XCTAssertNil(stats.measuredBitrate, "no adaptive demuxer")
            XCTAssertEqual(stats.droppedFrames.map { $0 >= 0 }, true)
        }
    }
}
