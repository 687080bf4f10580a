import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

extension PlayerViewTests {
    func testPictureInPictureShowsTheCaptionsInTheViewersStyle() throws {
        try MainActor.assumeIsolated {
            try PlayerViewScenario.run { try $0.pictureInPictureShowsTheCaptionsInTheViewersStyle() }
        }
    }
}

extension PlayerViewScenario {
    /// Captions follow the video into Picture in Picture: the same words as the player's overlay, in the viewer's
    /// style (a style changed while the window is open applies there at once, read from its pixels), and the same
    /// share of the (smaller) picture.
    func pictureInPictureShowsTheCaptionsInTheViewersStyle() throws {
        var options = PlayerViewOptions()
        options.showPictureInPictureButton = true
        let player = try makePlayer(options: options)
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.multiLanguageVideoID)
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.captionTracks.contains { $0.language == "fr" } },
                                   timeout: 20), "\(events)")
        let french = try XCTUnwrap(player.controller.state.captionTracks.first { $0.language == "fr" })
        player.controller.selectCaption(.track(french))
        XCTAssertTrue(MainLoop.run(until: { player.captionText.hasPrefix("Bonjour") }, timeout: 10))
        let labelHeight = { (overlay: CaptionOverlay) in overlay.cueLabels.first.map { Double(gtk_widget_get_height($0)) } ?? 0 }
        XCTAssertTrue(MainLoop.run(until: { labelHeight(player.captions) > 0 }, timeout: 5), "laid out")
        let mainHeight = labelHeight(player.captions)

        gtk_widget_activate(player.controlBar.pictureInPictureButton)
        XCTAssertTrue(MainLoop.run(until: { player.isPictureInPictureActive }, timeout: 5))
        let pip = player.pictureInPicture
        let pipWindow = try XCTUnwrap(pip.window)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(pipWindow) != 0 }, timeout: 5))
        let mirror = try XCTUnwrap(pip.captions, "the window has a caption overlay")
        XCTAssertTrue(MainLoop.run(until: { mirror.text.hasPrefix("Bonjour") && mirror.text == player.captionText },
                                   timeout: 5), "'\(mirror.text)' / '\(player.captionText)'")
        // The next cue reaches both.
        let first = mirror.text
        XCTAssertTrue(MainLoop.run(until: { mirror.text != first && mirror.text.hasPrefix("Bonjour") }, timeout: 5))
        XCTAssertEqual(mirror.text, player.captionText)
        XCTAssertTrue(MainLoop.run(until: { labelHeight(mirror) > 0 }, timeout: 5), "laid out in the window")
        let pipHeight = labelHeight(mirror)
        XCTAssertLessThan(pipHeight, mainHeight * 0.8, "a share of the smaller picture: \(pipHeight) vs \(mainHeight)")

        var style = CaptionAppearance.default
        style.textColor = CaptionAppearance.Color(rgb: 0xFFFF00, opacity: 1)
        player.captionAppearance = style
        XCTAssertEqual(mirror.appearance, style, "applied to the window at once")
        XCTAssertTrue(MainLoop.run(until: {
            guard let rendered = UITestSupport.renderPixels(mirror.root) else { return false }
            return Pixels(width: rendered.width, height: rendered.height, words: rendered.pixels).count { $0.isYellow } > 20
        }, timeout: 5), "the words are drawn yellow in the window")
        player.captionAppearance = .default
    }
}
