import CGLib
import CGtkShim
@testable import CoveApp
@testable import CoveUI
import XCTest

/// What a drop onto the window plays, from the GValue GTK hands the drop handler: a GdkFileList (a file manager)
/// or a string (a browser's link, a text/uri-list). A synthetic drag and drop between X clients under Xvfb (XDND
/// needs a drag source window and a window manager's cooperation) is not practical, so the handler's reading of
/// the value is tested here, with real GdkFileList and GValue values.
final class MediaDropTests: XCTestCase {
    private func result(files uris: [String]) -> MediaDrop.Result {
        var value = GValue()
        var pointers = uris.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.append(nil)
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                cove_drop_value_init_files(&value, $0)
            }
        }
        defer { g_value_unset(&value) }
        // The handler runs where GTK delivers drops: on the main thread, which runs the tests.
        return MainActor.assumeIsolated { MediaDrop.addresses(in: &value) }
    }

    private func result(text: String) -> MediaDrop.Result {
        var value = GValue()
        cove_drop_value_init_text(&value, text)
        defer { g_value_unset(&value) }
        // The handler runs where GTK delivers drops: on the main thread, which runs the tests.
        return MainActor.assumeIsolated { MediaDrop.addresses(in: &value) }
    }

    func testDroppedFilesPlayAsFileURLsInTheirOrder() {
        let dropped = result(files: ["file:///home/viewer/Videos/a%20b.mp4", "file:///tmp/c.webm"])
        XCTAssertEqual(dropped.addresses, ["file:///home/viewer/Videos/a%20b.mp4", "file:///tmp/c.webm"])
        XCTAssertNil(dropped.refusal)
    }

    func testAFileOfAnotherSchemeIsRefusedAndTheRestPlays() {
        let dropped = result(files: ["sftp://server/video.mp4", "file:///tmp/c.mp4"])
        XCTAssertEqual(dropped.addresses, ["file:///tmp/c.mp4"])
        XCTAssertEqual(dropped.refusal, "Cove opens only http://, https:// and file:// addresses, not “sftp:”.")
    }

    func testADroppedLinkPlays() {
        XCTAssertEqual(result(text: " https://cdn.example/v/master.m3u8\n").addresses, ["https://cdn.example/v/master.m3u8"])
    }

    func testAURIListSkipsCommentsAndAPathBecomesAFileURL() {
        let dropped = result(text: "# from a browser\r\nhttp://example.com/a.mp4\r\n/tmp/b c.mp4\r\n")
        XCTAssertEqual(dropped.addresses, ["http://example.com/a.mp4", "file:///tmp/b%20c.mp4"])
    }

    func testTextThatIsNoAddressIsRefused() {
        let dropped = result(text: "javascript:alert(1)")
        XCTAssertEqual(dropped.addresses, [])
        XCTAssertEqual(dropped.refusal, "Cove opens only http://, https:// and file:// addresses, not “javascript:”.")
        XCTAssertEqual(result(text: "  \n# only a comment\n").refusal, "Nothing that Cove can play was dropped.")
    }

    func testAnEmptyFileListIsRefused() {
        XCTAssertEqual(result(files: []).refusal, "Nothing that Cove can play was dropped.")
    }
}
