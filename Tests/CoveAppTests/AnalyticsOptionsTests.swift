@testable import CoveApp
import CoveCore
import XCTest

/// `--analytics-base`, `--no-analytics`, `--analytics` and cove.conf's `[Analytics]` group, and who wins.
final class AnalyticsOptionsTests: XCTestCase {
    private func parse(_ arguments: [String], file: String? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments + ["--account-id", "1", "--policy-key", "k", "--video-id", "v"],
                                environment: ["HOME": "/home/viewer"],
                                readFile: { _ throws(ConfigurationError) in file.map { Array($0.utf8) } })
    }

    func testTheCommandLineOverTheFile() throws {
        let file = "[Analytics]\nenabled=true\nbase-url=https://metrics.example\nunique-identifier=false\n"
            + "destination=bcsdk://example.app\n"
        let fromFile = try parse([], file: file).analytics
        XCTAssertEqual(fromFile.baseURL, "https://metrics.example")
        XCTAssertEqual(fromFile.uniqueIdentifier, false)
        XCTAssertEqual(fromFile.destination, "bcsdk://example.app")
        XCTAssertTrue(fromFile.isEnabled(demo: false, preference: true))
        let overridden = try parse(["--analytics-base", "http://127.0.0.1:9", "--no-analytics"], file: file).analytics
        XCTAssertEqual(overridden.baseURL, "http://127.0.0.1:9")
        XCTAssertFalse(overridden.isEnabled(demo: false, preference: true))
    }

    func testTheEnvironmentBetweenTheCommandLineAndTheFile() throws {
        func parse(_ arguments: [String], environment: [String: String]) throws(LaunchOptionsError) -> LaunchOptions {
            try LaunchOptions.parse(arguments + ["--account-id", "1", "--policy-key", "k", "--video-id", "v"],
                                    environment: environment, readFile: { _ throws(ConfigurationError) in
                                        Array("[Analytics]\nbase-url=https://file.example\n".utf8) })
        }
        let environment = ["HOME": "/home/viewer", "COVE_ANALYTICS_BASE": "http://127.0.0.1:9"]
        XCTAssertEqual(try parse([], environment: environment).analytics.baseURL, "http://127.0.0.1:9")
        XCTAssertEqual(try parse(["--analytics-base", "https://cli.example"], environment: environment).analytics.baseURL,
                       "https://cli.example")
        XCTAssertEqual(try parse([], environment: ["HOME": "/home/viewer"]).analytics.baseURL, "https://file.example")
        XCTAssertThrowsError(try parse([], environment: ["HOME": "/h", "COVE_ANALYTICS_BASE": "gopher://x"]))
    }

    func testAnyOffWinsAndTheDemoOnlyWhenAsked() throws {
        XCTAssertFalse(try parse([], file: "[Analytics]\nenabled=false\n").analytics.isEnabled(demo: false, preference: true))
        XCTAssertFalse(try parse([]).analytics.isEnabled(demo: false, preference: false), "the viewer's menu")
        XCTAssertTrue(try parse([]).analytics.isEnabled(demo: false, preference: true), "on by default, as the SDKs")
        var demo = AnalyticsOptions()
        XCTAssertFalse(demo.isEnabled(demo: true, preference: true))
        demo.forced = true
        XCTAssertTrue(demo.isEnabled(demo: true, preference: true))
    }

    func testMistakesNameTheFileAndLineOrTheOption() {
        for (file, word) in [("[Analytics]\nenabled=maybe\n", "enabled"), ("[Analytics]\nbase-url=ftp://x\n", "base-url"),
                             ("[Analytics]\ncolour=blue\n", "colour")] {
            XCTAssertThrowsError(try parse([], file: file)) { error in
                let message = (error as? LaunchOptionsError)?.message ?? ""
                XCTAssertTrue(message.contains(":2:") && message.contains(word), message)
            }
        }
        XCTAssertThrowsError(try parse(["--analytics-base", "file:///tmp"]))
        XCTAssertThrowsError(try parse(["--analytics", "--no-analytics"]))
    }
}
