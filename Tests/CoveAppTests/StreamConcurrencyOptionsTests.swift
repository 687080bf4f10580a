@testable import CoveApp
import CoveCore
import XCTest

/// `--stream-concurrency`, `--gsc-base`, COVE_GSC_BASE and the cove.conf keys, with the usual precedence.
final class StreamConcurrencyOptionsTests: XCTestCase {
    /// A Playback Authorization token whose payload is `{"uid":"v","climit":2}` (the signature is not checked).
    private let token = "eyJhbGciOiJSUzI1NiJ9.eyJ1aWQiOiJ2IiwiY2xpbWl0IjoyfQ.c2ln"

    private func parse(_ arguments: [String], environment: [String: String] = ["HOME": "/home/viewer"],
                       file: String? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments, environment: environment, readFile: { _ throws(ConfigurationError) in
            file.map { Array($0.utf8) }
        })
    }

    private var video: [String] { ["--account-id", "1", "--video-id", "2", "--auth-token", token] }

    func testOnOnlyWhenAskedForAndTheTokenHasTheClaims() throws {
        XCTAssertNil(try parse(video).streamConcurrency(), "not asked for")
        let asked = try parse(video + ["--stream-concurrency"])
        XCTAssertEqual(asked.streamConcurrency()?.sessionsURL,
                       "https://edge-gsc.api.brightcove.com/api/v1/accounts/1/sessions")
        let opaque = try parse(["--account-id", "1", "--video-id", "2", "--auth-token", "opaque", "--stream-concurrency"])
        XCTAssertNil(opaque.streamConcurrency(), "a token without uid and climit")
        let keyOnly = try parse(["--account-id", "1", "--policy-key", "k", "--video-id", "2", "--stream-concurrency"])
        XCTAssertNil(keyOnly.streamConcurrency(), "no token at all")
    }

    func testBaseURLFromCommandLineOverEnvironmentOverFile() throws {
        let file = "[Playback API]\nstream-concurrency=true\ngsc-base=http://file.test\n"
        let fromFile = try parse(video, file: file)
        XCTAssertEqual(fromFile.streamConcurrency()?.baseURL, "http://file.test")
        let environment = ["HOME": "/home/viewer", "COVE_GSC_BASE": "http://env.test/"]
        XCTAssertEqual(try parse(video, environment: environment, file: file).streamConcurrency()?.baseURL,
                       "http://env.test")
        XCTAssertEqual(try parse(video + ["--gsc-base", "https://cli.test"], environment: environment, file: file)
            .streamConcurrency()?.baseURL, "https://cli.test")
    }

    func testTheUnderscoreSpellingsAndFalse() throws {
        XCTAssertNotNil(try parse(video, file: "[Playback API]\nstream_concurrency=true\ngsc_base=http://a.test\n")
            .streamConcurrency())
        XCTAssertNil(try parse(video, file: "[Playback API]\nstream-concurrency=false\n").streamConcurrency())
        XCTAssertNotNil(try parse(video + ["--stream-concurrency"], file: "[Playback API]\nstream-concurrency=false\n")
            .streamConcurrency(), "the command line wins")
    }

    func testBadValuesAreRefused() {
        XCTAssertThrowsError(try parse(video, file: "[Playback API]\nstream-concurrency=yes\n")) { error in
            XCTAssertTrue((error as? LaunchOptionsError)?.message.contains(":2:") == true, "\(error)")
        }
        XCTAssertThrowsError(try parse(video, file: "[Playback API]\ngsc-base=ftp://x\n"))
        XCTAssertThrowsError(try parse(video + ["--gsc-base", "file:///tmp"]))
        XCTAssertThrowsError(try parse(video, environment: ["HOME": "/h", "COVE_GSC_BASE": "gopher://x"]))
        XCTAssertThrowsError(try parse(["--url", "a.mp4", "--stream-concurrency"]), "needs a Playback API video")
        XCTAssertThrowsError(try parse(video + ["--stream-concurrency=1"]), "a flag takes no value")
    }

    func testHelpNamesBothOptions() {
        XCTAssertTrue(LaunchOptions.helpText.contains("--stream-concurrency"))
        XCTAssertTrue(LaunchOptions.helpText.contains("--gsc-base URL"))
    }

    func testTheTokenNeverShowsInDescriptions() throws {
        let options = try parse(video + ["--stream-concurrency"])
        XCTAssertFalse(String(describing: options).contains(token))
        XCTAssertFalse(String(describing: options.streamConcurrency()!).contains(token))
        XCTAssertFalse(String(reflecting: options.streamConcurrency()!).contains(token))
    }
}
