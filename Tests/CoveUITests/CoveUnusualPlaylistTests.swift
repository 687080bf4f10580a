import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// HLS playlists as real servers write them (`UnusualPlaylists`), served by the emulator with real segments behind
/// them, each through the real `cove`: it plays, or it is refused with a clear error event within seconds; never a
/// crash, a hang, a CRITICAL, or a spinner with nothing said. GStreamer 1.22's hlsdemux2 crashed on AES-128
/// fragmented MP4 and asserted on other key systems and on `file:` segments before `HLSPlaylistGate` screened
/// every media playlist.
final class CoveUnusualPlaylistTests: XCTestCase {
    nonisolated(unsafe) static var emulator: PlaybackAPIEmulator?
    nonisolated(unsafe) static var cases: [UnusualPlaylists.Case] = []
    nonisolated(unsafe) static var setUpError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let emulator = try UITestSupport.startEmulator()
            Self.emulator = emulator
            cases = try UnusualPlaylists.write(to: try UITestSupport.mediaRoot() + "/unusual",
                                               address: emulator.mediaBaseURL + "/unusual")
        } catch {
            setUpError = error
        }
    }

    override class func tearDown() {
        emulator?.stop()
        super.tearDown()
    }

    private struct Outcome {
        var played: Bool
        var error: String?
        var standardError: String
        var crashed: Bool
    }

    private func run(_ name: String) throws -> Outcome {
        if let error = Self.setUpError { throw error }
        let address = try XCTUnwrap(Self.emulator).mediaBaseURL + "/unusual/" + name + ".m3u8"
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

    private func check(_ select: (UnusualPlaylists.Case) -> Bool) throws {
        if let error = Self.setUpError { throw error }
        let chosen = Self.cases.filter(select)
        XCTAssertFalse(chosen.isEmpty)
        for item in chosen {
            let outcome = try run(item.name)
            XCTAssertFalse(outcome.crashed, "\(item.name) crashed: \(outcome.standardError)")
            XCTAssertFalse(outcome.standardError.contains("CRITICAL"), "\(item.name): \(outcome.standardError)")
            XCTAssertFalse(outcome.standardError.contains("Program crashed"), "\(item.name): \(outcome.standardError)")
            switch item.expectation {
            case .plays:
                XCTAssertTrue(outcome.played, "\(item.name) did not play: \(outcome.error ?? "no error") \(outcome.standardError)")
                XCTAssertNil(outcome.error, item.name)
            case .fails(let text):
                XCTAssertFalse(outcome.played, "\(item.name) played")
                XCTAssertTrue(outcome.error.map { text.isEmpty || $0.contains(text) } ?? false,
                              "\(item.name): \(outcome.error ?? "no error event within 15 s")")
            }
        }
    }

    func testVODShapesPlay() throws {
        try check { $0.expectation == .plays && !$0.name.hasPrefix("live-") && !$0.name.hasPrefix("master-") }
    }

    func testLiveShapesPlay() throws {
        try check { $0.name.hasPrefix("live-") }
    }

    func testMasterPlaylistsPlayOrSayWhy() throws {
        try check { $0.name.hasPrefix("master-") }
    }

    func testWhatCannotPlayIsRefusedWithItsReason() throws {
        try check { $0.expectation != .plays && !$0.name.hasPrefix("master-") }
    }
}
