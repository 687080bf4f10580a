import CoveCore
import CoveEmulator
import CX11Probe
import Foundation
import XCTest

/// The real `cove` chooses GTK's renderer before GTK starts (`SoftwareRendering`): where Mesa could only rasterise
/// on the CPU it draws with cairo and never maps GL or LLVM; a renderer the user names is kept.
final class CoveRendererTests: XCTestCase {
    private func play(environment: [String: String]) throws -> (videoOutput: String, maps: String) {
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--demo", "--video-id", DemoCatalog.hlsVideoID, "--print-events", "--stats"],
                                  environment: environment)
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { lines in
            lines.contains { $0.contains(#""type":"stats""#) && $0.contains(#""shown_frames""#) }
        }
        let stats = try XCTUnwrap(lines.lazy.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            .first { $0["type"] == "stats" && $0["video_output"] != nil }, run.allOutput)
        let maps = try UITestSupport.memoryMaps(of: run.pid)
        XCTAssertTrue(maps.contains("libgtk-4"), "the maps of cove itself")
        return (stats["video_output"]?.stringValue ?? "", maps)
    }

    func testSoftwareGLMeansCairoAndNoGLMapped() throws {
        let seen = try play(environment: ["LIBGL_ALWAYS_SOFTWARE": "1"])
        XCTAssertTrue(seen.videoOutput.hasSuffix("GskCairoRenderer"), seen.videoOutput)
        XCTAssertFalse(seen.maps.contains("libLLVM"), "LLVM is not mapped")
        XCTAssertFalse(seen.maps.contains("_dri.so"), "no Mesa driver is loaded")
    }

    func testARendererTheUserNamesIsKept() throws {
        let seen = try play(environment: ["LIBGL_ALWAYS_SOFTWARE": "1", "GSK_RENDERER": "gl"])
        XCTAssertFalse(seen.videoOutput.hasSuffix("GskCairoRenderer"), seen.videoOutput)
        XCTAssertTrue(seen.videoOutput.contains("GL"), seen.videoOutput)
        XCTAssertTrue(seen.maps.contains("_dri.so"), "Mesa's driver draws")
    }

    /// What the screen shows at the middle of the picture: the scene's front (red) there, flat or in 360, in both
    /// byte orders: BGRA frames with cairo (and the 360 view on the CPU), RGBA with GL.
    private func centreColour(environment: [String: String], projection: Bool) throws -> Int {
        var arguments = ["--url", try UITestSupport.sphereClipPath(), "--print-events"]
        if projection { arguments += ["--projection", "equirectangular"] }
        let run = try CoveProcess(UITestSupport.coveBinary, arguments, environment: environment)
        defer { run.stop() }
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        Thread.sleep(forTimeInterval: 1)
        let window = try XCTUnwrap(try XDoTool.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(run.pid)"])
            .split(separator: "\n").first.map(String.init), run.allOutput)
        let shell = try XDoTool.run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window])
        var geometry: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { geometry[String(parts[0])] = value }
        }
        let x = try XCTUnwrap(geometry["X"]) + (geometry["WIDTH"] ?? 0) / 2
        let y = try XCTUnwrap(geometry["Y"]) + (geometry["HEIGHT"] ?? 0) / 3
        return cove_x11_screen_pixel(Int32(x), Int32(y))
    }

    private func assertFront(_ colour: Int, _ what: String, line: UInt = #line) {
        let front = Int(EquirectangularScene.front & 0xFF_FFFF)
        let close = [16, 8, 0].allSatisfy { abs((colour >> $0 & 0xFF) - (front >> $0 & 0xFF)) < 48 }
        XCTAssertTrue(close, "\(what): 0x\(String(colour, radix: 16)) is not the front 0x\(String(front, radix: 16))",
                      line: line)
    }

    func testTheScreenShowsTheSameColoursWithEitherRenderer() throws {
        let software = ["LIBGL_ALWAYS_SOFTWARE": "1"]
        let gl = ["LIBGL_ALWAYS_SOFTWARE": "1", "GSK_RENDERER": "gl"]
        assertFront(try centreColour(environment: software, projection: false), "cairo, BGRA, flat")
        assertFront(try centreColour(environment: software, projection: true), "cairo, BGRA, 360 on the CPU")
        assertFront(try centreColour(environment: gl, projection: false), "GL, RGBA, flat")
        assertFront(try centreColour(environment: gl, projection: true), "GL, RGBA, 360 in GL")
    }
}
