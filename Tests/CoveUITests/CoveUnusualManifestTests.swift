import CoveEmulator
import XCTest

/// DASH MPDs as packagers and servers write them (`UnusualManifests`), served by the emulator over real fragmented
/// MP4, each through the real `cove` (dashdemux2 behind `cove_mpd_filter.c` and `DASHManifest`): it plays, or it
/// is refused with an error event within seconds; never a crash, a hang or a CRITICAL.
final class CoveUnusualManifestTests: XCTestCase {
    nonisolated(unsafe) static var served: UnusualMediaServed?

    override class func setUp() {
        super.setUp()
        served = UnusualMediaServed(folder: "unusual-dash", suffix: ".mpd") { path, address in
            try UnusualManifests.write(to: path, address: address).map { .init(name: $0.name, expectation: $0.expectation) }
        }
    }

    override class func tearDown() {
        served?.stop()
        super.tearDown()
    }

    private func check(_ select: (UnusualMediaServed.Item) -> Bool) throws {
        try XCTUnwrap(Self.served).check(select)
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
