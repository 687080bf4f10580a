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

    private func check(_ select: (UnusualPlaylists.Case) -> Bool) throws {
        if let error = Self.setUpError { throw error }
        let chosen = Self.cases.filter(select)
        XCTAssertFalse(chosen.isEmpty)
        let base = try XCTUnwrap(Self.emulator).mediaBaseURL + "/unusual/"
        for item in chosen {
            try UnusualMediaRun.check(item.name, address: base + item.name + ".m3u8", expectation: item.expectation)
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
