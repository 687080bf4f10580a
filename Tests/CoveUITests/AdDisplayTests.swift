@testable import CoveUI
import CoveCore
import XCTest

/// The ad controls' words at one moment: the break's countdown moving with the ad's playhead, whole seconds rounded
/// up, the paused sentence, and Skip Ad only from the skip offset on.
final class AdDisplayTests: XCTestCase {
    private static let ad = AdPlayback(title: "A", index: 1, count: 3, duration: 10, elapsed: 2, streamTime: 40,
                                breakRemaining: 18, skipOffset: 5, canClickThrough: false)

    func testTheCountdownsFollowThePlayheadInWholeSeconds() {
        MainActor.assumeIsolated { Self.countdownsFollowThePlayhead() }
    }

    func testAnAdThatCannotBeSkippedNeverOffersIt() {
        MainActor.assumeIsolated { Self.anAdThatCannotBeSkipped() }
    }

    @MainActor private static func countdownsFollowThePlayhead() {
        let now = AdDisplay(ad: ad, elapsed: 2, paused: false)
        XCTAssertEqual(now.position, "Ad (2 of 3)")
        XCTAssertEqual(now.countdown, "Your video will resume in 18 seconds")
        XCTAssertEqual(now.skipCountdown, "You can skip this ad\nin 3 seconds")
        XCTAssertFalse(now.canSkip)
        let later = AdDisplay(ad: ad, elapsed: 4.2, paused: false)
        XCTAssertEqual(later.countdown, "Your video will resume in 16 seconds", "15.8 s left reads as 16")
        XCTAssertEqual(later.skipCountdown, "You can skip this ad\nin 1 second", "the singular")
        let skippable = AdDisplay(ad: ad, elapsed: 5, paused: false)
        XCTAssertNil(skippable.skipCountdown)
        XCTAssertTrue(skippable.canSkip)
        XCTAssertEqual(AdDisplay(ad: ad, elapsed: 5, paused: true).countdown, "Ad: Press play to resume video")
    }

    @MainActor private static func anAdThatCannotBeSkipped() {
        var plain = ad
        plain.skipOffset = nil
        let display = AdDisplay(ad: plain, elapsed: 9, paused: false)
        XCTAssertNil(display.skipCountdown)
        XCTAssertFalse(display.canSkip)
        XCTAssertEqual(AdDisplay.wholeSeconds(-3), 0)
        XCTAssertEqual(AdDisplay.wholeSeconds(.nan), 0)
        XCTAssertEqual(AdOverlay.spoken("Skip Ad ⇥"), "Skip Ad")
        XCTAssertEqual(AdOverlay.spoken("تخطي الإعلان ⇥"), "تخطي الإعلان")
    }
}
