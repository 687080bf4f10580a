import CoveCore
import XCTest

/// The chosen speed plays for every later video, except a live stream, which plays at 1× and leaves the choice as
/// it was; the speed playing is reported when it changes, and the viewer's choices are told to whoever keeps them.
@MainActor
final class ControllerSpeedTests: XCTestCase {
    func testTheSpeedCarriesOverButNotToALiveStream() async {
        let harness = ControllerHarness()
        var chosen: [Double] = []
        harness.controller.playbackRateChosen = { chosen.append($0) }
        harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("live"), Fixtures.video("b")])
        harness.engine.prerollVOD(duration: 30)
        harness.controller.playbackRate = 2.5
        XCTAssertEqual(harness.engine.calls.last, .rate(2.5))
        XCTAssertEqual(harness.controller.state.rate, 2.5)
        XCTAssertTrue(harness.events.contains(.rate(2.5)))
        XCTAssertEqual(chosen, [2.5])

        harness.controller.advanceToNext()
        harness.clearEvents()
        // A live stream: no duration, a moving window.
        harness.engine.send(.ready, .duration(nil), .seekable(SeekableRange(start: 100, end: 130)))
        XCTAssertFalse(harness.engine.calls.contains(.rate(2.5)), "\(harness.engine.calls)")
        XCTAssertEqual(harness.controller.state.rate, 1, "live plays at 1×")
        XCTAssertTrue(harness.events.contains(.rate(1)), harness.lines.joined(separator: "\n"))
        harness.controller.playbackRate = 3
        XCTAssertFalse(harness.engine.calls.contains(.rate(3)), "a choice made during a live stream waits")
        XCTAssertEqual(harness.controller.state.rate, 1)
        XCTAssertEqual(chosen, [2.5, 3], "but it is the viewer's choice all the same")

        harness.controller.advanceToNext()
        harness.engine.prerollVOD(duration: 30)
        XCTAssertEqual(harness.engine.calls.last(where: { if case .rate = $0 { true } else { false } }), .rate(3))
        XCTAssertEqual(harness.controller.state.rate, 3)
    }
}
