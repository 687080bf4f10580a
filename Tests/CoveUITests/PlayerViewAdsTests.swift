import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

/// Advertising mode on the real stack (GStreamer playing the ad stream in a window under Xvfb): the banner and its
/// countdown, the yellow slider that takes no input, Learn More, Skip Ad after its offset, the content slider's ad
/// ticks, Picture in Picture, and keys that cannot seek during an ad.
final class PlayerViewAdsTests: XCTestCase {
    func testAdModeShowsTheAdAndRefusesSeekingAndLearnMoreClicksAndPauses() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.adModeShowsTheAdAndRefusesSeeking() } }
    }

    func testSkipAdAppearsAfterItsOffsetAndTheContentSliderHasOneTickPerBreak() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.skipAdAppearsAfterItsOffset() } }
    }

    func testAdModeInArabicIsTranslatedAndMirrored() throws {
        let catalogues = try LanguageSwitch.compileCatalogues()
        defer { try? FileManager.default.removeItem(atPath: catalogues) }
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            try LanguageSwitch.use("ar", catalogues: catalogues) {
                try PlayerViewScenario.run { try $0.adModeInArabic() }
            }
        }
    }
}

extension PlayerViewScenario {
    /// A player whose controls stay up, so the ad's words and the slider can be read at any moment.
    private func makeAdPlayer() throws -> PlayerView {
        var options = PlayerViewOptions()
        options.keepControlsVisible = true
        return try makePlayer(options: options)
    }

    func adModeShowsTheAdAndRefusesSeeking() throws {
        let player = try makeAdPlayer()
        defer { finish(player) }
        let log = try playAds(in: player)
        let state = player.controller.state
        XCTAssertTrue(MainLoop.run(until: { (state.adPlayhead ?? 0) > 0.3 && state.status == .playing }, timeout: 20),
                      "the pre-roll plays")
        let bar = player.controlBar
        XCTAssertTrue(bar.adModeActive)
        XCTAssertEqual(gtk_widget_has_css_class(bar.root, "cove-ad"), 1)
        XCTAssertEqual(labelText(player.ads.positionLabel), "Ad (1 of 2)")
        let first = try XCTUnwrap(resumeSeconds(player), labelText(player.ads.countdownLabel))
        XCTAssertTrue((7...9).contains(first), "both pre-roll ads are still to come: \(first)")
        XCTAssertEqual(gtk_widget_get_sensitive(bar.slider), 0, "no drag, no key moves the ad's slider")
        let range: UnsafeMutablePointer<GtkRange> = cast(bar.slider)
        XCTAssertEqual(gtk_adjustment_get_upper(gtk_range_get_adjustment(range)), 5, accuracy: 0.001,
                       "the slider spans the ad")
        XCTAssertGreaterThan(gtk_range_get_value(range), 0)
        XCTAssertEqual(bar.placedMarkCount + bar.placedAdMarkCount, 0, "no marks in an ad")
        XCTAssertNil(bar.bufferedLevel, "no buffered region in an ad")
        XCTAssertTrue(hasYellow(bar.slider), "the ad's progress is yellow")
        XCTAssertTrue(isShown(player.ads.learnMoreButton), "the ad has a page")
        XCTAssertFalse(isShown(player.ads.skipButton), "the first ad cannot be skipped")
        XCTAssertFalse(isShown(player.ads.skipCountdownLabel))
        for action in PlayerView.seekActions { XCTAssertFalse(isEnabled(player, action), "\(action) in an ad") }
        XCTAssertFalse(isEnabled(player, "skip-ad"))
        XCTAssertTrue(isEnabled(player, "learn-more"))

        // Keys and commands that seek do nothing: the same ad goes on.
        var handled: gboolean = 0
        g_signal_emit_by_name_double(bar.slider, value: 2.5, handled: &handled)
        XCTAssertEqual(handled, 1, "the slider refuses a seek in an ad")
        XCTAssertEqual(gtk_widget_grab_focus(player.widget), 1)
        for key in ["Right", "End", "Left", "Home"] { try XDoTool.type(key, intoWindowOf: getpid()) }
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        player.send(.seek(6))
        player.send(.jumpForward)
        XCTAssertEqual(state.ad?.index, 0, "still the first ad")
        XCTAssertFalse(log.beacons.contains { $0.hasSuffix("/skip") }, "nothing was skipped")
        XCTAssertEqual(state.position, 0, "no seek reached the content")

        _ = MainLoop.run(until: { false }, timeout: 0.3)
        saveScreenshot(player, "ads-playing")

        // The countdown runs with the ad.
        let later = try XCTUnwrap(resumeSeconds(player))
        XCTAssertLessThan(later, first, "the resume countdown counts down")

        gtk_widget_activate(player.ads.learnMoreButton)
        XCTAssertTrue(MainLoop.run(until: { state.status == .paused }, timeout: 5), "Learn More pauses")
        XCTAssertTrue(log.beacons.contains("a1/ClickTracking"), "\(log.beacons)")
        XCTAssertEqual(log.opened, [AdsTestStream.advertiser], "the page opens in the browser")
        XCTAssertEqual(labelText(player.ads.countdownLabel), "Ad: Press play to resume video")
        XCTAssertNil(player.adTicker, "nothing ticks while the ad is paused")
        player.controller.play()
        XCTAssertTrue(MainLoop.run(until: { self.resumeSeconds(player) != nil }, timeout: 5), "the countdown is back")
        XCTAssertNotNil(player.adTicker)
    }

    func skipAdAppearsAfterItsOffset() throws {
        let player = try makeAdPlayer()
        defer { finish(player) }
        let log = try playAds(in: player)
        let state = player.controller.state
        let ads = player.ads
        XCTAssertTrue(MainLoop.run(until: { state.ad?.index == 1 && self.isShown(ads.skipCountdownLabel) },
                                   timeout: 25), "the second ad plays")
        XCTAssertEqual(labelText(ads.positionLabel), "Ad (2 of 2)")
        XCTAssertTrue(labelText(ads.skipCountdownLabel).hasPrefix("You can skip this ad\nin "),
                      labelText(ads.skipCountdownLabel))
        XCTAssertLessThan(try XCTUnwrap(state.adPlayhead), 1.5, "the countdown shows before the offset")
        XCTAssertFalse(isShown(ads.skipButton), "no Skip Ad before the offset")
        XCTAssertFalse(isEnabled(player, "skip-ad"))
        XCTAssertFalse(isShown(ads.learnMoreButton), "the second ad has no page")

        // Picture in Picture keeps advertising mode: the window says so, and has nothing that seeks.
        player.togglePictureInPicture()
        XCTAssertTrue(player.isPictureInPictureActive)
        XCTAssertTrue(MainLoop.run(until: { player.pictureInPicture.shownAdText?.hasPrefix("Ad (2 of 2)\n") == true },
                                   timeout: 2), "\(player.pictureInPicture.shownAdText ?? "nothing")")

        XCTAssertTrue(MainLoop.run(until: { self.isShown(ads.skipButton) }, timeout: 5), "Skip Ad after the offset")
        player.togglePictureInPicture()
        saveScreenshot(player, "ads-skip")
        player.togglePictureInPicture()
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(state.adPlayhead), 1.4)
        XCTAssertFalse(isShown(ads.skipCountdownLabel))
        XCTAssertTrue(isEnabled(player, "skip-ad"))
        // What a screen reader and a keyboard get: a focusable button with a name of its own.
        let accessible = OpaquePointer(ads.skipButton)
        XCTAssertEqual(gtk_test_accessible_has_role(accessible, GTK_ACCESSIBLE_ROLE_BUTTON), 1)
        XCTAssertEqual(gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL), 1)
        XCTAssertEqual(AdOverlay.spoken(labelText(gtk_button_get_child(cast(ads.skipButton)))), "Skip Ad")
        XCTAssertEqual(gtk_widget_get_focusable(ads.skipButton), 1)
        XCTAssertEqual(gtk_widget_grab_focus(ads.skipButton), 1, "Tab can reach it")
        try press("Return", until: { state.ad == nil })
        XCTAssertNil(state.ad, "Enter on Skip Ad leaves the ad")
        XCTAssertTrue(log.beacons.contains("a2/skip"), "\(log.beacons)")
        // Held before the mid-roll (5 s of content on), however slowly a loaded machine gets through what follows.
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { !player.controlBar.adModeActive && !ads.isShowing }, timeout: 2))
        XCTAssertNil(player.pictureInPicture.shownAdText, "the window leaves advertising mode with the player")
        player.togglePictureInPicture()

        let bar = player.controlBar
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_sensitive(bar.slider) != 0 }, timeout: 5))
        let range: UnsafeMutablePointer<GtkRange> = cast(bar.slider)
        XCTAssertEqual(gtk_adjustment_get_upper(gtk_range_get_adjustment(range)), 9, accuracy: 0.05,
                       "the content slider spans the content alone")
        XCTAssertEqual(bar.placedAdMarkCount, 3, "one tick per break, the post-roll's at the end")
        let marks = bar.adMarkWidgets
        XCTAssertEqual(marks.count, 3)
        XCTAssertEqual(marks.map { gtk_widget_has_css_class($0, "cove-ad-played") != 0 }, [true, false, false],
                       "the pre-roll's tick is drawn as played")
        XCTAssertTrue(hasYellow(bar.slider, rows: 0.55...1), "yellow ticks under the trough")
        XCTAssertNil(player.adTicker, "no ticking in the content")
        XCTAssertTrue(MainLoop.run(until: { self.isEnabled(player, "seek") }, timeout: 5))
        for action in PlayerView.seekActions { XCTAssertTrue(isEnabled(player, action), "\(action) in the content") }
        saveScreenshot(player, "ads-ticks")
    }

    func adModeInArabic() throws {
        let player = try makeAdPlayer()
        defer { finish(player) }
        _ = try playAds(in: player)
        let state = player.controller.state
        let ads = player.ads
        XCTAssertTrue(MainLoop.run(until: { state.ad?.index == 1 && self.isShown(ads.skipCountdownLabel) },
                                   timeout: 25), "the second ad plays")
        XCTAssertEqual(labelText(ads.positionLabel), "إعلان 2 من 2", "the SDK's Arabic, with the digits of ar.po")
        XCTAssertTrue(labelText(ads.countdownLabel).hasPrefix("سيتم استئناف مقطع الفيديو الخاص بك خلال "),
                      labelText(ads.countdownLabel))
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        // Mirrored: the banner at the right, the skip countdown at the left.
        var banner = graphene_rect_t(), skip = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(ads.banner, player.widget, &banner), 0)
        XCTAssertNotEqual(gtk_widget_compute_bounds(ads.skipCountdownLabel, player.widget, &skip), 0)
        let width = Float(gtk_widget_get_width(player.widget))
        XCTAssertGreaterThan(banner.origin.x + banner.size.width, width - 40, "the banner starts at the right edge")
        XCTAssertLessThan(skip.origin.x, 40, "the skip countdown sits at the left edge")
        saveScreenshot(player, "ads-playing-ar")
    }
}
