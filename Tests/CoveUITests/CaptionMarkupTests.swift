import CGtk
@testable import CoveUI
import CoveCore
import XCTest

/// Caption markup: classes, languages, ruby and the viewer's colours (no display needed).
final class CaptionMarkupTests: XCTestCase {
    func testColourClassesLanguageAndRuby() {
        let cue = CaptionCue(start: 0, end: 1, spans: [
            CaptionSpan("a<b", style: .bold, classes: ["speaker", "yellow", "bg_blue"]),
            CaptionSpan("漢字", language: "ja"),
            CaptionSpan("かんじ", language: "ja", isRubyText: true),
        ])
        let markup = MainActor.assumeIsolated { CaptionMarkup.markup(for: cue, fontPixels: 20) }
        XCTAssertEqual(markup, "<span foreground=\"#FFFF00\" background=\"#0000FF\"><b>a&lt;b</b></span>"
            + "<span lang=\"ja\">漢字</span>"
            + "<span lang=\"ja\" size=\"smaller\" rise=\"\(20 * Int(PANGO_SCALE) / 2)\">かんじ</span>")
    }

    func testTheViewersColoursWinAndLrLinesAreReversed() {
        var appearance = CaptionAppearance()
        appearance.textColor = .init(rgb: 0x00FF00, opacity: 0.5)
        appearance.backgroundColor = .init(rgb: 0x000000, opacity: 1)
        let cue = CaptionCue(start: 0, end: 1, spans: [CaptionSpan("one\ntwo", classes: ["red", "bg_white"])])
        let markup = MainActor.assumeIsolated {
            CaptionMarkup.markup(for: cue, appearance: appearance, reversingLines: true)
        }
        XCTAssertEqual(markup, "<span foreground=\"#00FF00\" fgalpha=\"50%\">two\none</span>")
    }

    func testTheStyleSheet() {
        var appearance = CaptionAppearance()
        XCTAssertEqual(MainActor.assumeIsolated { CaptionStyleSheet.css(appearance, fontPixels: 36, selector: ".c") }, "")
        appearance.windowColor = .init(rgb: 0x102030, opacity: 0.25)
        appearance.characterEdge = .dropShadow
        XCTAssertEqual(MainActor.assumeIsolated { CaptionStyleSheet.css(appearance, fontPixels: 36, selector: ".c") },
                       ".c { background-color: rgba(16, 32, 48, 0.25); text-shadow: 4px 4px 4px rgba(0, 0, 0, 0.95); }")
        XCTAssertEqual(MainActor.assumeIsolated { CaptionStyleSheet.families(.monospacedSansSerif) }?
            .hasPrefix("DejaVu Sans Mono"), true)
    }
}
