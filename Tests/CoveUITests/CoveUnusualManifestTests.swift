import CoveEmulator
import XCTest

/// DASH MPDs as packagers and servers write them (`UnusualManifests`), served by the emulator over real fragmented
/// MP4, each through the real `cove` (dashdemux2 behind `cove_mpd_filter.c` and `DASHManifest`): it plays, or it
/// is refused with an error event within seconds; never a crash, a hang or a CRITICAL.
final class CoveUnusualManifestTests: XCTestCase {
    nonisolated(unsafe) static var emulator: PlaybackAPIEmulator?
    nonisolated(unsafe) static var cases: [UnusualManifests.Case] = []
    nonisolated(unsafe) static var setUpError: (any Error)?

    override class func setUp() {
        super.setUp()
        do {
            let emulator = try UITestSupport.startEmulator()
            Self.emulator = emulator
            cases = try UnusualManifests.write(to: try UITestSupport.mediaRoot() + "/unusual-dash",
                                               address: emulator.mediaBaseURL + "/unusual-dash")
        } catch {
            setUpError = error
        }
    }

    override class func tearDown() {
        emulator?.stop()
        super.tearDown()
    }

    private func check(_ select: (UnusualManifests.Case) -> Bool) throws {
        if let error = Self.setUpError { throw error }
        let chosen = Self.cases.filter(select)
        XCTAssertFalse(chosen.isEmpty)
        let base = try XCTUnwrap(Self.emulator).mediaBaseURL + "/unusual-dash/"
        for item in chosen {
            try UnusualMediaRun.check(item.name, address: base + item.name + ".mpd", expectation: item.expectation)
        }
    }

    func testTemplatesAndListsPlay() throws {
        try check { $0.name.hasPrefix("template-") || $0.name.hasPrefix("segment-list-") }
    }

    func testBaseAddressesPeriodsAndEventsPlay() throws {
        try check { $0.expectation == .plays && !$0.name.hasPrefix("template-") && !$0.name.hasPrefix("segment-list-") }
    }

    func testWhatCannotPlayIsRefused() throws {
        try check { $0.expectation != .plays }
    }
}
