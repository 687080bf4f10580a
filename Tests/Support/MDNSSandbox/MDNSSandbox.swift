import Foundation

/// A real avahi-daemon for a test, in a network of its own (`meson-helpers/mdns-sandbox`): it announces and
/// browses over multicast on a virtual link there, and its D-Bus "system" bus listens in a folder of the test's, so
/// Cove's discovery and the emulator's announcement reach it through Avahi's client library as a desktop
/// program reaches the system's daemon. While it runs, this process's `DBUS_SYSTEM_BUS_ADDRESS` is `busAddress`
/// (for Avahi's clients in the test itself); a program the test starts needs it in its environment too.
public final class MDNSSandbox: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let busAddress: String
    private let process = Process()
    private let input = Pipe()
    private let folder: URL
    private let previousBus = ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"]

    public init() throws {
        // One folder per process: libdbus reads DBUS_SYSTEM_BUS_ADDRESS once, so every sandbox of a test process
        // must listen where the first did.
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cove-mdns-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        busAddress = "unix:path=" + folder.appendingPathComponent("bus").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("meson-helpers/mdns-sandbox")
        process.executableURL = script
        // The sandbox lasts as long as `cat` reads: closing its input ends it.
        process.arguments = ["--bus-dir", folder.path, "--", "sh", "-c", "echo ready; exec cat"]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let first = output.fileHandleForReading.availableData
        guard String(decoding: first, as: UTF8.self).hasPrefix("ready") else {
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            throw Failure(description: "mdns-sandbox did not start (status \(process.terminationStatus)): "
                          + String(decoding: first + rest, as: UTF8.self))
        }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", busAddress, 1)
    }

    /// Ends the daemons and the sandbox's network.
    public func stop() {
        guard process.isRunning else { return }
        if let previousBus { setenv("DBUS_SYSTEM_BUS_ADDRESS", previousBus, 1) } else { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit {
        stop()
    }
}
