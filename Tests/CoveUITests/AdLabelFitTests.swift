import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

/// Advertising mode's words in every language of po/LINGUAS (and English), in a 360 px wide player: the banner,
/// the skip countdown, Skip Ad, Learn More and the paused banner, with the control bar below them. No label is
/// ellipsized, squeezed or cut (LabelFit), and the ad controls keep clear of the bar and of each other.
final class AdLabelFitTests: XCTestCase {
    func testTheAdControlsFitAt360PixelsInEveryLanguage() throws {
        let catalogues = try LanguageSwitch.compileCatalogues()
        defer { try? FileManager.default.removeItem(atPath: catalogues) }
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            for language in ["en"] + (try LanguageSwitch.languages()) {
                try LanguageSwitch.use(language, catalogues: catalogues) {
                    try PlayerViewScenario.run { try $0.adLabelsFit(name: "\(language) at 360 px") }
                }
            }
        }
    }
}

extension PlayerViewScenario {
    func adLabelsFit(name: String) throws {
        var options = PlayerViewOptions()
        options.keepControlsVisible = true
        let player = try makePlayer(options: options, width: 360, height: 640)
        defer { finish(player) }
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(player.controlBar.root) > 0 }, timeout: 10), name)
        // The longest words each control can hold: two-digit countdowns, a skippable ad with a page.
        let ad = AdPlayback(title: "Ad", index: 0, count: 2, duration: 30, elapsed: 0, streamTime: 0,
                            breakRemaining: 58, skipOffset: 15, canClickThrough: true)
        player.controlBar.setAdvertisingMode(true)
        let moments: [(String, AdDisplay)] = [
            ("skip countdown", AdDisplay(ad: ad, elapsed: 1, paused: false)),
            ("Skip Ad", AdDisplay(ad: ad, elapsed: 16, paused: false)),
            ("paused", AdDisplay(ad: ad, elapsed: 16, paused: true)),
        ]
        for (moment, display) in moments {
            player.ads.show(display)
            player.controlBar.showAdProgress(elapsed: display.elapsed, duration: display.duration)
            player.placeAdControls()
            _ = MainLoop.run(until: { false }, timeout: 0.4)
            let what = "\(name), \(moment)"
            let texts = LabelFit.assertFits(window, name: what)
            XCTAssertTrue(texts.contains(display.position), "\(what): \(texts)")
            XCTAssertTrue(texts.contains(display.countdown), "\(what): \(texts)")
            XCTAssertTrue(texts.contains(tr("Learn More")), "\(what): \(texts)")
            let trailing = display.canSkip ? player.ads.skipButton : player.ads.skipCountdownLabel
            XCTAssertTrue(texts.contains(display.canSkip ? tr("Skip Ad ⇥") : display.skipCountdown ?? "?"),
                          "\(what): \(texts)")
            assertApart(player.ads.banner, trailing, what: "\(what): banner and skip")
            assertApart(player.ads.banner, player.controlBar.root, what: "\(what): banner and bar")
            assertApart(trailing, player.controlBar.root, what: "\(what): skip and bar")
        }
    }

    /// Two widgets' boxes in the window do not overlap.
    private func assertApart(_ one: UnsafeMutablePointer<GtkWidget>, _ other: UnsafeMutablePointer<GtkWidget>,
                             what: String) {
        var first = graphene_rect_t(), second = graphene_rect_t()
        guard gtk_widget_compute_bounds(one, window, &first) != 0,
              gtk_widget_compute_bounds(other, window, &second) != 0 else { return XCTFail("\(what): not placed") }
        XCTAssertFalse(graphene_rect_intersection(&first, &second, nil), "\(what) overlap: \(first) \(second)")
    }
}
