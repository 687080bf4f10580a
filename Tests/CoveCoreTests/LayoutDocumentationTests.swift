import CoveCore
import Foundation
import XCTest

/// The manual page documents the supplied layouts and the layout file format; both are written by the code, and this
/// keeps the page from drifting away from them.
final class LayoutDocumentationTests: XCTestCase {
    private func manual() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("data/cove.1"), encoding: .utf8)
    }

    func testTheManualCarriesTheLayoutsComposition() throws {
        let section = SuppliedLayout.manualSection.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(try manual().contains(section), "put SuppliedLayout.manualSection into data/cove.1:\n\(section)")
    }

    func testTheManualCarriesTheLayoutFileFormat() throws {
        let format = ControlLayout.layoutFileFormat.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(try manual().contains(format), "put ControlLayout.layoutFileFormat into data/cove.1:\n\(format)")
    }
}
