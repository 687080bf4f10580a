import CoveCore
import XCTest

final class LanguageNamesTests: XCTestCase {
    func testAutonymsForTwoAndThreeLetterCodesAndRegions() {
        XCTAssertEqual(LanguageNames.autonym(for: "de"), "Deutsch")
        XCTAssertEqual(LanguageNames.autonym(for: "FRA"), "Français")
        XCTAssertEqual(LanguageNames.autonym(for: "pt-BR"), "Português")
        XCTAssertEqual(LanguageNames.autonym(for: "zh-Hant"), "繁體中文")
        XCTAssertNil(LanguageNames.autonym(for: "xx"))
    }

    func testTitlePrefersTheTracksOwnName() {
        XCTAssertEqual(LanguageNames.title(name: "Director's commentary", language: "en"), "Director's commentary")
        XCTAssertEqual(LanguageNames.title(name: "", language: "ar"), "العربية")
        XCTAssertEqual(LanguageNames.title(name: nil, language: "xx"), "xx")
        XCTAssertNil(LanguageNames.title(name: nil, language: nil))
    }
}
