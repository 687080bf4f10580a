import CoveCore
import XCTest

final class LaunchOptionsTests: XCTestCase {
    func testVideoTargetFromSeparateAndInlineValues() throws {
        let options = try LaunchOptions.parse(["--account-id", "123", "--policy-key=BCpk-secret", "--video-id", "456",
                                               "--print-events", "--playback-api-base", "http://127.0.0.1:9/playback/v1"])
        XCTAssertEqual(options.target, .video(accountID: "123", policyKey: "BCpk-secret", videoID: "456"))
        XCTAssertTrue(options.printEvents)
        XCTAssertEqual(options.playbackAPIBase, "http://127.0.0.1:9/playback/v1")
    }

    func testURLAndDemoTargets() throws {
        XCTAssertEqual(try LaunchOptions.parse(["--url", "/tmp/a.mp4"]).target, .url("/tmp/a.mp4"))
        XCTAssertEqual(try LaunchOptions.parse(["--demo"]).target, .demo(videoID: nil))
        XCTAssertEqual(try LaunchOptions.parse(["--demo", "--video-id", "7"]).target, .demo(videoID: "7"))
        XCTAssertEqual(try LaunchOptions.parse([]).target, .none)
    }

    func testHelpAndVersionSkipValidation() throws {
        XCTAssertTrue(try LaunchOptions.parse(["--help"]).help)
        XCTAssertTrue(try LaunchOptions.parse(["-h"]).help)
        XCTAssertTrue(try LaunchOptions.parse(["--video-id", "1", "--version"]).version)
    }

    func testMalformedCommandLinesAreRejectedWithOneLine() {
        let cases: [([String], String)] = [
            (["--bogus"], "--bogus"),
            (["stray"], "stray"),
            (["--video-id"], "--video-id"),
            (["--video-id", "--demo"], "--video-id"),
            (["--video-id="], "--video-id"),
            (["--demo=yes"], "--demo"),
            (["--video-id", "1"], "--account-id"),
            (["--account-id", "1", "--video-id", "2"], "--policy-key"),
            (["--demo", "--url", "x"], "--demo"),
            (["--playback-api-base", "ftp://x"], "--playback-api-base"),
        ]
        for (arguments, mentioned) in cases {
            XCTAssertThrowsError(try LaunchOptions.parse(arguments), "\(arguments)") { error in
                let message = (error as? LaunchOptionsError)?.message ?? ""
                XCTAssertTrue(message.contains(mentioned), "\(arguments) → \(message)")
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }

    func testHelpTextNamesEveryOption() {
        for option in ["--account-id", "--policy-key", "--video-id", "--url", "--playback-api-base", "--demo",
                       "--print-events", "--version", "--help"] {
            XCTAssertTrue(LaunchOptions.helpText.contains(option), option)
        }
    }
}
