import CGtk
import CGtkTestProbe
import CoveCore
@testable import CoveUI
import XCTest

/// Cues as screen readers read them: each label's words in the cue's own order, also where the drawing sets the
/// lines otherwise (a `vertical:lr` cue's lines are set last first, then turned).
final class CaptionAccessibilityTests: XCTestCase {
    func testAVerticalLeftToRightCueIsReadInItsOwnOrder() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let stage = CaptionStage()
            defer { stage.close() }
            stage.show([CaptionStage.cue("一行目\n二行目") { $0.vertical = .leftToRight; $0.line = 0 }])
            let label = try XCTUnwrap(stage.captions.cueLabels.first)
            XCTAssertEqual(String(cString: gtk_label_get_text(cast(label))), "二行目\n一行目", "drawn last line first")
            XCTAssertEqual(cove_test_accessible_label_is(label, "一行目\n二行目"), 1, "read first line first")

            stage.show([CaptionStage.cue("一行目\n二行目") { $0.vertical = .rightToLeft; $0.line = 0 }])
            let upright = try XCTUnwrap(stage.captions.cueLabels.first)
            XCTAssertEqual(String(cString: gtk_label_get_text(cast(upright))), "一行目\n二行目")
            XCTAssertEqual(cove_test_accessible_label_is(upright, "一行目\n二行目"), 1, "its own text, already in order")
        }
    }
}
