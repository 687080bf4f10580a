@testable import CoveCore
import XCTest

final class KeyframeIndexTests: XCTestCase {
    func testFindsTheNearestKeyframeWithinTheTolerance() {
        var index = KeyframeIndex()
        for time in [8.0, 0.0, 4.0, 4.0004, 12.0, -1, .nan] { index.insert(time) }
        XCTAssertEqual(index.times, [0, 4, 8, 12], "sorted, no near-duplicates, nothing negative or NaN")
        XCTAssertEqual(index.nearest(to: 11.1, within: 0.5), nil, "12 is 0.9 s away")
        XCTAssertEqual(index.nearest(to: 11.6, within: 0.5), 12)
        XCTAssertEqual(index.nearest(to: 4.3, within: 0.5), 4)
        XCTAssertEqual(index.nearest(to: 6.1, within: 2.5), 8, "the nearer of 4 and 8")
        XCTAssertEqual(index.nearest(to: 100, within: 0.5), nil)
        XCTAssertEqual(index.nearest(to: 4, within: 0), nil, "no tolerance: always accurate")
        XCTAssertEqual(KeyframeIndex().nearest(to: 0, within: 10), nil)
    }
}
