@testable import CoveCore
import FoundationEssentials
import XCTest

/// The 360 camera: which direction each point of the view shows (the same mapping as the view's shader), drags,
/// limits, and what the controller announces.
final class ViewProjectionTests: XCTestCase {
    private func assertDirection(_ projection: ViewProjection, x: Double, y: Double, aspect: Double = 16.0 / 9,
                                 _ longitude: Double, _ latitude: Double, line: UInt = #line) {
        let seen = projection.direction(x: x, y: y, aspect: aspect)
        var difference = (seen.longitude - longitude).truncatingRemainder(dividingBy: 360)
        if difference > 180 { difference -= 360 } else if difference < -180 { difference += 360 }
        XCTAssertEqual(difference, 0, accuracy: 0.01, "longitude \(seen)", line: line)
        XCTAssertEqual(seen.latitude, latitude, accuracy: 0.01, "latitude \(seen)", line: line)
    }

    func testTheCentreOfTheViewFacesWherePanAndTiltPoint() {
        assertDirection(ViewProjection(), x: 0, y: 0, 0, 0)
        assertDirection(ViewProjection(pan: 90), x: 0, y: 0, 90, 0)
        assertDirection(ViewProjection(pan: 180), x: 0, y: 0, 180, 0)
        assertDirection(ViewProjection(pan: -90), x: 0, y: 0, -90, 0)
        assertDirection(ViewProjection(tilt: 90), x: 0, y: 0, 0, 90)
        assertDirection(ViewProjection(pan: 30, tilt: -45), x: 0, y: 0, 30, -45)
    }

    func testTheEdgesOfTheViewAreHalfTheAngleOfViewAway() {
        // Zoom 1: 75° vertically, so the top edge looks 37.5° up.
        assertDirection(ViewProjection(), x: 0, y: 1, 0, 37.5)
        assertDirection(ViewProjection(), x: 0, y: -1, 0, -37.5)
        // In a square view the right edge is 37.5° to the right; zoom 2 halves the tangent.
        assertDirection(ViewProjection(), x: 1, y: 0, aspect: 1, 37.5, 0)
        let zoomed = ViewProjection(zoom: 2)
        let halfAngle = atan(tan(37.5 * Double.pi / 180) / 2) * 180 / .pi
        XCTAssertEqual(zoomed.verticalAngleOfView, 2 * halfAngle, accuracy: 1e-9)
        assertDirection(zoomed, x: 0, y: 1, 0, halfAngle)
    }

    func testTheFrameIsWrappedWithItsCentreAheadItsEdgesBehindAndItsTopOverhead() {
        XCTAssertEqual(ViewProjection.framePoint(longitude: 0, latitude: 0).u, 0.5)
        XCTAssertEqual(ViewProjection.framePoint(longitude: 0, latitude: 0).v, 0.5)
        XCTAssertEqual(ViewProjection.framePoint(longitude: -180, latitude: 0).u, 0)
        XCTAssertEqual(ViewProjection.framePoint(longitude: 90, latitude: 0).u, 0.75)
        XCTAssertEqual(ViewProjection.framePoint(longitude: 0, latitude: 90).v, 0)
        XCTAssertEqual(ViewProjection.framePoint(longitude: 0, latitude: -90).v, 1)
    }

    func testADragMovesTheSceneWithThePointer() {
        // 75° over 750 points: a tenth of a degree a point. Dragging right turns the view left.
        let dragged = ViewProjection().dragged(dx: 300, dy: -150, viewportHeight: 750)
        XCTAssertEqual(dragged.pan, -30, accuracy: 1e-9)
        XCTAssertEqual(dragged.tilt, -15, accuracy: 1e-9)
    }

    func testLimitsWrapPanAndStopTiltAtThePolesAndZoomInItsRange() {
        let limits = ViewProjectionLimits()
        XCTAssertEqual(ViewProjection(pan: 190).limited(by: limits).pan, -170, accuracy: 1e-9)
        XCTAssertEqual(ViewProjection(pan: -540).limited(by: limits).pan, -180, accuracy: 1e-9)
        XCTAssertEqual(ViewProjection(tilt: 120).limited(by: limits).tilt, 90)
        XCTAssertEqual(ViewProjection(tilt: -200).limited(by: limits).tilt, -90)
        XCTAssertEqual(ViewProjection(tilt: .infinity).limited(by: limits).tilt, 0, "not a number of degrees")
        XCTAssertEqual(ViewProjection(zoom: 10).limited(by: limits).zoom, 4)
        XCTAssertEqual(ViewProjection(zoom: .nan).limited(by: limits).zoom, 1)
        let fixed = ViewProjectionLimits(panRange: -45...45, tiltRange: 200...300, zoomRange: 1...1)
        XCTAssertEqual(ViewProjection(pan: 90, tilt: 0, zoom: 3).limited(by: fixed), ViewProjection(pan: 45, tilt: 90))
    }

    private static let video360 = Video(sources: [Source(url: URL(string: "https://media.example/360.m3u8")!)],
                                        properties: ["id": "360", "projection": "equirectangular"])

    func testTheControllerAnnouncesNavigationAndStyleAndKeepsTheCameraInItsLimits() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            var seen: [ViewProjection] = []
            harness.controller.addViewProjectionObserver { seen.append($0) }
            harness.controller.setVideos([Self.video360, Fixtures.video("flat")])
            XCTAssertEqual(harness.controller.video360NavigationMethod, .fingerTracking)
            XCTAssertEqual(harness.controller.viewProjection.sourceFormat, .equirectangular)
            XCTAssertTrue(harness.lines.contains(#"{"type":"video360","navigation":"finger-tracking","projection_style":"normal"}"#),
                          "\(harness.lines)")

            var projection = harness.controller.viewProjection
            projection.pan = 370
            projection.tilt = 100
            projection.projectionStyle = .vrGoggles
            harness.controller.viewProjection = projection
            XCTAssertEqual(harness.controller.viewProjection.pan, 10, accuracy: 1e-9)
            XCTAssertEqual(harness.controller.viewProjection.tilt, 90)
            XCTAssertEqual(seen.last, harness.controller.viewProjection, "the view is told")
            XCTAssertEqual(harness.lines.last,
                           #"{"type":"video360","navigation":"finger-tracking","projection_style":"vr_goggles"}"#)
            harness.controller.reportViewProjection()
            XCTAssertEqual(harness.lines.last, #"{"type":"view_projection","pan":10,"tilt":90,"zoom":1}"#)

            // A flat video after it: no navigation, the normal style again.
            harness.engine.prerollVOD(duration: 3)
            harness.controller.advanceToNext()
            XCTAssertEqual(harness.controller.video360NavigationMethod, .none)
            XCTAssertEqual(harness.controller.viewProjection, ViewProjection())
            XCTAssertEqual(harness.lines.last { $0.contains("video360") },
                           #"{"type":"video360","navigation":"none","projection_style":"normal"}"#)
        }
    }

    func testFlatVideosAloneAnnounceNothing() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            harness.controller.setVideos([Fixtures.video("flat")])
            XCTAssertFalse(harness.lines.contains { $0.contains("video360") }, "\(harness.lines)")
        }
    }
}
