import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// The emulator's AES-128 HLS is really AES-128 HLS: GStreamer (hlsdemux2, which fetches the key and decrypts)
/// plays it to the end with its key, and cannot with another one.
final class AESPlaybackTests: XCTestCase {
    static let seconds = 4.0
    nonisolated(unsafe) static var directory: String?
    nonisolated(unsafe) static var encodeError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TestPaths.makeTemporaryDirectory("aes")
            Self.directory = directory
            try MediaEncoder.encodeHLS(to: directory + "/clear", seconds: seconds, renditions: [
                HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300),
            ])
            try MediaEncoder.encryptHLS(from: directory + "/clear", to: directory + "/aes", key: try .random())
            // The same stream with a key file that is not its key.
            try MediaEncoder.encryptHLS(from: directory + "/clear", to: directory + "/wrong", key: try .random())
            try Data(try HLSEncryptionKey.random().key).write(to: URL(fileURLWithPath: directory + "/wrong/180p/key.bin"))
        } catch {
            encodeError = error
        }
    }

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    @MainActor
    private static func play(_ path: String) throws -> (recorder: EngineRecorder, emulator: PlaybackAPIEmulator) {
        if let error = Self.encodeError { throw error }
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k",
                                                                    mediaRoot: try XCTUnwrap(Self.directory)))
        try emulator.start()
        let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
        defer { engine.stop() }
        let recorder = EngineRecorder(engine)
        engine.load(uri: emulator.mediaBaseURL + path)
        engine.play()
        _ = MainLoop.run(until: { recorder.isFinished }, timeout: Self.seconds + 20)
        emulator.stop()
        return (recorder, emulator)
    }

    func testAnAES128StreamPlaysToTheEndWithItsKey() throws {
        try MainActor.assumeIsolated {
            let directory = try XCTUnwrap(Self.directory)
            let clear = try Data(contentsOf: URL(fileURLWithPath: directory + "/clear/180p/segment00000.ts"))
            let sealed = try Data(contentsOf: URL(fileURLWithPath: directory + "/aes/180p/segment00000.ts"))
            XCTAssertEqual(sealed.count, (clear.count / 16 + 1) * 16, "whole-segment CBC with PKCS#7 padding")
            XCTAssertNotEqual(sealed.prefix(188), clear.prefix(188))
            let playlist = try String(contentsOfFile: directory + "/aes/180p/index.m3u8", encoding: .utf8)
            XCTAssertTrue(playlist.contains("#EXT-X-KEY:METHOD=AES-128,URI=\"key.bin\",IV=0x"), playlist)

            let (recorder, emulator) = try Self.play("/aes/master.m3u8")
            XCTAssertNil(recorder.error)
            XCTAssertTrue(recorder.hasEnded)
            XCTAssertGreaterThan(recorder.frameCount, 30)
            XCTAssertTrue(emulator.requests.contains { $0.path == "/media/aes/180p/key.bin" }, "the key was fetched")
        }
    }

    func testTheSameStreamWithAnotherKeyDoesNotPlay() throws {
        try MainActor.assumeIsolated {
            let (recorder, emulator) = try Self.play("/wrong/master.m3u8")
            XCTAssertTrue(emulator.requests.contains { $0.path == "/media/wrong/180p/key.bin" },
                          "the stream got as far as its key: \(emulator.requests.map(\.path))")
            XCTAssertNotNil(recorder.error, "decrypting with another key must end in an error")
            XCTAssertFalse(recorder.hasEnded && recorder.error == nil && recorder.frameCount > 30,
                           "a stream decrypted with the wrong key must not play: \(recorder.frameCount) frames")
        }
    }
}
