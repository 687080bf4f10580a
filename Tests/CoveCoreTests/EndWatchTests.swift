import CoveCore
import XCTest

/// The end watch: a playhead that stands at the end with nothing left to fetch ends the video; anything else does not.
final class EndWatchTests: XCTestCase {
    /// Feeds looks a quarter of a second apart, as the engine does; returns the look at which the end was assumed.
    private func firstEnd(_ looks: [(position: Double?, fetching: Bool)], duration: Double? = 5,
                          wantsPlay: Bool = true) -> Int? {
        var watch = EndWatch()
        for (index, look) in looks.enumerated()
        where watch.observe(position: look.position, duration: duration, wantsPlay: wantsPlay,
                            isFetching: look.fetching, now: Double(index) * 0.25) {
            return index
        }
        return nil
    }

    func testAPlayheadStandingJustShortOfTheEndEndsTheVideoAfterThePatience() {
        // The soak's stall: 4.78 of 5.0, then nothing.
        let looks = Array(repeating: (Optional(4.78), false), count: 12)
        XCTAssertEqual(firstEnd(looks), Int(EndWatch.patience / 0.25))
    }

    func testAPlayheadStillMovingNearTheEndIsNotAnEnd() {
        let looks = (0..<20).map { (Optional(4.5 + Double($0) * 0.02), false) }
        XCTAssertNil(firstEnd(looks))
    }

    func testAStopFartherFromTheEndIsAStallNotAnEnd() {
        let looks = Array(repeating: (Optional(5 - EndWatch.distance - 0.1), false), count: 20)
        XCTAssertNil(firstEnd(looks))
    }

    func testWaitingForMediaStillToBeDownloadedIsNotAnEnd() {
        let looks = Array(repeating: (Optional(4.9), true), count: 20)
        XCTAssertNil(firstEnd(looks))
    }

    func testAPauseOrAnUnknownDurationOrPositionIsNeverAnEnd() {
        let standing = Array(repeating: (Optional(4.9), false), count: 20)
        XCTAssertNil(firstEnd(standing, wantsPlay: false))
        XCTAssertNil(firstEnd(standing, duration: nil))
        XCTAssertNil(firstEnd(Array(repeating: (nil, false), count: 20)))
    }

    func testAnyMovementOrFetchStartsThePatienceAgain() {
        var looks = Array(repeating: (Optional(4.8), false), count: 5)
        looks.append((4.85, false))
        looks.append((4.85, true))
        looks += Array(repeating: (Optional(4.85), false), count: 12)
        // Patience counts from the look after the fetch ended (index 7).
        XCTAssertEqual(firstEnd(looks), 7 + Int(EndWatch.patience / 0.25))
    }
}
