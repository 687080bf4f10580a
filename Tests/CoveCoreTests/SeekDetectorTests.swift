import CoveCore
import XCTest

/// Seeks told from playback by the progress reports alone (MPRIS's Seeked for seeks made in the window).
final class SeekDetectorTests: XCTestCase {
    func testPlaybackIsNotASeekAndJumpsEitherWayAre() {
        var detector = SeekDetector()
        XCTAssertFalse(detector.isJump(to: 0, rate: 1), "the first report has nothing to jump from")
        for step in 1...8 { XCTAssertFalse(detector.isJump(to: Double(step) * 0.25, rate: 1)) }
        XCTAssertTrue(detector.isJump(to: 0.5, rate: 1), "back 1.5 s")
        XCTAssertTrue(detector.isJump(to: 10, rate: 1), "forward 9.5 s")
        XCTAssertFalse(detector.isJump(to: 12, rate: 1), "a main loop held up for 2 s")
        XCTAssertFalse(detector.isJump(to: 16, rate: 2), "2 s of playback at double speed")
    }

    func testAnExpectedSeekAndANewVideoAreNotJumps() {
        var detector = SeekDetector()
        _ = detector.isJump(to: 3, rate: 1)
        detector.expect(8)
        XCTAssertFalse(detector.isJump(to: 8.1, rate: 1), "where the announced seek landed")
        detector.reset()
        XCTAssertFalse(detector.isJump(to: 0, rate: 1), "the next video starts at 0")
    }
}
