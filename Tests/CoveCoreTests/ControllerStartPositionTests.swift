import CoveCore
import FoundationEssentials
import XCTest

/// The controller starting a video at a remembered place (`setVideos(_:startingAt:)`): with ads, after the breaks
/// before it; only for the queue it was given with.
final class ControllerStartPositionTests: XCTestCase {
    @MainActor
    func testTheControllerStartsThereAfterTheBreaksBeforeIt() async {
        let harness = ControllerHarness()
        let document = ControllerAdsTests.document
        harness.controller.vmapLoader = { _ async throws(AdLoadFailure) -> VMAPDocument in document }
        let video = Video(sources: [Source(url: URL(string: Fixtures.uri("ads"))!,
                                           properties: ["vmap": "https://ssai.example/content.vmap"])],
                          properties: ["id": "ads"])
        harness.controller.setVideos([video], startingAt: 12)
        for _ in 0..<100 where harness.engine.loads.isEmpty { await Task.yield() }
        XCTAssertEqual(harness.engine.loads.first?.options.startPosition, 24, "content 12 after three breaks")
        harness.controller.setVideos([Fixtures.video("plain")], startingAt: 12)
        XCTAssertEqual(harness.engine.loads.first?.options.startPosition, 12)
        harness.controller.advanceToNext()
        harness.controller.setVideos([Fixtures.video("again")])
        XCTAssertNil(harness.engine.loads.first?.options.startPosition, "only the queue it was given with")
    }
}
