import CoveEmulator
import Foundation
import XCTest

/// The demo's 360 scene: the encoded frame has each face's colour where the projection expects it.
final class EquirectangularSceneTests: XCTestCase {
    func testEachDirectionHasItsColourInTheFrame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("equirect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sphere.mp4").path
        try MediaEncoder.encodeEquirectangularMP4(to: path, seconds: 1, width: 512)
        let raw = directory.appendingPathComponent("frame.rgb").path
        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        decode.arguments = ["-q", "filesrc", "location=\(path)", "!", "decodebin", "!", "videoconvert", "!",
                            "video/x-raw,format=RGB", "!", "filesink", "location=\(raw)"]
        try decode.run()
        decode.waitUntilExit()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)).prefix(512 * 256 * 3))
        XCTAssertEqual(bytes.count, 512 * 256 * 3)
        func colour(u: Double, v: Double) -> (Int, Int, Int) {
            let x = Int(u * 511), y = Int(v * 255), i = (y * 512 + x) * 3
            return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
        }
        func assertNear(_ seen: (Int, Int, Int), _ argb: UInt32, _ what: String, line: UInt = #line) {
            let want = (Int(argb >> 16 & 0xFF), Int(argb >> 8 & 0xFF), Int(argb & 0xFF))
            XCTAssertTrue(abs(seen.0 - want.0) < 40 && abs(seen.1 - want.1) < 40 && abs(seen.2 - want.2) < 40,
                          "\(what): \(seen) is not \(want)", line: line)
        }
        assertNear(colour(u: 0.5, v: 0.5), EquirectangularScene.front, "front")
        assertNear(colour(u: 0.75, v: 0.5), EquirectangularScene.right, "right")
        assertNear(colour(u: 0.25, v: 0.5), EquirectangularScene.left, "left")
        assertNear(colour(u: 0.02, v: 0.5), EquirectangularScene.back, "back, left edge")
        assertNear(colour(u: 0.98, v: 0.5), EquirectangularScene.back, "back, right edge")
        assertNear(colour(u: 0.5, v: 0.05), EquirectangularScene.up, "up")
        assertNear(colour(u: 0.2, v: 0.97), EquirectangularScene.down, "down")
    }
}
