import CoveCore
import Foundation
import XCTest

/// The real `cove` with a 360 video named on the command line: the events a script sees, with GL and without.
final class CoveVideo360Tests: XCTestCase {
    private func run(_ arguments: [String], environment: [String: String] = [:],
                     until done: @escaping ([String]) -> Bool) throws -> (lines: [String], output: String) {
        let clip = try UITestSupport.sphereClipPath()
        let run = try CoveProcess(UITestSupport.coveBinary, ["--url", clip, "--print-events"] + arguments,
                                  environment: environment)
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30, until: done)
        return (lines, run.allOutput)
    }

    func testAnEquirectangularURLPlaysIn360AndSaysSo() throws {
        let seen = try run(["--projection", "equirectangular"]) { lines in
            lines.contains { $0.contains(#""event":"Play""#) } && lines.contains { $0.contains("video360") }
        }
        XCTAssertTrue(seen.lines.contains(#"{"type":"video360","navigation":"finger-tracking","projection_style":"normal"}"#),
                      seen.output)
        XCTAssertFalse(seen.lines.contains { $0.contains("VIDEO360_UNAVAILABLE") }, seen.output)
    }

    func testWithoutGLTheViewIsDrawnOnTheCPU() throws {
        // GL turned off by hand, as Cove itself turns it off on a machine with only a software rasteriser.
        let seen = try run(["--projection", "equirectangular"], environment: ["GDK_DEBUG": "gl-disable",
                                                                              "GSK_RENDERER": "cairo"]) { lines in
            lines.contains { $0.contains(#""event":"Play""#) } && lines.contains { $0.contains("video360") }
        }
        XCTAssertTrue(seen.lines.contains(#"{"type":"video360","navigation":"finger-tracking","projection_style":"normal"}"#),
                      seen.output)
        XCTAssertFalse(seen.lines.contains { $0.contains("VIDEO360_UNAVAILABLE") }, seen.output)
    }

    func testAnotherProjectionPlaysFlatWithAWarning() throws {
        let seen = try run(["--projection", "cubemap"]) { lines in
            lines.contains { $0.contains(#""event":"Play""#) } && lines.contains { $0.contains("UNSUPPORTED_PROJECTION") }
        }
        XCTAssertTrue(seen.lines.contains { $0.contains("UNSUPPORTED_PROJECTION") && $0.contains("cubemap") }, seen.output)
        XCTAssertFalse(seen.lines.contains { $0.contains("video360") }, seen.output)
    }

    func testADragLooksAroundByTheAngleItCovers() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("sphere-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state.appendingPathComponent("cove"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        try "[Window]\nwidth=960\nheight=540\n".write(to: state.appendingPathComponent("cove/state.ini"), atomically: true,
                                                    encoding: .utf8)
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--url", try UITestSupport.sphereClipPath(), "--projection", "equirectangular",
                                   "--print-events"], environment: ["XDG_STATE_HOME": state.path])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        let window = try XCTUnwrap(try XDoTool.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(run.pid)"])
            .split(separator: "\n").first.map(String.init))
        let tool = "/usr/bin/xdotool"
        // 150 points to the left, as a hand drags the scene: the view turns right by 150 × 75° / 540.
        _ = try XDoTool.run(tool, ["mousemove", "--window", window, "480", "200"])
        _ = try XDoTool.run(tool, ["mousedown", "1"])
        for x in stride(from: 470, through: 330, by: -20) {
            _ = try XDoTool.run(tool, ["mousemove", "--window", window, "\(x)", "200"])
            Thread.sleep(forTimeInterval: 0.03)
        }
        _ = try XDoTool.run(tool, ["mousemove", "--window", window, "330", "200"])
        _ = try XDoTool.run(tool, ["mouseup", "1"])
        let lines = run.waitForLines(timeout: 10) { $0.contains { $0.contains("view_projection") } }
        let line = try XCTUnwrap(lines.first { $0.contains("view_projection") }, run.allOutput)
        let event = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        guard case .number(let pan)? = event["pan"], case .number(let tilt)? = event["tilt"] else {
            return XCTFail(line)
        }
        XCTAssertEqual(pan, 150 * 75 / 540, accuracy: 0.5, line)
        XCTAssertEqual(tilt, 0, accuracy: 0.01, line)
    }
}
