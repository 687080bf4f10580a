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
    nonisolated(unsafe) static var served: UnusualMediaServed?

    override class func setUp() {
        super.setUp()
        served = UnusualMediaServed(folder: "unusual", suffix: ".m3u8") { path, address in
            try UnusualPlaylists.write(to: path, address: address).map { .init(name: $0.name, expectation: $0.expectation) }
        }
    }

    override class func tearDown() {
        served?.stop()
        super.tearDown()
    }

    private func check(_ select: (UnusualMediaServed.Item) -> Bool) throws {
        try XCTUnwrap(Self.served).check(select)
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
