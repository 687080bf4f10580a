@testable import CoveApp
import CoveCore
import XCTest

/// `--search QUERY [--limit N] [--offset N] [--sort FIELD]` on the command line.
final class SearchOptionsTests: XCTestCase {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> LaunchOptions {
        try LaunchOptions.parse(arguments, environment: environment, readFile: { _ in nil })
    }

    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return (error as? LaunchOptionsError)?.message
        }
    }

    func testASearchTakesPagingSortAndTheCredentialsFromTheEnvironment() throws {
        let options = try parse(["--search", "+tags:a b", "--limit", "7", "--offset", "14", "--sort", "name"],
                                environment: ["COVE_ACCOUNT_ID": "1", "COVE_POLICY_KEY": "k"])
        XCTAssertEqual(options.videoSearch, VideoSearch(query: "+tags:a b", limit: 7, offset: 14, sort: "name"))
        XCTAssertEqual(options.playbackAPI.accountID, "1")
        XCTAssertEqual(options.playbackAPI.policyKey, "k")
        XCTAssertEqual(options.target, .none)
        XCTAssertEqual(try parse(["--demo", "--search", "x"]).videoSearch, VideoSearch(query: "x"))
        XCTAssertNil(try parse(["--demo"]).videoSearch)
    }

    func testWhatCannotGoWithASearchIsRefused() {
        XCTAssertEqual(refusal(["--search", "x", "--demo", "--video-id", "1"]), "“--search” and “--video-id” cannot be used together")
        XCTAssertEqual(refusal(["--search", "x", "--demo", "--playlist-id", "1"]), "“--search” and “--playlist-id” cannot be used together")
        XCTAssertEqual(refusal(["--search", "x", "--downloads"]), "“--search” and “--downloads” cannot be used together")
        XCTAssertEqual(refusal(["--search", "x", "clip.mp4"]), "“--search” and “clip.mp4” cannot be used together")
        XCTAssertEqual(refusal(["--search", "x", "--demo", "--limit", "101"]), "“--limit” with “--search” is at most 100")
        XCTAssertEqual(refusal(["--sort", "name", "--demo"]), "“--sort” applies to “--search” only")
        XCTAssertEqual(refusal(["--search"]), "option “--search” needs a value")
        XCTAssertNotNil(refusal(["--search", "x"]), "no account: the search needs one")
    }

    func testTheHelpNamesTheSearch() {
        XCTAssertTrue(LaunchOptions.helpText.contains("--search QUERY"))
        XCTAssertTrue(LaunchOptions.helpText.contains("--sort FIELD"))
    }
}
