import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// One address through the real `cove`, judged as the unusual-playlist and unusual-manifest tests judge it: it
/// plays past its first second, or an error event with the expected reason comes within 15 s; never a crash, a
/// CRITICAL, or nothing said.
enum UnusualMediaRun {
    private struct Outcome {
        var played: Bool
        var error: String?
        var standardError: String
        var crashed: Bool
    }

    private static func run(_ address: String) throws -> Outcome {
        let run = try CoveProcess(UITestSupport.coveBinary, ["--no-analytics", "--print-events", address])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 15) { lines in
            lines.contains { $0.contains(#""type":"error""#) } || lines.contains { line in
                guard line.contains(#""type":"progress""#), let event = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
                else { return false }
                return (event["time"]?.doubleValue ?? 0) >= 1
            }
        }
        let crashed = run.terminatedBySignal
        let error = lines.first { $0.contains(#""type":"error""#) }
            .flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }?["message"]?.stringValue
        let played = lines.contains { $0.contains(#""type":"progress""#) && !$0.contains(#""time":0."#)
            && !$0.contains(#""time":0}"#) }
        return Outcome(played: played, error: error, standardError: run.standardError, crashed: crashed)
    }

    static func check(_ name: String, address: String, expectation: UnusualPlaylists.Expectation) throws {
        let outcome = try run(address)
        XCTAssertFalse(outcome.crashed, "\(name) crashed: \(outcome.standardError)")
        XCTAssertFalse(outcome.standardError.contains("CRITICAL"), "\(name): \(outcome.standardError)")
        XCTAssertFalse(outcome.standardError.contains("Program crashed"), "\(name): \(outcome.standardError)")
        switch expectation {
        case .plays:
            XCTAssertTrue(outcome.played, "\(name) did not play: \(outcome.error ?? "no error") \(outcome.standardError)")
            XCTAssertNil(outcome.error, name)
        case .fails(let text):
            XCTAssertFalse(outcome.played, "\(name) played")
            XCTAssertTrue(outcome.error.map { text.isEmpty || $0.contains(text) } ?? false,
                          "\(name): \(outcome.error ?? "no error event within 15 s")")
        }
    }
}

/// The emulator serving one folder of unusual media, and the cases written into it.
final class UnusualMediaServed: @unchecked Sendable {
    struct Item {
        var name: String
        var expectation: UnusualPlaylists.Expectation
    }

    private var emulator: PlaybackAPIEmulator?
    private var items: [Item] = []
    private var setUpError: (any Error)?
    private let folder: String
    private let suffix: String

    /// `write` gets the folder's path and its address and returns the cases it wrote.
    init(folder: String, suffix: String, write: (String, String) throws -> [Item]) {
        self.folder = folder
        self.suffix = suffix
        do {
            let emulator = try UITestSupport.startEmulator()
            self.emulator = emulator
            items = try write(try UITestSupport.mediaRoot() + "/" + folder, emulator.mediaBaseURL + "/" + folder)
        } catch {
            setUpError = error
        }
    }

    func stop() { emulator?.stop() }

    /// Each case `select` picks, through the real `cove`.
    func check(_ select: (Item) -> Bool) throws {
        if let setUpError { throw setUpError }
        let chosen = items.filter(select)
        XCTAssertFalse(chosen.isEmpty)
        let base = try XCTUnwrap(emulator).mediaBaseURL + "/" + folder + "/"
        for item in chosen {
            try UnusualMediaRun.check(item.name, address: base + item.name + suffix, expectation: item.expectation)
        }
    }
}
