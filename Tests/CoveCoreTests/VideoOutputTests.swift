import CoveCore
import XCTest

/// The engine boundary's picture path: an output notifies its observers, keeps the latest picture, and a binding
/// follows the controller's current session, so a preloaded session's picture reaches the screen only when that
/// session is current, and at once.
final class VideoOutputTests: XCTestCase {
    final class Picture: VideoPicture, @unchecked Sendable {
        let width: Int, height: Int, stride: Int
        let pixelBytes = OpaquePointer(bitPattern: 0x1000)!
        let timestamp: Double?
        init(_ time: Double, width: Int = 16, height: Int = 9) {
            self.width = width
            self.height = height
            stride = width * 4
            timestamp = time
        }
    }

    func testObserversGetEachPictureUntilCancelledOrReleased() {
        MainActor.assumeIsolated {
            let output = VideoOutput()
            var seen: [Double?] = [], other: [Double?] = []
            let observation = output.observe { seen.append($0.timestamp) }
            var second: VideoOutputObservation? = output.observe { other.append($0.timestamp) }
            output.publish(Picture(1))
            XCTAssertEqual(output.pictureSize?.width, 16)
            second = nil
            output.publish(Picture(2))
            observation.cancel()
            output.publish(Picture(3))
            XCTAssertEqual(seen, [1, 2])
            XCTAssertEqual(other, [1], "released: no more pictures")
            XCTAssertNil(second)
            XCTAssertEqual(output.latestPicture?.timestamp, 3)
            XCTAssertEqual(output.observerCount, 0)
            output.clear()
            XCTAssertNil(output.latestPicture)
        }
    }

    func testTheBindingShowsOnlyTheCurrentSessionsPicturesAndAPreloadedOneAtOnce() {
        MainActor.assumeIsolated {
            let harness = ControllerPreloadTests.playingFirstOfTwo()
            var shown: [Double?] = []
            let binding = VideoOutputBinding(following: harness.controller.state) { shown.append($0.timestamp) }
            let first = harness.engine
            XCTAssertTrue(binding.output === first.videoOutput)
            first.videoOutput.publish(Picture(1))
            first.send(.position(15.1))
            let second = harness.engine
            XCTAssertFalse(second === first, "preloaded")
            second.videoOutput.publish(Picture(100))
            XCTAssertEqual(shown, [1], "the preloaded session's picture waits")
            first.send(.position(16), .endOfStream)
            XCTAssertTrue(harness.controller.currentSession?.engine === second)
            XCTAssertEqual(shown, [1, 100], "shown the moment its session is current")
            first.videoOutput.publish(Picture(2))
            second.videoOutput.publish(Picture(101))
            XCTAssertEqual(shown, [1, 100, 101], "the old session is let go")
            XCTAssertEqual(first.videoOutput.observerCount, 0)
        }
    }
}
