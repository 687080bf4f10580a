import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Real encodes checked by reading what was written, and played back through the engine.
final class MediaEncoderTests: XCTestCase {
    static let hlsSeconds = 4.0
    static let renditions = [
        HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 800),
        HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300),
    ]
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("encoder")
            Self.directory = directory
            try MediaEncoder.encodeHLS(to: directory + "/hls", seconds: hlsSeconds, renditions: renditions)
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    private static func hlsDirectory() throws -> String {
        if let error = Self.encodeError { throw error }
        return try XCTUnwrap(Self.directory) + "/hls"
    }

    private static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
    }

    func testHLSMasterListsEveryRenditionAndEachPlaylistIsComplete() throws {
        let directory = try Self.hlsDirectory()
        let master = try Self.lines(directory + "/master.m3u8")
        XCTAssertEqual(master.first, "#EXTM3U")
        let variants = master.indices.filter { master[$0].hasPrefix("#EXT-X-STREAM-INF:") }
        XCTAssertEqual(variants.count, 2)
        for (index, rendition) in zip(variants, Self.renditions) {
            let attributes = master[index]
            XCTAssertTrue(attributes.contains("RESOLUTION=\(rendition.width)x\(rendition.height)"), attributes)
            XCTAssertTrue(attributes.contains("BANDWIDTH="), attributes)
            XCTAssertTrue(attributes.contains("CODECS=\"avc1."), attributes)
            XCTAssertEqual(master[index + 1], "\(rendition.name)/index.m3u8")

            let media = try Self.lines(directory + "/" + master[index + 1])
            XCTAssertEqual(media.last, "#EXT-X-ENDLIST")
            XCTAssertTrue(media.contains("#EXT-X-TARGETDURATION:2"))
            let durations = media.compactMap { line in
                line.hasPrefix("#EXTINF:") ? Double(line.dropFirst(8).prefix { $0 != "," }) : nil
            }
            XCTAssertEqual(durations.reduce(0, +), Self.hlsSeconds, accuracy: 0.1)
            let segments = media.filter { !$0.hasPrefix("#") }
            XCTAssertEqual(segments.count, durations.count)
            for segment in segments {
                let path = directory + "/" + rendition.name + "/" + segment
                let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
                XCTAssertGreaterThan(try XCTUnwrap(size), 1_000, path)
            }
        }
    }

    func testHLSPlaysToTheEndFromAFileURI() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri(Self.hlsDirectory() + "/master.m3u8"))
            // hlsdemux2 (playbin3) reads playlists only over HTTP; local HLS goes through the classic hlsdemux.
            XCTAssertEqual(engine.pipelineFactory, "playbin")
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: Self.hlsSeconds + 15))
            XCTAssertNil(recorder.error)
            XCTAssertEqual(recorder.signals.first, .ready)
            XCTAssertEqual(recorder.signals.last, .endOfStream)
            XCTAssertEqual(try XCTUnwrap(engine.duration), Self.hlsSeconds, accuracy: 0.3)
            XCTAssertGreaterThan(recorder.frameCount, 30)
            let frame = try XCTUnwrap(recorder.lastFrame)
            XCTAssertTrue(Self.renditions.contains { $0.width == frame.width && $0.height == frame.height },
                          "\(frame.width)x\(frame.height)")
        }
    }

    func testAudioOnlyHLSPlaysWithoutFrames() throws {
        // XCTest on Linux cannot call @MainActor test methods; it does run them on the main thread.
        try MainActor.assumeIsolated {
            let directory = try TestPaths.makeTemporaryDirectory("audio")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try MediaEncoder.encodeAudioOnlyHLS(to: directory, seconds: 2)
            let master = try Self.lines(directory + "/master.m3u8")
            XCTAssertEqual(master.filter { $0.hasPrefix("#EXT-X-STREAM-INF:") }.count, 1)
            XCTAssertEqual(try Self.lines(directory + "/audio/index.m3u8").last, "#EXT-X-ENDLIST")

            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri(directory + "/master.m3u8"))
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.isFinished }, timeout: 15))
            XCTAssertNil(recorder.error)
            XCTAssertEqual(try XCTUnwrap(engine.duration), 2, accuracy: 0.2)
            XCTAssertEqual(recorder.frameCount, 0)
        }
    }

    func testEncodingIntoAMissingDirectoryThrows() {
        XCTAssertThrowsError(try MediaEncoder.encodeMP4(to: "/nonexistent-\(UUID().uuidString)/clip.mp4",
                                                        seconds: 0.5, width: 160, height: 90)) { error in
            XCTAssertTrue(error is MediaEncoderError, "\(error)")
        }
    }

    func testRenditionNamesMustBeDirectoryNames() throws {
        let directory = try TestPaths.makeTemporaryDirectory("names")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let escaping = HLSRendition(name: "../escape", width: 160, height: 90, videoBitrateKbps: 100)
        XCTAssertThrowsError(try MediaEncoder.encodeHLS(to: directory, seconds: 1, renditions: [escaping]))
        XCTAssertThrowsError(try MediaEncoder.encodeHLS(to: directory, seconds: 1, renditions: []))
    }

    func testDemoMediaIsEncodedOnceAndReplacesAnIncompleteSet() throws {
        let cache = try TestPaths.makeTemporaryDirectory("demo")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // What a crash could leave behind: a version directory without its completion stamp.
        let files = FileManager.default
        try files.createDirectory(atPath: cache + "/v1", withIntermediateDirectories: true)
        try "partial".write(toFile: cache + "/v1/demo.mp4", atomically: true, encoding: .utf8)
        try files.createDirectory(atPath: cache + "/v0", withIntermediateDirectories: true)
        // A scratch directory of an encode that died long ago, and one of an encode that may still be running.
        try files.createDirectory(atPath: cache + "/.encoding-dead", withIntermediateDirectories: true)
        try files.setAttributes([.modificationDate: Date.now.addingTimeInterval(-7200)],
                                ofItemAtPath: cache + "/.encoding-dead")
        try files.createDirectory(atPath: cache + "/.encoding-running", withIntermediateDirectories: true)

        let first = try MediaEncoder.ensureDemoMedia(in: cache)
        let mp4 = first.root + "/" + first.mp4
        let master = first.root + "/" + first.hls
        let mp4Size = try XCTUnwrap(files.attributesOfItem(atPath: mp4)[.size] as? Int)
        XCTAssertGreaterThan(mp4Size, 100_000)
        XCTAssertEqual(try Self.lines(master).filter { $0.hasPrefix("#EXT-X-STREAM-INF:") }.count, 2)
        XCTAssertFalse(files.fileExists(atPath: cache + "/v0"), "older recipe versions are removed")
        XCTAssertEqual(try files.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix(".") }, [".encoding-running"])

        func modificationDates() throws -> [Date] {
            try [mp4, master].map { try XCTUnwrap(files.attributesOfItem(atPath: $0)[.modificationDate] as? Date) }
        }
        let stamps = try modificationDates()
        let second = try MediaEncoder.ensureDemoMedia(in: cache)
        XCTAssertEqual(second, first)
        XCTAssertEqual(try modificationDates(), stamps)
    }
}
