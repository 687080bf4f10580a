import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove`: its window's title names the video playing and follows the playlist's autoAdvance, and its
/// keys (the player.* actions bound by PlayerView) drive the real pipeline. Read from the X server, as a panel
/// or window switcher reads it.
final class CoveWindowTitleTests: XCTestCase {
    private func start(_ emulator: PlaybackAPIEmulator, _ target: [String]) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary, ["--playback-api-base", emulator.baseURL, "--account-id",
                                                   UITestSupport.accountID, "--policy-key", UITestSupport.policyKey,
                                                   "--print-events"] + target)
    }

    private func sessions(_ run: CoveProcess) -> Int {
        run.standardOutput.split(separator: "\n").filter { $0.contains(#""type":"session""#) }.count
    }

    private func waitForTitle(_ title: String, of run: CoveProcess, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var current = ""
        repeat {
            current = try XDoTool.windowName(ofProcess: run.pid)
            if current == title { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return current
    }

    func testTheTitleFollowsThePlaylistsAutoAdvance() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.playlists = [["id": "8000000000002", "name": "Title playlist",
                                       "video_ids": [.string(UITestSupport.videoID), .string(UITestSupport.audioVideoID)]]]
        let run = try start(emulator, ["--playlist-id", "8000000000002"])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        XCTAssertEqual(try waitForTitle("UI test clip", of: run), "UI test clip", "the first video's name")
        _ = run.waitForLines(timeout: 30) { $0.filter { $0.contains(#""type":"session""#) }.count >= 2 }
        XCTAssertEqual(sessions(run), 2, run.standardOutput)
        XCTAssertEqual(try waitForTitle("UI test audio", of: run), "UI test audio", "autoAdvance renamed the window")
    }

    func testANamelessURLIsTitledByItsFileAndKeysDriveThePipeline() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let run = try CoveProcess(UITestSupport.coveBinary, ["--url", emulator.mediaBaseURL + "/clip.mp4",
                                                            "--print-events"])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        XCTAssertEqual(try waitForTitle("clip.mp4", of: run), "clip.mp4")
        try XDoTool.type("k", intoWindowOf: run.pid)
        let lines = run.waitForLines(timeout: 10) { $0.contains { $0.contains(#""event":"Pause""#) } }
        XCTAssertTrue(lines.contains { $0.contains(#""event":"Pause""#) }, "k pauses the real pipeline: \(lines)")
    }
}

extension XDoTool {
    /// The title of the process's visible window, as the X server has it (_NET_WM_NAME / WM_NAME).
    static func windowName(ofProcess pid: Int32) throws -> String {
        let tool = "/usr/bin/xdotool"
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw XDoToolMissing() }
        guard let window = try run(tool, ["search", "--onlyvisible", "--pid", "\(pid)"]).split(separator: "\n").first
        else { return "" }
        return try run(tool, ["getwindowname", String(window)]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
