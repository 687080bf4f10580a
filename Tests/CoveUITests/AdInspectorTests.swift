import CGtk
import CGtkShim
import CoveCore
import CoveGLib
@testable import CoveUI
import Foundation
import XCTest

/// The ad inspector: a row a step, growing with the video's steps and starting again with the next video, its
/// text for the clipboard, and every word of it readable in a 360 px window in every language (Arabic too).
final class AdInspectorTests: XCTestCase {
    private static let steps = [
        AdInspectionEntry(kind: .request, address: "https://ads.example/vmap?cb=12345678&ct=6000000000014",
                          detail: Wording("ad rules")),
        AdInspectionEntry(kind: .answer, address: "https://ads.example/vmap?cb=12345678&ct=6000000000014",
                          milliseconds: 84),
        AdInspectionEntry(kind: .ads, detail: Wording("break %1$@: %2$@", wording: .said("pre"),
                                                      .list([Wording("%1$@ “%2$@” from %3$@", "pre-a", "Cove demo ad A",
                                                                     "Cove emulator")]))),
        AdInspectionEntry(kind: .media, address: "https://cdn.example/creatives/ad-a.mp4",
                          detail: Wording("passed over: %@", wording: Wording("%1$@ (%2$@)", wording:
                              .said("https://cdn.example/vpaid/pre-a.js"), Wording("VPAID or another API framework")))),
        AdInspectionEntry(kind: .beacon, address: "https://ads.example/beacons/demo/pre-a/impression"),
        AdInspectionEntry(kind: .error, code: 303, detail: .said("HTTP 204")),
    ]

    func testRowsFollowTheStepsAndCopyAsText() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let inspector = AdInspector()
            defer { gtk_window_destroy(UnsafeMutableRawPointer(inspector.window).assumingMemoryBound(to: GtkWindow.self)) }
            inspector.show(Array(Self.steps.prefix(2)))
            XCTAssertEqual(inspector.rowCount, 2)
            inspector.show(Self.steps)
            XCTAssertEqual(inspector.rowCount, 6, "the list grows")
            XCTAssertEqual(inspector.text.split(separator: "\n").count, 6)
            XCTAssertTrue(inspector.text.hasPrefix("Request\thttps://ads.example/vmap?cb=12345678&ct=6000000000014 · ad rules\n"),
                          inspector.text)
            XCTAssertTrue(inspector.text.contains("Answer\thttps://ads.example/vmap?cb=12345678&ct=6000000000014 · 84 ms\n"))
            XCTAssertTrue(inspector.text.contains("Error\tVAST 303 · No VAST response after one or more Wrappers · HTTP 204\n"),
                          inspector.text)
            inspector.show([Self.steps[4]])
            XCTAssertEqual(inspector.rowCount, 1, "the next video starts again")
            inspector.show([])
            XCTAssertEqual(inspector.rowCount, 0, "only the placeholder is left")
        }
    }

    func testEveryWordFitsANarrowWindowInEveryLanguage() throws {
        let catalogues = try LanguageSwitch.compileCatalogues()
        defer { try? FileManager.default.removeItem(atPath: catalogues) }
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            for language in ["en"] + (try LanguageSwitch.languages()) {
                LanguageSwitch.use(language, catalogues: catalogues) {
                    let inspector = AdInspector()
                    defer { gtk_window_destroy(UnsafeMutableRawPointer(inspector.window).assumingMemoryBound(to: GtkWindow.self)) }
                    inspector.show(Self.steps)
                    gtk_window_set_default_size(UnsafeMutableRawPointer(inspector.window).assumingMemoryBound(to: GtkWindow.self), 360, 640)
                    inspector.present(over: nil)
                    XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(inspector.list) > 0 }, timeout: 10))
                    _ = MainLoop.run(until: { false }, timeout: 0.3)
                    let texts = LabelFit.assertFits(inspector.window, name: "ad inspector, \(language)")
                    XCTAssertTrue(texts.contains(tr("Request")), "\(language): \(texts)")
                    let meaning = tr("No VAST response after one or more Wrappers")
                    XCTAssertTrue(language == "en" || meaning != "No VAST response after one or more Wrappers",
                                  "\(language): the error's meaning is translated")
                    XCTAssertTrue(texts.contains { $0.contains("VAST 303 · \(meaning) · HTTP 204") }, "\(language): \(texts)")
                    for step in Self.steps where !step.detail.isEmpty {
                        XCTAssertTrue(language == "en" || step.detail.localized != step.detail.english || step.kind == .error,
                                      "\(language): Cove's words are translated: \(step.detail.localized)")
                        XCTAssertTrue(texts.contains { $0.contains(step.detail.localized) }, "\(language): \(texts)")
                    }
                    XCTAssertLessThanOrEqual(gtk_widget_get_width(inspector.window), 360, "\(language): wraps, not widens")
                    if language == "en" || language == "ar" {
                        Self.saveScreenshot(inspector.window, "ad-inspector" + (language == "en" ? "" : "-ar"))
                    }
                }
            }
        }
    }

    /// With COVE_SCREENSHOT_DIR set, the window as drawn (for data/screenshots).
    @MainActor private static func saveScreenshot(_ window: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"],
              let texture = cove_widget_render_texture(window) else { return }
        gdk_texture_save_to_png(texture, directory + "/\(name).png")
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
}
