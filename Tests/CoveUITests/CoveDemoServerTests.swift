import Foundation
import XCTest

/// The demo's Playback API runs in a program of its own: the `cove` Cove ships links no emulator (nor libcrypto
/// through it), `--demo` starts `cove-demo-server`, and the server goes with the `cove` that started it, even one
/// killed outright.
final class CoveDemoServerTests: XCTestCase {
    func testTheShippedCoveLinksNoEmulator() throws {
        let binary = UITestSupport.coveBinary
        let symbols = try ToolOutput.read("/usr/bin/nm", [binary])
        XCTAssertGreaterThan(symbols.count, 10_000, "nm read the symbols")
        XCTAssertFalse(symbols.contains("12CoveEmulator"), "no symbol of the CoveEmulator module")
        let dynamic = try ToolOutput.read("/usr/bin/readelf", ["-d", binary])
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertFalse(needed.isEmpty, dynamic)
        XCTAssertFalse(needed.contains { $0.contains("libcrypto") }, "not linked directly: \(needed)")
        let server = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("cove-demo-server")
        XCTAssertTrue(try ToolOutput.read("/usr/bin/nm", [server.path]).contains("12CoveEmulator"), "the server carries it")
    }

    func testTheDemoServerEndsWithTheCoveThatStartedIt() throws {
        let binary = UITestSupport.coveBinary
        let cove = try CoveProcess(binary, ["--demo", "--video-id", "6000000000002", "--print-events"])
        defer { cove.stop() }
        let lines = cove.waitForLines(timeout: 60) { $0.contains { $0.contains(#""event":"Ready""#) } }
        XCTAssertTrue(lines.contains { $0.contains(#""event":"Ready""#) }, cove.allOutput)
        let server = try XCTUnwrap(children(of: cove.pid).first { command(of: $0).hasSuffix("cove-demo-server") },
                                   "cove --demo started cove-demo-server")
        XCTAssertTrue(lines.contains { $0.contains(#""source":"http://127.0.0.1:"#) }, "served on loopback: \(lines)")
        kill(cove.pid, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while kill(server, 0) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertNotEqual(kill(server, 0), 0, "the server ended when its cove was killed")
    }

    /// A `cove` closed while the server starts has closed the pipe the server's first line goes to: the server
    /// still ends cleanly, without a crash report on the terminal they share.
    func testTheDemoServerEndsCleanlyWhenItsCoveLeftBeforeItsFirstLine() throws {
        let server = URL(fileURLWithPath: UITestSupport.coveBinary).deletingLastPathComponent()
            .appendingPathComponent("cove-demo-server")
        let process = Process()
        process.executableURL = server
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try output.fileHandleForReading.close()  // no reader at all: the first line meets EPIPE
        try process.run()
        try output.fileHandleForWriting.close()
        try input.fileHandleForWriting.close()  // the cove is gone
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, String(decoding: said, as: UTF8.self))
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: said, as: UTF8.self), "", "nothing on the terminal")
    }

    /// Each thread lists the children it started (the server is started off the main thread).
    private func children(of pid: Int32) -> [Int32] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.flatMap { thread -> [Int32] in
            let listed = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
            return listed.split(separator: " ").compactMap { Int32($0) }
        }
    }

    private func command(of pid: Int32) -> String {
        let raw = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
        return raw.split(separator: "\0").first.map(String.init) ?? ""
    }
}
