@testable import CoveUI
import XCTest

/// The statistics overlay (`i`, More › Statistics) with a real pipeline; the scenarios are in
/// PlayerViewScenario+Statistics.
final class StatisticsOverlayTests: XCTestCase {
    func testTheIKeyShowsFiguresThatUpdateCopyAndHide() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.statisticsShowUpdateCopyAndHide() } }
    }

    func testTheMenuItemInANarrowWindow() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.statisticsMenuItemInANarrowWindow() } }
    }
}
