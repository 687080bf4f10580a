@testable import CoveApp
import CoveCore
import XCTest

/// The command line over the environment over `$XDG_CONFIG_HOME/cove/cove.conf`, through `LaunchOptions.parse`.
final class ConfigurationPrecedenceTests: XCTestCase {
    private let file = """
        [Playback API]
        account-id=file-account
        policy-key=file-key
        base-url=https://file.example/playback/v1
        auth-base-url=https://file-auth.example/playback/v1
        request-timeout=7
        [Headers]
        X-From=file
        """

    private func parse(_ arguments: [String], environment: [String: String], file: String?,
                       readPaths: UnsafeMutablePointer<[String]>? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments, environment: environment, readFile: { path throws(ConfigurationError) in
            readPaths?.pointee.append(path)
            return file.map { Array($0.utf8) }
        })
    }

    func testEachLayerFillsWhatTheOneAboveLeavesOpen() throws {
        let options = try parse(["--video-id", "1", "--account-id", "cli-account"],
                                environment: ["XDG_CONFIG_HOME": "/cfg", "COVE_POLICY_KEY": "env-key",
                                              "COVE_PLAYBACK_API_BASE": "http://env.example/playback/v1"],
                                file: file)
        XCTAssertEqual(options.playbackAPI, PlaybackAPISettings(
            accountID: "cli-account", policyKey: "env-key", baseURL: "http://env.example/playback/v1",
            authBaseURL: "https://file-auth.example/playback/v1", requestTimeout: 7, headers: ["X-From": "file"]))
    }

    func testTheCommandLineWinsOverEverything() throws {
        let options = try parse(["--playlist-id", "1", "--account-id", "a", "--policy-key", "cli-key",
                                 "--playback-api-base", "https://cli.example/playback/v1",
                                 "--playback-api-auth-base", "https://cli-auth.example/playback/v1"],
                                environment: ["HOME": "/home/v", "COVE_ACCOUNT_ID": "env", "COVE_POLICY_KEY": "env-key",
                                              "COVE_PLAYBACK_API_BASE": "http://env.example/playback/v1",
                                              "COVE_PLAYBACK_API_AUTH_BASE": "http://env-auth.example/playback/v1"],
                                file: file)
        XCTAssertEqual(options.playbackAPI.accountID, "a")
        XCTAssertEqual(options.playbackAPI.policyKey, "cli-key")
        XCTAssertEqual(options.playbackAPI.baseURL, "https://cli.example/playback/v1")
        XCTAssertEqual(options.playbackAPI.authBaseURL, "https://cli-auth.example/playback/v1")
    }

    func testTheFileAloneIsEnough() throws {
        var paths: [String] = []
        let options = try parse(["--reference-id", "r"], environment: ["XDG_CONFIG_HOME": "/cfg"], file: file,
                                readPaths: &paths)
        XCTAssertEqual(options.playbackAPI.accountID, "file-account")
        XCTAssertEqual(options.playbackAPI.policyKey, "file-key")
        XCTAssertEqual(paths, ["/cfg/cove/cove.conf"])
    }

    func testAMalformedFileIsOneLineNamingFileAndLine() {
        XCTAssertThrowsError(try parse(["--video-id", "1"], environment: ["XDG_CONFIG_HOME": "/cfg"],
                                       file: "[Playback API]\naccount-id=1\nthis is not a setting")) { error in
            let message = (error as? LaunchOptionsError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("/cfg/cove/cove.conf:3: "), message)
            XCTAssertFalse(message.contains("\n"))
        }
    }

    func testAnUnreadableFileIsAnError() {
        XCTAssertThrowsError(try LaunchOptions.parse(["--video-id", "1"], environment: ["XDG_CONFIG_HOME": "/cfg"],
                                                     readFile: { path throws(ConfigurationError) in
            throw ConfigurationError(message: "\(path): cannot be read")
        })) { error in
            XCTAssertEqual((error as? LaunchOptionsError)?.message, "/cfg/cove/cove.conf: cannot be read")
        }
    }

    /// Every video takes the `[Playback]` group's wishes; a target without the Playback API reads nothing else.
    func testTargetsWithoutThePlaybackAPIReadOnlyThePlaybackGroup() throws {
        let file = "[Playback API]\nnot-a-setting=1\n[Playback]\naudio_language=fr\n"
        var paths: [String] = []
        let url = try parse(["--url", "/tmp/a.mp4"], environment: ["HOME": "/home/v"], file: file, readPaths: &paths)
        XCTAssertEqual(url.playback.audioLanguage, "fr")
        XCTAssertEqual(try parse([], environment: ["HOME": "/home/v"], file: file).playback.audioLanguage, "fr")
        XCTAssertEqual(paths, ["/home/v/.config/cove/cove.conf"], "read once")
        XCTAssertThrowsError(try parse(["--url", "/tmp/a.mp4"], environment: ["HOME": "/home/v"], file: "broken")) {
            XCTAssertEqual(($0 as? LaunchOptionsError)?.message,
                           "/home/v/.config/cove/cove.conf:1: this line is not a group, a key=value pair or a comment")
        }
    }
}
