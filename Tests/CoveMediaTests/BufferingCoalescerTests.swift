@testable import CoveMedia
import XCTest

final class BufferingCoalescerTests: XCTestCase {
    func testReportsTenPercentStepsAndFullOnlyOnChange() {
        var coalescer = BufferingCoalescer()
        let levels = [100, 0, 1, 5, 9, 10, 15, 19, 99, 100, 100, 50, 42, 100]
        let reported = levels.compactMap { coalescer.update($0) }
        XCTAssertEqual(reported, [0, 10, 90, 100, 50, 40, 100])
    }

    func testOutOfRangeLevelsAreClamped() {
        var coalescer = BufferingCoalescer()
        XCTAssertEqual(coalescer.update(-3), 0)
        XCTAssertEqual(coalescer.update(250), 100)
        XCTAssertNil(coalescer.update(100))
    }
}
