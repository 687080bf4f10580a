@testable import CoveApp
import CoveCore
import Foundation
import XCTest

/// The About window's facts come from the metainfo the software centre reads: the source tree's own file, and the
/// installed shape of it (msgfmt adds translated copies with xml:lang, which are passed over).
final class AppMetainfoTests: XCTestCase {
    private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheTreesMetainfoNamesThisVersionWithItsNotes() throws {
        let bytes = try Data(contentsOf: Self.source.appendingPathComponent("data/io.github.cove.Player.metainfo.xml"))
        let info = try XCTUnwrap(AppMetainfo([UInt8](bytes)))
        XCTAssertEqual(info.releaseVersion, CoveVersion.string, "the newest release is the version Cove says it is")
        XCTAssertEqual(info.license, "GPL-3.0-or-later")
        XCTAssertEqual(info.developer, "The Cove developers")
        XCTAssertTrue(info.homepage?.hasPrefix("https://") == true, "\(info)")
        XCTAssertTrue(info.issueTracker?.hasPrefix("https://") == true, "\(info)")
        let notes = try XCTUnwrap(info.releaseNotes)
        XCTAssertTrue(notes.hasPrefix("<p>") && notes.contains("<ul><li>"), notes)
    }

    func testTranslatedCopiesArePassedOverAndMarkupIsEscaped() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <component type="desktop-application">
              <developer_name>Cove &amp; friends</developer_name>
              <developer_name xml:lang="de">Cove und Freunde</developer_name>
              <project_license>MIT</project_license>
              <releases>
                <release version="2.0" date="2026-12-24"><description>
                  <p>Faster &lt;seek&gt;</p><p xml:lang="de">Schneller</p>
                  <ol><li>One</li><li xml:lang="fr">Un</li></ol>
                  <code>ignored</code>
                </description></release>
                <release version="1.0" date="2026-01-01"><description><p>Old</p></description></release>
              </releases>
            </component>
            """
        let info = try XCTUnwrap(AppMetainfo(Array(xml.utf8)))
        XCTAssertEqual(info.developer, "Cove & friends")
        XCTAssertEqual(info.license, "MIT")
        XCTAssertEqual(info.releaseVersion, "2.0")
        XCTAssertEqual(info.releaseNotes, "<p>Faster &lt;seek&gt;</p><ol><li>One</li></ol>")
        XCTAssertNil(info.homepage)
    }

    func testWhatIsNotAComponentIsNothing() {
        XCTAssertNil(AppMetainfo(Array("<html><body/></html>".utf8)))
        XCTAssertNil(AppMetainfo(Array("not xml".utf8)))
        XCTAssertNil(AppMetainfo([]))
    }
}
