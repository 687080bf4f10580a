import CGtk
@testable import CoveUI
import CoveGLib
import XCTest

extension PlayerViewTests {
    func testFadeDurationsComeFromTheOptions() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.fadeDurationsComeFromTheOptions() } }
    }
}

extension PlayerViewScenario {
    /// hideControlsAnimationDuration and showControlsAnimationDuration become the bar's CSS transitions: GTK parses
    /// them, and a minute-long fade-out leaves the bar on screen well after the SDK's half second would have.
    func fadeDurationsComeFromTheOptions() throws {
        XCTAssertEqual(ControlsFade.css(hideDuration: 0.5, showDuration: 0.2), """
            .cove-control-bar { transition: opacity 200ms ease-out; }
            .cove-control-bar.cove-hidden { transition: opacity 500ms ease-in; }
            """, "the SDK's defaults")
        var options = PlayerViewOptions()
        options.hideControlsInterval = 0.3
        options.hideControlsAnimationDuration = 60
        options.showControlsAnimationDuration = 0.05
        let player = try makePlayer(options: options)
        defer { finish(player) }
        let parsed = try XCTUnwrap(player.fade?.parsedCSS)
        XCTAssertTrue(parsed.contains("60s") || parsed.contains("60000ms"), parsed)
        XCTAssertTrue(parsed.contains("50ms") || parsed.contains("0.05s"), parsed)

        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.framesShown >= 3 }, timeout: 20))
        let shown = darkShareOfTheBar(player)
        XCTAssertTrue(MainLoop.run(until: { !player.controlsVisible }, timeout: 5), "the controls began to fade")
        _ = MainLoop.run(until: { false }, timeout: 0.8)
        let fading = darkShareOfTheBar(player)
        XCTAssertGreaterThan(shown, 0.5, "the bar's dark background covers the video")
        XCTAssertGreaterThan(fading, shown - 0.1, "0.8 s into a 60 s fade the bar is still there")
    }

    /// The share of the control bar's area (as the window shows it) that is dark, i.e. the bar's background.
    private func darkShareOfTheBar(_ player: PlayerView) -> Double {
        guard let shot = UITestSupport.renderPixels(player.widget) else { return 0 }
        var x = 0.0, y = 0.0
        gtk_widget_translate_coordinates(player.controlBar.root, player.widget, 0, 0, &x, &y)
        let width = Int(gtk_widget_get_width(player.controlBar.root))
        let height = Int(gtk_widget_get_height(player.controlBar.root))
        var dark = 0
        var total = 0
        for row in Int(y)..<min(shot.height, Int(y) + height) {
            for column in Int(x)..<min(shot.width, Int(x) + width) {
                let word = shot.pixels[row * shot.width + column]
                if max((word >> 16) & 0xff, (word >> 8) & 0xff, word & 0xff) < 90 { dark += 1 }
                total += 1
            }
        }
        return total == 0 ? 0 : Double(dark) / Double(total)
    }
}
