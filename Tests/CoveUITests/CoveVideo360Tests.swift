import CoveCore
import Foundation
import XCTest

/// The real `cove` with a 360 video named on the command line: the events a script sees, and the flat fallback
/// where GL cannot draw.
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

    func testWithoutGLTheVideoPlaysFlatWithATranslatedNotice() throws {
        let seen = try run(["--projection", "equirectangular"], environment: ["GDK_DEBUG": "gl-disable",
                                                                              "LANGUAGE": "de"]) { lines in
            lines.contains { $0.contains(#""event":"Play""#) } && lines.contains { $0.contains("VIDEO360_UNAVAILABLE") }
        }
        let warning = try XCTUnwrap(seen.lines.first { $0.contains("VIDEO360_UNAVAILABLE") }, seen.output)
        XCTAssertFalse(warning.contains("3D drawing is not available"), "translated: \(warning)")
        XCTAssertTrue(seen.lines.contains { $0.contains(#""event":"Play""#) }, "it plays on: \(seen.output)")
    }

    func testAnotherProjectionPlaysFlatWithAWarning() throws {
        let seen = try run(["--projection", "cubemap"]) { lines in
            lines.contains { $0.contains(#""event":"Play""#) } && lines.contains { $0.contains("UNSUPPORTED_PROJECTION") }
        }
        XCTAssertTrue(seen.lines.contains { $0.contains("UNSUPPORTED_PROJECTION") && $0.contains("cubemap") }, seen.output)
        XCTAssertFalse(seen.lines.contains { $0.contains("video360") }, seen.output)
    }
}
