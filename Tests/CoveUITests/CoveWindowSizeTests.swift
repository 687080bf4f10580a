import Foundation
import XCTest

/// The real `cove`: its window opens at the size it had when it last closed, read from and written to the state
/// file, and measured on the X server as a window manager sees it.
final class CoveWindowSizeTests: XCTestCase {
    private var stateHome: URL!

    override func setUpWithError() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("window-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateHome.appendingPathComponent("cove"),
                                                withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: stateHome)
    }

    private var stateFile: String { stateHome.appendingPathComponent("cove/state.ini").path }

    private func launch() throws -> CoveProcess {
        let clip = try UITestSupport.mediaRoot() + "/clip.mp4"
        return try CoveProcess(UITestSupport.coveBinary, ["--url", clip, "--print-events"],
                               environment: ["XDG_STATE_HOME": stateHome.path])
    }

    private func window(of run: CoveProcess) throws -> String {
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        let found = try XDoTool.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(run.pid)"])
        return try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window: \(run.allOutput)")
    }

    private func size(of window: String) throws -> String {
        let geometry = try XDoTool.run("/usr/bin/xdotool", ["getwindowgeometry", window])
        return geometry.split(separator: "\n").first { $0.contains("Geometry:") }
            .map { $0.replacingOccurrences(of: "Geometry:", with: "").trimmingCharacters(in: .whitespaces) } ?? geometry
    }

    func testTheWindowOpensAtItsStoredSizeAndKeepsANewOneForNextTime() throws {
        try "[Window]\nwidth=720\nheight=420\nmaximized=false\n".write(toFile: stateFile, atomically: true, encoding: .utf8)
        let first = try launch()
        defer { first.stop() }
        XCTAssertEqual(try size(of: try window(of: first)), "720x420", first.allOutput)

        // Resized as a user drags its corner; quit (SIGTERM, as a session manager does) keeps the new size.
        _ = try XDoTool.run("/usr/bin/xdotool", ["windowsize", try window(of: first), "800", "450"])
        let deadline = Date().addingTimeInterval(5)
        while try size(of: try window(of: first)) != "800x450", Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 0.3)  // GTK takes the configure event on its next frame
        first.stop()
        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(state.contains("width=800") && state.contains("height=450"), state)

        let second = try launch()
        defer { second.stop() }
        XCTAssertEqual(try size(of: try window(of: second)), "800x450", second.allOutput)
    }

    func testAnAbsurdStoredSizeIsBroughtWithinLimits() throws {
        try "[Window]\nwidth=12\nheight=-5\n".write(toFile: stateFile, atomically: true, encoding: .utf8)
        let run = try launch()
        defer { run.stop() }
        XCTAssertEqual(try size(of: try window(of: run)), "360x200", run.allOutput)
    }
}
