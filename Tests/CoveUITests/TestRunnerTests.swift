import Foundation
import XCTest

/// `meson-helpers/run-test-processes`, the runner behind `cove-test`, on this very test bundle: a test that kills
/// its process is named, the tests after it still run in a new process, and the run fails with the count.
final class TestRunnerTests: XCTestCase {
    private static let runner = ManualPageTests.source.appendingPathComponent("meson-helpers/run-test-processes").path
    /// The bundle this test runs in.
    private static let bundle = CommandLine.arguments[0]

    private func run(filter: String, death: String) throws -> FinishedCommand {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cove-runner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        var environment = ProcessInfo.processInfo.environment
        environment["COVE_TEST_PROBE_DEATH"] = death
        environment["G_DEBUG"] = "fatal-criticals"
        return try FinishedCommand(Self.runner, [Self.bundle, log.path, "--filter", filter], environment: environment)
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    func testATestThatAbortsIsNamedAndTheRestStillRun() throws {
        // The probe's two tests, and a suite listed after it, so the tests after the death run in a new process.
        let result = try run(filter: "TestProcessDeathProbe|TestRunnerProbeNeighbours", death: "abort")
        XCTAssertEqual(result.status, 1, result.standardOutput + result.standardError)
        let output = lines(result.standardOutput)
        XCTAssertTrue(output.contains { $0.hasPrefix("run-test-processes: CRASHED: TestProcessDeathProbe.testAborts (killed by SIGABRT") },
                      result.standardOutput)
        XCTAssertTrue(output.contains("run-test-processes: CRASHED: CoveUITests.TestProcessDeathProbe/testAborts"),
                      result.standardOutput)
        XCTAssertTrue(output.contains("run-test-processes: 5 of 5 tests run"), result.standardOutput)
        XCTAssertEqual(output.last, "tests: 3 passed, 1 failed, 1 skipped", result.standardOutput)
    }

    func testACriticalEndsItsTestAloneAndFailsTheRun() throws {
        let result = try run(filter: "TestProcessDeathProbe|TestRunnerProbeNeighbours", death: "critical")
        XCTAssertEqual(result.status, 1, result.standardOutput + result.standardError)
        let output = lines(result.standardOutput)
        // Named whether the CRITICAL ended the process or Swift's crash reporter let it go on.
        XCTAssertTrue(output.contains("run-test-processes: CRITICAL: CoveUITests.TestProcessDeathProbe/testReportsACritical")
                      || output.contains("run-test-processes: CRASHED: CoveUITests.TestProcessDeathProbe/testReportsACritical"),
                      result.standardOutput)
        XCTAssertEqual(output.last, "tests: 3 passed, 1 failed, 1 skipped", result.standardOutput)
    }

    func testARunWithNoDeathPassesAndCountsEveryTest() throws {
        let result = try run(filter: "TestRunnerProbeNeighbours", death: "")
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertEqual(lines(result.standardOutput).last, "tests: 3 passed, 0 failed", result.standardOutput)
    }
}

/// Three quick tests that really check something, listed after the probe: what must still run after it died.
final class TestRunnerProbeNeighbours: XCTestCase {
    func testTheRunnerIsExecutable() {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: ManualPageTests.source.path + "/meson-helpers/run-test-processes"))
    }

    func testTheBundleListsThisSuite() throws {
        let listing = try FinishedCommand(CommandLine.arguments[0], ["--list-tests"])
        XCTAssertTrue(listing.standardOutput.contains("CoveUITests.TestRunnerProbeNeighbours/testTheBundleListsThisSuite"))
    }

    func testCoveTestRunsTheBundleThroughTheRunner() throws {
        let script = try String(contentsOfFile: ManualPageTests.source.path + "/meson-helpers/cove-test", encoding: .utf8)
        XCTAssertTrue(script.contains("run-test-processes"))
    }
}
