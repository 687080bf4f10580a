import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// A CASTV2 sender written by others (pychromecast from PyPI, the library Home Assistant and catt cast with)
/// drives the emulator's device through a whole session: the device speaks the real protocol, not only Cove's
/// idea of it.
final class PychromecastTests: XCTestCase {
    func testPychromecastLaunchesLoadsPausesSeeksStopsAndQuits() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let helpers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("meson-helpers")
        let process = Process()
        process.executableURL = helpers.appendingPathComponent("cast-drive")
        process.arguments = [String(device.port), "https://media.example/clip.mp4"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        let lines = said.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("WARNING") }
        XCTAssertEqual(lines, ["connected 1.0", "playing CC1AD845 https://media.example/clip.mp4 5", "paused",
                               "seeked 30 PLAYING", "stopped CANCELLED", "volume 0.4", "quit"], said)
        let load = try XCTUnwrap(device.received.first { CastJSON.type(of: $0.message.payload) == "LOAD" })
        XCTAssertEqual(load.message.sourceID, "sender-0", "pychromecast's own sender ID")
        let request = try XCTUnwrap(CastJSON.decode(CastMediaMessage.self, from: load.message.payload))
        XCTAssertEqual(request.currentTime, 5)
        XCTAssertEqual(request.media?.streamType, "BUFFERED")
    }
}
