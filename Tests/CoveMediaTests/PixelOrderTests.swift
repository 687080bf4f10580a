import CoveCore
import CoveEmulator
@testable import CoveMedia
import CoveGLib
import XCTest

/// Frames come in the byte order the screen takes as it is: RGBA for GL, BGRA for GTK's cairo renderer. The same
/// equirectangular scene, whose centre is red (EquirectangularScene.front), read both ways.
final class PixelOrderTests: XCTestCase {
    private static func centre(of order: PixelOrder, clip: String) throws -> (order: PixelOrder, bytes: [UInt8]) {
        try MainActor.assumeIsolated {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none,
                                                                pixelOrder: order))
            defer { engine.stop() }
            let recorder = EngineRecorder(engine)
            engine.load(uri: try TestPaths.uri(clip))
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.frameCount >= 3 }, timeout: 20))
            let frame = try XCTUnwrap(recorder.lastFrame)
            let at = frame.height / 2 * frame.stride + frame.width / 2 * 4
            let bytes = frame.withUnsafeBytes { Array($0[at..<at + 4]) }
            return (frame.pixelOrder, bytes)
        }
    }

    func testBGRAFramesCarryTheSameColourInCairosOrder() throws {
        let directory = try TestPaths.makeTemporaryDirectory("order")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clip = directory + "/scene.mp4"
        try MediaEncoder.encodeEquirectangularMP4(to: clip, seconds: 1, width: 512)
        let rgba = try Self.centre(of: .rgba, clip: clip)
        let bgra = try Self.centre(of: .bgra, clip: clip)
        XCTAssertEqual(rgba.order, .rgba)
        XCTAssertEqual(bgra.order, .bgra)
        let red = Int(EquirectangularScene.front >> 16 & 0xFF), blue = Int(EquirectangularScene.front & 0xFF)
        XCTAssertEqual(Int(rgba.bytes[0]), red, accuracy: 24, "RGBA: red first \(rgba.bytes)")
        XCTAssertEqual(Int(rgba.bytes[2]), blue, accuracy: 24, "\(rgba.bytes)")
        XCTAssertEqual(Int(bgra.bytes[2]), red, accuracy: 24, "BGRA: red third \(bgra.bytes)")
        XCTAssertEqual(Int(bgra.bytes[0]), blue, accuracy: 24, "\(bgra.bytes)")
        XCTAssertEqual(bgra.bytes[3], 255, "opaque")
    }
}
