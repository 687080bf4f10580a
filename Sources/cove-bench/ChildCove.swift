import Foundation

/// One `cove` process started by the stress command: stdout and stderr go to files the command reads as it waits,
/// so nothing blocks on a full pipe and the whole output is there afterwards.
final class ChildCove {
    let process = Process()
    private let outputPath: String
    private let errorPath: String

    init(binary: String, arguments: [String], environment: [String: String], directory: String, name: String) throws {
        outputPath = directory + "/\(name).out"
        errorPath = directory + "/\(name).err"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var errorOutput: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Waits until stdout holds a line containing `text`, the process ended, or `timeout` seconds passed.
    func waitForOutput(containing text: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if output.contains(text) { return true }
            usleep(20_000)
        }
        return output.contains(text)
    }

    /// Waits until the process blocks SIGINT and SIGTERM (its SigBlk in /proc), has ended, or `timeout` passed.
    func waitUntilQuitSignalsBlocked(timeout: Double) -> Bool {
        let wanted: UInt64 = 1 << (UInt64(SIGINT) - 1) | 1 << (UInt64(SIGTERM) - 1)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
               let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & wanted == wanted {
                return true
            }
            usleep(1_000)
        }
        return false
    }

    /// Waits at most `timeout` seconds for the process to end; true if it did.
    func waitForExit(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        return !process.isRunning
    }

    func kill() {
        if process.isRunning { Foundation.kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    func removeFiles() {
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }
}
