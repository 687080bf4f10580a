@testable import CoveCore
import XCTest

/// The viewer's caption style in the state file's [Caption Style] group: every field round-trips, the defaults
/// write nothing, and hostile values are clamped or ignored.
final class CaptionAppearanceKeyFileTests: XCTestCase {
    func testTheDefaultsWriteNothingAndReadBackAsTheDefaults() {
        XCTAssertEqual(CaptionAppearance.default.keyFileValues, [:])
        XCTAssertEqual(CaptionAppearance(keyFileValues: [:]), .default)
        XCTAssertEqual(CaptionAppearance.keyFileGroup, "Caption Style")
    }

    func testEveryFieldRoundTrips() {
        var style = CaptionAppearance()
        style.fontFamily = .smallCapitals
        style.sizePercent = 150
        style.textColor = .init(rgb: 0xFF_FF00, opacity: 1)
        style.backgroundColor = .init(rgb: 0x00_0000, opacity: 0.5)
        style.windowColor = .init(rgb: 0x00_00FF, opacity: 0.25)
        style.characterEdge = .dropShadow
        let values = style.keyFileValues
        XCTAssertEqual(values, ["font-family": "small-capitals", "size": "150", "text-color": "#FFFF00",
                                "text-opacity": "1", "background-color": "#000000", "background-opacity": "0.5",
                                "window-color": "#0000FF", "window-opacity": "0.25", "character-edge": "drop-shadow"])
        XCTAssertEqual(CaptionAppearance(keyFileValues: values), style)
        for family in CaptionAppearance.FontFamily.allCases {
            var one = CaptionAppearance()
            one.fontFamily = family
            XCTAssertEqual(CaptionAppearance(keyFileValues: one.keyFileValues), one)
        }
        for edge in CaptionAppearance.CharacterEdge.allCases {
            var one = CaptionAppearance()
            one.characterEdge = edge
            XCTAssertEqual(CaptionAppearance(keyFileValues: one.keyFileValues), one, "\(edge)")
        }
        for size in stride(from: 50.0, through: 300, by: 10) {
            var one = CaptionAppearance()
            one.sizePercent = size
            XCTAssertEqual(CaptionAppearance(keyFileValues: one.keyFileValues).sizePercent, size)
        }
    }

    func testNumbersAreWrittenTheSameInEveryLocale() {
        XCTAssertEqual(CaptionAppearance.number(0.333), "0.33")
        XCTAssertEqual(CaptionAppearance.number(0.05), "0.05")
        XCTAssertEqual(CaptionAppearance.number(0.1), "0.1")
        XCTAssertEqual(CaptionAppearance.number(300), "300")
        XCTAssertEqual(CaptionAppearance.hex(0x0A), "#00000A")
    }

    func testSizesOutOfRangeAreClampedAndNonsenseIgnored() {
        XCTAssertEqual(CaptionAppearance(keyFileValues: ["size": "1000"]).sizePercent, 300)
        XCTAssertEqual(CaptionAppearance(keyFileValues: ["size": "-5"]).sizePercent, 50)
        XCTAssertEqual(CaptionAppearance(keyFileValues: ["size": " 120 "]).sizePercent, 120)
        for hostile in ["nan", "inf", "-inf", "", "big", "1e400", "12,5", "0x20", String(repeating: "9", count: 10_000)] {
            let size = CaptionAppearance(keyFileValues: ["size": hostile]).sizePercent
            XCTAssertTrue(CaptionAppearance.sizeRange.contains(size), "\(hostile.prefix(20)): \(size)")
        }
        XCTAssertEqual(CaptionAppearance(keyFileValues: ["size": "nan"]).sizePercent, 100)
        var written = CaptionAppearance()
        written.sizePercent = .nan
        XCTAssertNil(written.keyFileValues["size"], "a NaN in memory writes the default")
        written.sizePercent = 9_000
        XCTAssertEqual(written.keyFileValues["size"], "300")
    }

    func testColoursMustBeSixHexDigitsAndOpacityIsClamped() {
        let read = { (color: String, opacity: String?) -> CaptionAppearance.Color? in
            var values = ["text-color": color]
            values["text-opacity"] = opacity
            return CaptionAppearance(keyFileValues: values).textColor
        }
        XCTAssertEqual(read("#ff8000", nil), .init(rgb: 0xFF_8000, opacity: 1), "lower case; opacity 1 when missing")
        XCTAssertEqual(read("00FF00", "0.4"), .init(rgb: 0x00_FF00, opacity: 0.4), "the # may be left out")
        XCTAssertEqual(read("#FFFFFF", "7")?.opacity, 1)
        XCTAssertEqual(read("#FFFFFF", "-1")?.opacity, 0)
        XCTAssertEqual(read("#FFFFFF", "nan")?.opacity, 1)
        XCTAssertEqual(read("#FFFFFF", "half")?.opacity, 1)
        for hostile in ["", "#", "#FFF", "#FFFFFFF", "#GGGGGG", "red", "#+FFFFF", "# FFFFF", "#ＦＦＦＦＦＦ", "\u{0}",
                        String(repeating: "F", count: 100_000)] {
            XCTAssertNil(read(hostile, "1"), "\(hostile.prefix(20))")
        }
        XCTAssertNil(CaptionAppearance(keyFileValues: ["window-opacity": "0.5"]).windowColor,
                     "an opacity without its colour is ignored")
    }

    func testUnknownNamesAreIgnored() {
        let style = CaptionAppearance(keyFileValues: ["font-family": "Comic Sans", "character-edge": "glow",
                                                      "unknown": "x"])
        XCTAssertEqual(style, .default)
        XCTAssertEqual(CaptionAppearance(keyFileValues: ["font-family": "casual"]).fontFamily, .casual)
        XCTAssertEqual(CaptionAppearance(keyFileValues: ["character-edge": "none"]).characterEdge, CaptionAppearance.CharacterEdge.none)
    }

    func testDefaultColoursAndThePalette() {
        let style = CaptionAppearance()
        XCTAssertEqual(style.effectiveColor(for: .text), .init(rgb: 0xFF_FFFF, opacity: 1))
        XCTAssertEqual(style.effectiveColor(for: .background).rgb, 0)
        var chosen = style
        chosen[.window] = .init(rgb: 0x12_3456, opacity: 0.3)
        XCTAssertEqual(chosen.windowColor, .init(rgb: 0x12_3456, opacity: 0.3))
        XCTAssertEqual(chosen.effectiveColor(for: .window), chosen.windowColor)
        XCTAssertEqual(CaptionAppearance.namedColors.count, 8)
        XCTAssertEqual(Set(CaptionAppearance.namedColors.map(\.rgb)).count, 8)
    }
}
