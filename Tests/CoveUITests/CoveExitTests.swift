import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// Quitting the real `cove` at the moments a viewer does: SIGTERM/SIGINT during playback, the API request and a
/// preroll that never ends; Ctrl+Q and Ctrl+W; closing the window during an autoAdvance switch and a live stream.
/// Each must end with status 0, no CRITICAL or assertion on stderr, the session's Terminate event, and, by Cove's
/// own report (COVE_EXIT_REPORT), through the quit path rather than the exit watchdog. The wait allows the
/// 2 s promise plus the polling of this test; the stress command (`cove-bench --stress`) is the soak.
final class CoveExitTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }
    private static let exitWait = 2.5

    private func apiArguments(_ emulator: PlaybackAPIEmulator) -> [String] {
        ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
         "--policy-key", UITestSupport.policyKey, "--print-events"]
    }

    private func start(_ arguments: [String]) throws -> CoveProcess {
        try CoveProcess(binary, arguments, environment: ["COVE_EXIT_REPORT": "1"])
    }

    /// Status 0 in time, Cove's report for `reason` with every pipeline released, nothing alarming on stderr.
    private func assertCleanExit(_ run: CoveProcess, reason: String, file: StaticString = #filePath, line: UInt = #line) {
        let status = run.waitForExit(timeout: Self.exitWait)
        let errors = run.standardError
        XCTAssertEqual(status, 0, "exit status (nil: still running): \(errors)", file: file, line: line)
        XCTAssertFalse(run.terminatedBySignal, errors, file: file, line: line)
        XCTAssertTrue(errors.contains("cove-exit: \(reason) ms="), errors, file: file, line: line)
        XCTAssertTrue(errors.contains("blocked-before-main=1"), errors, file: file, line: line)
        XCTAssertTrue(run.standardOutput.contains(#"{"type":"lifecycle","event":"Terminate"}"#) || reason == "SIGINT"
                      && !run.standardOutput.contains(#""type":"session""#), run.standardOutput, file: file, line: line)
        XCTAssertFalse(errors.contains("watchdog"), errors, file: file, line: line)
        let problems = errors.split(separator: "\n").filter {
            $0.contains("CRITICAL") || $0.contains("assertion") || $0.contains("ERROR:")
        }
        XCTAssertEqual(problems, [], file: file, line: line)
    }

    private func waitForEvent(_ run: CoveProcess, _ fragment: String, count: Int = 1, timeout: Double = 30) {
        let lines = run.waitForLines(timeout: timeout) { $0.filter { $0.contains(fragment) }.count >= count }
        XCTAssertGreaterThanOrEqual(lines.filter { $0.contains(fragment) }.count, count, "\(lines)")
    }

    func testSIGTERMAndSIGINTDuringPlaybackExitCleanly() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            let run = try start(apiArguments(emulator) + ["--video-id", UITestSupport.videoID])
            defer { run.stop() }
            waitForEvent(run, #""event":"Play""#)
            kill(run.pid, signal)
            assertCleanExit(run, reason: name)
        }
    }

    /// SIGTERM the moment the process has blocked it (a constructor does, before main), while libraries and GTK
    /// are still starting: it stays pending until the quit thread takes it, and the process ends cleanly instead
    /// of dying by the signal.
    func testSIGTERMDuringStartUpExitsCleanly() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let run = try start(apiArguments(emulator) + ["--video-id", UITestSupport.videoID])
        defer { run.stop() }
        let deadline = Date().addingTimeInterval(10)
        while !Self.blocksQuitSignals(run.pid), Date() < deadline { usleep(200) }
        XCTAssertTrue(Self.blocksQuitSignals(run.pid), "SIGINT and SIGTERM not blocked")
        kill(run.pid, SIGTERM)
        let status = run.waitForExit(timeout: Self.exitWait + 3)
        let errors = run.standardError
        XCTAssertEqual(status, 0, errors)
        XCTAssertFalse(run.terminatedBySignal, errors)
        XCTAssertTrue(errors.contains("blocked-before-main=1"), errors)
    }

    /// Whether the process's main thread blocks both SIGINT and SIGTERM (SigBlk in /proc).
    private static func blocksQuitSignals(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
              let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        let wanted: UInt64 = 1 << (UInt64(SIGINT) - 1) | 1 << (UInt64(SIGTERM) - 1)
        return mask & wanted == wanted
    }

    func testSIGINTWhileTheAPIRequestHangsExitsCleanly() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.faults[UITestSupport.videoID] = .hang
        let run = try start(apiArguments(emulator) + ["--video-id", UITestSupport.videoID])
        defer { run.stop() }
        let deadline = Date().addingTimeInterval(20)
        while !emulator.requests.contains(where: { $0.path.hasSuffix(UITestSupport.videoID) }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix(UITestSupport.videoID) })
        kill(run.pid, SIGINT)
        assertCleanExit(run, reason: "SIGINT")
    }

    /// A media server that accepts the connection and never answers: the pipeline never prerolls.
    func testSIGTERMDuringAPrerollThatNeverEndsExitsCleanly() throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.videos.append(["id": "5000000000071", "name": "Silent",
                                        "sources": [["src": .string("http://127.0.0.1:\(silent.port)/clip.mp4"),
                                                     "type": "video/mp4", "container": "MP4"]]])
        let run = try start(apiArguments(emulator) + ["--video-id", "5000000000071"])
        defer { run.stop() }
        waitForEvent(run, #""type":"session""#)
        Thread.sleep(forTimeInterval: 0.5)
        kill(run.pid, SIGTERM)
        assertCleanExit(run, reason: "SIGTERM")
    }

    func testControlQAndControlWQuit() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        for (keys, reason) in [("ctrl+q", "Ctrl+Q"), ("ctrl+w", "close")] {
            let run = try start(apiArguments(emulator) + ["--video-id", UITestSupport.videoID])
            defer { run.stop() }
            waitForEvent(run, #""event":"Play""#)
            try XDoTool.type(keys, intoWindowOf: run.pid)
            assertCleanExit(run, reason: reason)
        }
    }

    /// Closed the moment the second video's session starts: the first pipeline going down, the preloaded one
    /// becoming current.
    func testClosingTheWindowDuringAnAutoAdvanceSwitchExitsCleanly() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.playlists = [["id": "8000000000071", "name": "Switch",
                                       "video_ids": [.string(UITestSupport.videoID), .string(UITestSupport.videoID)]]]
        let run = try start(apiArguments(emulator) + ["--playlist-id", "8000000000071"])
        defer { run.stop() }
        waitForEvent(run, #""type":"session""#, count: 2)
        try XDoTool.type("ctrl+w", intoWindowOf: run.pid)
        assertCleanExit(run, reason: "close")
    }

    func testClosingTheWindowOfALiveStreamExitsCleanly() throws {
        let root = try UITestSupport.mediaRoot()
        let live = try MediaLiveHLS(directory: root + "/exit-live", windowSegments: 4, backlogSeconds: 4)
        defer { live.stop() }
        XCTAssertTrue(live.waitForSegments(3, timeout: 60))
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.videos.append(["id": "5000000000072", "name": "Live",
                                        "sources": [["src": .string(emulator.mediaBaseURL + "/exit-live/index.m3u8"),
                                                     "type": "application/x-mpegURL"]]])
        let run = try start(apiArguments(emulator) + ["--video-id", "5000000000072"])
        defer { run.stop() }
        waitForEvent(run, #""event":"Play""#, timeout: 60)
        try XDoTool.type("ctrl+w", intoWindowOf: run.pid)
        assertCleanExit(run, reason: "close")
    }
}

struct XDoToolMissing: Error, CustomStringConvertible {
    var description: String { "xdotool is missing: run meson-helpers/install-deps --test" }
}

/// Types keys into a process's window through the X server's XTest extension, as a keyboard would.
enum XDoTool {
    static func type(_ keys: String, intoWindowOf pid: Int32) throws {
        let tool = "/usr/bin/xdotool"
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            // The test command installs it (meson-helpers/install-deps --test): missing, the test fails.
            throw XDoToolMissing()
        }
        var window: Substring?
        let deadline = Date().addingTimeInterval(10)
        while window == nil, Date() < deadline {
            window = try run(tool, ["search", "--onlyvisible", "--pid", "\(pid)"]).split(separator: "\n").first
            if window == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        let found = try XCTUnwrap(window, "no window of process \(pid)")
        _ = try run(tool, ["windowfocus", String(found)])
        Thread.sleep(forTimeInterval: 0.1)
        _ = try run(tool, ["key", keys])
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        try ToolOutput.read(tool, arguments)
    }
}

/// A command-line tool's standard output (standard error dropped): xdotool, nm, readelf.
enum ToolOutput {
    static func read(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A TCP listener on loopback that accepts connections into its backlog and never answers.
final class SilentListener {
    let port: UInt16
    private let socketFD: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        socketFD = fd
    }

    func close() { _ = Glibc.close(socketFD) }
}
