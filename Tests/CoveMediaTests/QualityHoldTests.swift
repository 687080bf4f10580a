import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// The Quality menu's choice through playbin3 and hlsdemux2: a rendition chosen while playing is the one fetched
/// and decoded from then on, for 30 s under a bandwidth at which Auto switches down, without losing the place.
final class QualityHoldTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?
    static let seconds = 34.0

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("quality") { directory in
            try MediaEncoder.encodeHLS(to: directory + "/ladder", seconds: seconds, renditions: [
                HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 900),
                HLSRendition(name: "270p", width: 480, height: 270, videoBitrateKbps: 500),
                HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 200),
            ])
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    /// Per response, a little over the 270p rendition's real rate but under what hlsdemux2 asks of it (80 % of the
    /// measured rate must reach the playlist's BANDWIDTH).
    static let throttle = MediaDelivery(bytesPerSecond: 100_000)

    private static func segments(_ emulator: PlaybackAPIEmulator, after index: Int) -> [String] {
        emulator.requests.dropFirst(index).map(\.path).filter { $0.hasSuffix(".ts") }
    }

    func testAChosenRenditionHoldsUnderABandwidthThatSwitchesAuto() throws {
        try MainActor.assumeIsolated {
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder(videoOutput: .frames)
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            let video = Video.video(withURL: try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/ladder/master.m3u8")))
            controller.setVideos([video])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            XCTAssertEqual(controller.state.renditions.compactMap(\.height), [360, 270, 180])
            XCTAssertEqual(controller.state.renditions.map(\.qualityLabel), ["360p · 1.2 Mb/s", "270p · 745 kb/s", "180p · 370 kb/s"])
            XCTAssertTrue(MainLoop.run(until: { controller.state.position > 2 }, timeout: 10), "\(recorder.lines)")

            let held = controller.state.renditions[1]
            let before = controller.state.position
            let asked = emulator.requests.count
            controller.selectQuality(.rendition(held))
            XCTAssertEqual(controller.state.qualityChoice, .rendition(held))
            XCTAssertTrue(recorder.events.contains(.quality(.rendition(held))))
            XCTAssertGreaterThanOrEqual(controller.state.position, before, "the place is kept")
            emulator.catalog.mediaDelivery = Self.throttle
            XCTAssertTrue(MainLoop.run(until: { recorder.lastFrameSize?.width == 480 }, timeout: 15),
                          "\(String(describing: recorder.lastFrameSize)) \(Self.segments(emulator, after: asked))")
            let heldFrom = controller.state.position
            var sizes = Set<Int>()
            XCTAssertTrue(MainLoop.run(until: {
                if let width = recorder.lastFrameSize?.width { sizes.insert(width) }
                return controller.state.position > heldFrom + 30 || recorder.events.contains(.lifecycle(.end))
            }, timeout: 90), "\(recorder.lines.suffix(5))")
            XCTAssertGreaterThanOrEqual(controller.state.position, min(heldFrom + 30, Self.seconds - 1))
            XCTAssertEqual(sizes, [480], "the picture stayed on the rendition chosen")
            let fetched = Self.segments(emulator, after: asked)
            XCTAssertFalse(fetched.dropFirst(2).contains { !$0.contains("/270p/") }, "\(fetched)")
            XCTAssertFalse(recorder.lifecycle.contains("Fail"))

            // Auto under the same bandwidth switches down: the hold above was the choice, not the network.
            let autoFrom = emulator.requests.count
            controller.selectQuality(.automatic)
            controller.seek(to: 0)
            XCTAssertTrue(MainLoop.run(until: {
                Self.segments(emulator, after: autoFrom).contains { $0.contains("/180p/") }
            }, timeout: 30), "\(Self.segments(emulator, after: autoFrom))")
        }
    }
}
