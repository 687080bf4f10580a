import CoveCore
import CoveEmulator
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
        // Read to the end: /proc files report no size, and a read by size would stop short.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(run.pid)/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
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
}
