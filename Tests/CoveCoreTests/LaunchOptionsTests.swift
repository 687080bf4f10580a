import CoveCore
import XCTest

final class LaunchOptionsTests: XCTestCase {
    /// Parses with a given environment and key file (nil: none), never the machine's own.
    private func parse(_ arguments: [String], environment: [String: String] = ["HOME": "/home/viewer"],
                       file: String? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments, environment: environment, readFile: { _ throws(ConfigurationError) in
            file.map { Array($0.utf8) }
        })
    }

    private func parseError(_ arguments: [String], environment: [String: String] = ["HOME": "/home/viewer"],
                            file: String? = nil, line: UInt = #line) -> String {
        do {
            let options = try parse(arguments, environment: environment, file: file)
            XCTFail("\(arguments) parsed: \(options)", line: line)
            return ""
        } catch {
            XCTAssertFalse(error.message.contains("\n"), error.message, line: line)
            return error.message
        }
    }

    func testVideoTargetFromSeparateAndInlineValues() throws {
        let options = try parse(["--account-id", "123", "--policy-key=BCpk-secret", "--video-id", "456",
                                 "--print-events", "--playback-api-base", "http://127.0.0.1:9/playback/v1"])
        XCTAssertEqual(options.target, .video(FindConfiguration(assetID: "456")))
        XCTAssertEqual(options.playbackAPI.accountID, "123")
        XCTAssertEqual(options.playbackAPI.policyKey, "BCpk-secret")
        XCTAssertEqual(options.playbackAPI.baseURL, "http://127.0.0.1:9/playback/v1")
        XCTAssertTrue(options.printEvents)
    }

    func testEveryFindOptionReachesTheTargetAndQuery() throws {
        let credentials = ["--account-id", "1", "--policy-key", "k"]
        let video = try parse(credentials + ["--reference-id", "a b/ü", "--bumper-reference-id", "intro",
                                             "--ad-config-id", "ssai-1", "--config-id", "rules-2"])
        XCTAssertEqual(video.target, .video(FindConfiguration(assetReferenceID: "a b/ü", bumperReferenceID: "intro")))
        XCTAssertEqual(video.queryParameters, PlaybackQueryParameters(adConfigID: "ssai-1", configID: "rules-2"))

        let playlist = try parse(credentials + ["--playlist-id", "3001", "--limit", "6", "--offset=10",
                                                "--bumper-id", "9001", "--auth-token", "jwt"])
        XCTAssertEqual(playlist.target, .playlist(FindConfiguration(assetID: "3001", authToken: "jwt",
                                                                    bumperID: "9001")))
        XCTAssertEqual(playlist.queryParameters, PlaybackQueryParameters(limit: 6, offset: 10))

        let byReference = try parse(credentials + ["--playlist-reference-id", "featured", "--offset", "0"])
        XCTAssertEqual(byReference.target, .playlist(FindConfiguration(assetReferenceID: "featured")))
        XCTAssertEqual(byReference.offset, 0)
    }

    func testIDWinsOverReferenceIDAsInTheSDK() throws {
        let options = try parse(["--account-id", "1", "--policy-key", "k", "--video-id", "5", "--reference-id", "r",
                                 "--bumper-id", "b", "--bumper-reference-id", "br"])
        guard case .video(let find) = options.target else { return XCTFail("\(options.target)") }
        XCTAssertEqual(find.asset, .id("5"))
        XCTAssertEqual(find.bumper, .id("b"))
    }

    func testAnAuthTokenStandsInForThePolicyKey() throws {
        let options = try parse(["--account-id", "1", "--auth-token", "jwt", "--video-id", "5",
                                 "--playback-api-auth-base", "https://auth.example/playback/v1"])
        XCTAssertNil(options.playbackAPI.policyKey)
        XCTAssertEqual(options.playbackAPI.authBaseURL, "https://auth.example/playback/v1")
        XCTAssertEqual(options.target, .video(FindConfiguration(assetID: "5", authToken: "jwt")))
    }

    func testURLAndDemoTargets() throws {
        XCTAssertEqual(try parse(["--url", "/tmp/a.mp4"]).target, .url("/tmp/a.mp4"))
        XCTAssertEqual(try parse(["--demo"]).target, .video(FindConfiguration()))
        XCTAssertEqual(try parse(["--demo", "--video-id", "7"]).target, .video(FindConfiguration(assetID: "7")))
        XCTAssertEqual(try parse(["--demo", "--playlist-id", "8", "--bumper-id", "9"]).target,
                       .playlist(FindConfiguration(assetID: "8", bumperID: "9")))
        XCTAssertEqual(try parse([]).target, .none)
    }

    func testTheDemoNeedsNoCredentialsAndReadsNoSettings() throws {
        let options = try parse(["--demo", "--video-id", "7"], environment: ["COVE_PLAYBACK_API_BASE": "ftp://x"],
                                file: "not a key file")
        XCTAssertTrue(options.demo)
        XCTAssertEqual(options.playbackAPI, PlaybackAPISettings())
    }

    func testHelpAndVersionSkipValidation() throws {
        XCTAssertTrue(try parse(["--help"]).help)
        XCTAssertTrue(try parse(["-h"]).help)
        XCTAssertTrue(try parse(["--video-id", "1", "--version"], file: "broken").version)
    }

    func testMalformedCommandLinesAreRejectedWithOneLine() {
        let credentials = ["--account-id", "1", "--policy-key", "k"]
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
            (["--url", "x", "--reference-id", "r"], "--reference-id"),
            (credentials + ["--video-id", "1", "--playlist-id", "2"], "--playlist-id"),
            (credentials + ["--video-id", "1", "--limit", "5"], "--limit"),
            (credentials + ["--playlist-id", "1", "--limit", "0"], "--limit"),
            (credentials + ["--playlist-id", "1", "--limit", "many"], "--limit"),
            (credentials + ["--playlist-id", "1", "--offset", "-1"], "--offset"),
            (["--url", "x", "--bumper-id", "9"], "--bumper-id"),
            (["--auth-token", "jwt"], "--auth-token"),
            (["--account-id", "1"], "--account-id"),
            (["--playback-api-base", "ftp://x"], "--playback-api-base"),
            (credentials + ["--video-id", "1", "--playback-api-auth-base", "file:///x"], "--playback-api-auth-base"),
            (["--demo", "--layout", "tiny"], "tiny"),
            (["--demo", "--layout", "vod", "--layout-file", "a.json"], "--layout-file"),
            (["--demo", "--layout"], "--layout"),
        ]
        for (arguments, mentioned) in cases {
            let message = parseError(arguments)
            XCTAssertTrue(message.contains(mentioned), "\(arguments) → \(message)")
        }
    }

    func testLayoutOptions() throws {
        for layout in SuppliedLayout.allCases {
            XCTAssertEqual(try parse(["--demo", "--layout", layout.rawValue]).layoutName, layout.rawValue)
        }
        XCTAssertEqual(try parse(["--demo", "--layout-file=/tmp/bar.json"]).layoutFile, "/tmp/bar.json")
    }

    func testSecretsAreNeverEchoedInErrorsOrDescriptions() throws {
        let message = parseError(["--policy-key", "BCpk-very-secret", "--auth-token", "jwt-very-secret"])
        XCTAssertFalse(message.contains("very-secret"), message)
        let options = try parse(["--account-id", "1", "--policy-key", "BCpk-very-secret", "--auth-token",
                                 "jwt-very-secret", "--video-id", "2"])
        var dumped = ""
        dump(options, to: &dumped)
        for text in ["\(options)", String(reflecting: options), dumped, "\(options.target)"] {
            XCTAssertFalse(text.contains("very-secret"), text)
        }
    }

    func testHelpTextNamesEveryOption() {
        for option in ["--account-id", "--policy-key", "--video-id", "--reference-id", "--playlist-id",
                       "--playlist-reference-id", "--limit", "--offset", "--auth-token", "--bumper-id",
                       "--bumper-reference-id", "--ad-config-id", "--config-id", "--url", "--playback-api-base",
                       "--playback-api-auth-base", "--demo", "--print-events", "--layout", "--layout-file",
                       "--version", "--help"] {
            XCTAssertTrue(LaunchOptions.helpText.contains(option), option)
        }
    }
}
