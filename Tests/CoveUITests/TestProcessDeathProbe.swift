import CGLib
import Foundation
import XCTest

/// Tests that end their process, as a crash in a test would, for `TestRunnerTests` alone: each dies only when the
/// environment names it (COVE_TEST_PROBE_DEATH). `meson-helpers/run-test-processes` leaves this suite out of every
/// run whose filter does not name it; a plain `swift test` skips it.
final class TestProcessDeathProbe: XCTestCase {
    private func dieIfAsked(_ name: String, _ death: () -> Void) throws {
        guard ProcessInfo.processInfo.environment["COVE_TEST_PROBE_DEATH"] == name else {
            throw XCTSkip("dies only when TestRunnerTests asks (COVE_TEST_PROBE_DEATH=\(name))")
        }
        death()
    }

    func testAborts() throws {
        try dieIfAsked("abort") { abort() }
    }

    /// The way a CRITICAL ends a test process under cove-test (G_DEBUG=fatal-criticals).
    func testReportsACritical() throws {
        try dieIfAsked("critical") {
            withVaList([]) { g_logv("Cove", G_LOG_LEVEL_CRITICAL, "the probe's CRITICAL", $0) }
        }
    }
}
