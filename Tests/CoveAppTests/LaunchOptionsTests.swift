@testable import CoveApp
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
            (["--url", "x", "stray"], "stray"),
            (["--demo", "clip.mp4"], "--demo"),
            (credentials + ["--video-id", "1", "clip.mp4"], "clip.mp4"),
            (credentials + ["clip.mp4", "--playlist-reference-id", "p"], "--playlist-reference-id"),
            (["clip.mp4", "--limit", "2"], "--limit"),
            (["clip.mp4", "--auth-token", "jwt"], "--auth-token"),
            (["--gapplication-service", "clip.mp4"], "clip.mp4"),
            (["--gapplication-service", "--new-window"], "--gapplication-service"),
            (["--gapplication-service", "--print-events"], "--gapplication-service"),
            (["--new-window=1"], "--new-window"),
            (["-"], "-"),
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

    func testAProjectionGoesWithAURL() throws {
        let options = try LaunchOptions.parse(["--url", "/tmp/sphere.mp4", "--projection", "equirectangular"],
                                              environment: [:], readFile: { _ in nil })
        XCTAssertEqual(options.projection, "equirectangular")
        XCTAssertEqual(options.target, .url("/tmp/sphere.mp4"))
        XCTAssertThrowsError(try LaunchOptions.parse(["--demo", "--projection", "equirectangular"], environment: [:],
                                                     readFile: { _ in nil })) { error in
            XCTAssertEqual((error as? LaunchOptionsError)?.message, "“--projection” applies to “--url” only")
        }
    }

    func testHelpTextNamesEveryOption() {
        for option in ["--account-id", "--policy-key", "--video-id", "--reference-id", "--playlist-id",
                       "--playlist-reference-id", "--limit", "--offset", "--auth-token", "--bumper-id",
                       "--bumper-reference-id", "--ad-config-id", "--config-id", "--url", "--playback-api-base",
                       "--playback-api-auth-base", "--demo", "--print-events", "--layout", "--layout-file",
                       "--version", "--help", "--new-window", "--gapplication-service", "--projection", "FILE|URI"] {
            XCTAssertTrue(LaunchOptions.helpText.contains(option), option)
        }
    }

    /// What a desktop's `Exec=cove %U` passes: paths and URIs without an option, played in the order given.
    func testFilesAndURIsWithoutAnOptionAreAQueue() throws {
        let locations = ["clip.mp4", "/media/b c.webm", "file:///tmp/d.mp4", "https://cdn.example/e.m3u8"]
        let options = try parse(locations)
        XCTAssertEqual(options.target, .locations(locations))
        XCTAssertEqual(options.locations, locations)
        // Options and files mix in any order; an option's value is never taken for a file.
        let mixed = try parse(["--layout", "vod", "a.mp4", "--print-events", "b.mp4", "--new-window"])
        XCTAssertEqual(mixed.locations, ["a.mp4", "b.mp4"])
        XCTAssertEqual(mixed.layoutName, "vod")
        XCTAssertTrue(mixed.printEvents)
        XCTAssertTrue(mixed.newWindow)
        // After `--` everything is a file, even a name that looks like an option.
        XCTAssertEqual(try parse(["--print-events", "--", "--demo", "-x.mp4"]).locations, ["--demo", "-x.mp4"])
        // Checking that the files exist and are media is playback's job (an error event), not the parser's.
        XCTAssertEqual(try parse(["ftp://example.com/a.mp4"]).target, .locations(["ftp://example.com/a.mp4"]))
    }

    /// Files alone (or nothing) go to the running Cove; any option makes a player of its own.
    func testWhichCommandLinesShareTheRunningCove() throws {
        let credentials = ["--account-id", "1", "--policy-key", "k"]
        let shared: [[String]] = [[], ["a.mp4"], ["a.mp4", "https://x.example/b.mp4"], ["--", "-a.mp4"]]
        for arguments in shared {
            XCTAssertEqual(try parse(arguments).instance, .shared, "\(arguments)")
        }
        let independent: [[String]] = [
            ["--new-window"], ["--new-window", "a.mp4"], ["a.mp4", "--print-events"], ["--print-events"],
            ["--demo"], ["--demo", "--video-id", "7"], ["--url", "a.mp4"], ["--layout", "live", "a.mp4"],
            ["--layout-file", "x.json"], credentials + ["--video-id", "5"], credentials + ["--playlist-id", "6"],
            ["--playback-api-base", "http://127.0.0.1:9/playback/v1", "a.mp4"],
        ]
        for arguments in independent {
            XCTAssertEqual(try parse(arguments).instance, .independent, "\(arguments)")
        }
        let service = try parse(["--gapplication-service"])
        XCTAssertEqual(service.instance, .service)
        XCTAssertEqual(service.target, .none)
        XCTAssertTrue(try parse(["--new-window"]).newWindow)
    }

    func testTheHelpSaysWhichCommandLinesShareTheRunningCove() {
        XCTAssertTrue(LaunchOptions.helpText.hasPrefix("Usage: cove [OPTION…] [FILE|URI…]"), LaunchOptions.helpText)
        XCTAssertTrue(LaunchOptions.helpText.contains("go to the Cove already running"), LaunchOptions.helpText)
        XCTAssertTrue(LaunchOptions.helpText.contains("Any option starts a player of its own"), LaunchOptions.helpText)
    }
}
