@testable import CoveCore
import XCTest

/// When progress is told: every interval, never backwards at the end, not again after a reload.
final class ProgressCadenceTests: XCTestCase {
    func testEveryIntervalFromTheLastTold() {
        var cadence = ProgressCadence()
        let told = [0.0, 0.1, 0.25, 0.3, 0.6, 0.5].filter { cadence.tell($0, every: 0.25) }
        XCTAssertEqual(told, [0.0, 0.25, 0.6])
        XCTAssertTrue(cadence.tell(0.3, every: 0.25), "a seek back is told once it is an interval away")
    }

    func testTheEndIsToldUnlessProgressReachedIt() {
        var cadence = ProgressCadence()
        XCTAssertTrue(cadence.tell(9.9, every: 0.25))
        XCTAssertTrue(cadence.tellEnd(10))
        XCTAssertFalse(cadence.tellEnd(10), "told once")
        var overshot = ProgressCadence()
        XCTAssertTrue(overshot.tell(10.02, every: 0.25))
        XCTAssertFalse(overshot.tellEnd(10), "never backwards")
    }

    func testAfterAReloadNothingIsToldAgainUpToWhereItWas() {
        var cadence = ProgressCadence()
        XCTAssertTrue(cadence.tell(5, every: 0.25))
        cadence.reload()
        XCTAssertFalse(cadence.isPastReload(3))
        XCTAssertFalse(cadence.isPastReload(5))
        XCTAssertTrue(cadence.isPastReload(5.1))
        XCTAssertTrue(cadence.isPastReload(3), "the hold ends once passed")
        var twice = ProgressCadence()
        XCTAssertTrue(twice.tell(8, every: 0.25))
        twice.reload()
        XCTAssertTrue(twice.tell(2, every: 0.25))
        twice.reload()
        XCTAssertFalse(twice.isPastReload(6), "the furthest told holds")
    }
}
