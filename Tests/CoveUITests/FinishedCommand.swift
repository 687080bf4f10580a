import Foundation

/// A command run to its end, for tests that check a tool's answer (validators, `man`, the install script).
struct FinishedCommand {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Runs `executable`; its output goes to files, so a chatty child never blocks on a full pipe.
    init(_ executable: String, _ arguments: [String],
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let scratch = FileManager.default.temporaryDirectory
        let out = scratch.appendingPathComponent("cove-command-out-\(UUID().uuidString)")
        let err = scratch.appendingPathComponent("cove-command-err-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: out.path, contents: nil),
              FileManager.default.createFile(atPath: err.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = try String(contentsOf: out, encoding: .utf8)
        standardError = try String(contentsOf: err, encoding: .utf8)
    }
}
