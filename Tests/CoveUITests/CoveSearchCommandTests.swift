import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// `cove --search`, the real binary against the emulator: the table scripts read, paging, and the sentence a key
/// that cannot search gets.
final class CoveSearchCommandTests: XCTestCase {
    private func search(_ emulator: PlaybackAPIEmulator, key: String, _ arguments: [String]) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary,
                        ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
                         "--policy-key", key] + arguments)
    }

    func testTheResultsArePrintedAsATableWithTheCountAndPaging() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        SearchCatalog.install(in: emulator)
        let run = try search(emulator, key: SearchCatalog.searchKey, ["--search", "lake +tags:odd", "--limit", "3",
                                                                      "--offset", "1"])
        XCTAssertEqual(run.waitForExit(timeout: 30), 0, run.allOutput)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "ID             Name          Duration",
            "\(SearchCatalog.id(3))  Lake view 03  1:03",
            "\(SearchCatalog.id(5))  Lake view 05  1:05",
            "\(SearchCatalog.id(7))  Lake view 07  1:07",
            "3 of 23 videos",
        ], run.allOutput)
        XCTAssertEqual(emulator.requests.last?.query, ["q": "lake +tags:odd", "limit": "3", "offset": "1"])
        XCTAssertFalse(run.allOutput.contains(SearchCatalog.searchKey), "the policy key never reaches the output")
    }

    func testALongNameIsCutAndNoMatchIsASentence() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        SearchCatalog.install(in: emulator)
        let long = String(repeating: "Very long lake name ", count: 5)
        emulator.catalog.videos.append(["id": "5900000000001", "name": .string(long), "duration": 3_600_000, "tags": ["long"]])
        let run = try search(emulator, key: SearchCatalog.searchKey, ["--search", "tags:long"])
        XCTAssertEqual(run.waitForExit(timeout: 30), 0, run.allOutput)
        let row = try XCTUnwrap(run.standardOutput.split(separator: "\n").dropFirst().first, run.allOutput)
        XCTAssertEqual(String(row), "5900000000001  " + String(long.prefix(47)) + "…  1:00:00")

        let none = try search(emulator, key: SearchCatalog.searchKey, ["--search", "zebra"])
        XCTAssertEqual(none.waitForExit(timeout: 30), 0, none.allOutput)
        XCTAssertEqual(none.standardOutput, "No videos match “zebra”.\n")
    }

    func testAKeyThatCannotSearchGetsTheSentenceOnStderrAndStatus1() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        SearchCatalog.install(in: emulator)
        let run = try search(emulator, key: UITestSupport.policyKey, ["--search", "lake"])
        XCTAssertEqual(run.waitForExit(timeout: 30), 1, run.allOutput)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardError, "cove: This policy key cannot search the catalog. Searching needs a search-enabled policy key (made with the Policy API, with search turned on).\n")

        let query = try search(emulator, key: SearchCatalog.searchKey, ["--search", "lake", "--sort", "plays"])
        XCTAssertEqual(query.waitForExit(timeout: 30), 1, query.allOutput)
        XCTAssertEqual(query.standardError, "cove: The catalog cannot be sorted that way.\n")
    }

    func testTheDemoCatalogCanBeSearched() throws {
        let run = try CoveProcess(UITestSupport.coveBinary, ["--demo", "--search", "+tags:captions"])
        XCTAssertEqual(run.waitForExit(timeout: 30), 0, run.allOutput)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, run.allOutput)
        XCTAssertTrue(lines[1].hasPrefix(DemoCatalog.captionsVideoID), run.allOutput)
        XCTAssertEqual(lines.last, "1 of 1 video")
    }

    /// The demo server speaks the viewer's language, as the player does: the catalog's names are translated.
    func testTheDemoCatalogIsNamedInTheViewersLanguage() throws {
        let run = try CoveProcess(UITestSupport.coveBinary, ["--demo", "--search", "+tags:dash"],
                                  environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"])
        XCTAssertEqual(run.waitForExit(timeout: 30), 0, run.allOutput)
        XCTAssertTrue(run.standardOutput.contains("\(DemoCatalog.dashVideoID)") && run.standardOutput.contains("Cove-Demo: MPEG-DASH"),
                      run.allOutput)
    }
}
