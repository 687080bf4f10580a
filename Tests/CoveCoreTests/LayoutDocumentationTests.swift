import CoveCore
import Foundation
import XCTest

/// The README documents the supplied layouts and the layout file format; both are generated from the code, and this
/// keeps the README from drifting away from them.
final class LayoutDocumentationTests: XCTestCase {
    private func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    func testReadmeCarriesTheCompositionTable() throws {
        XCTAssertTrue(try readme().contains(SuppliedLayout.compositionTable.trimmingCharacters(in: .whitespacesAndNewlines)),
                      "paste SuppliedLayout.compositionTable into README.md")
    }

    func testReadmeCarriesTheLayoutFileFormat() throws {
        XCTAssertTrue(try readme().contains(ControlLayout.layoutFileFormat.trimmingCharacters(in: .whitespacesAndNewlines)),
                      "paste ControlLayout.layoutFileFormat into README.md")
    }
}
