import CGtk
import CGtkShim
@testable import CoveUI
@testable import CoveApp
import CoveCore
import CoveEmulator
import CoveGLib
import CoveService
import Foundation
import XCTest

/// The Video Cloud form's search view in a window, against the emulator over libcurl: pages loaded by scrolling,
/// a result chosen by a click and by Enter, the sentences for nothing found and for a key that cannot search.
final class CatalogSearchViewTests: XCTestCase {
    func testResultsFillTheGridAndTheNextPagesLoadAsTheViewerScrolls() throws {
        try MainActor.assumeIsolated { try CatalogSearchScenario.run { try $0.pagesLoadWhileScrolling() } }
    }

    func testAClickAndEnterPlayAResult() throws {
        try MainActor.assumeIsolated { try CatalogSearchScenario.run { try $0.clickAndEnterPlay() } }
    }

    /// The form over a 480-pixel window: the grid fits two posters a row inside it, every poster arrives. With
    /// COVE_SCREENSHOT_DIR set, the form is saved as search-grid.png (a screenshot in data/screenshots).
    func testTheFormShowsTheGridInANarrowWindow() throws {
        try MainActor.assumeIsolated { try CatalogSearchScenario.run { try $0.formInANarrowWindow() } }
    }

    func testNothingFoundAndAKeyThatCannotSearchAreSentences() throws {
        try MainActor.assumeIsolated { try CatalogSearchScenario.run { try $0.sentences() } }
    }
}

@MainActor
final class CatalogSearchScenario {
    static func run(_ body: (CatalogSearchScenario) throws -> Void) throws {
        try UITestSupport.initGTK()
        let scenario = try CatalogSearchScenario()
        defer { scenario.finish() }
        try withExtendedLifetime(scenario) { try body(scenario) }
    }

    let emulator: PlaybackAPIEmulator
    let window: Widget
    var key = SearchCatalog.searchKey
    var played: [Video] = []
    var view: CatalogSearchView!

    init() throws {
        emulator = try UITestSupport.startEmulator()
        SearchCatalog.install(in: emulator)
        window = gtk_window_new()
        gtk_window_set_default_size(cast(window), 480, 640)
    }

    func show() {
        let emulator = self.emulator
        view = CatalogSearchView { [unowned self] in
            var configuration = PlaybackServiceConfiguration(accountID: UITestSupport.accountID, policyKey: self.key)
            configuration.baseURL = emulator.baseURL
            return .success(PlaybackService(configuration: configuration))
        }
        view.onPlay = { [unowned self] video in self.played.append(video) }
        gtk_window_set_child(cast(window), view.widget)
        gtk_window_present(cast(window))
    }

    func finish() {
        gtk_window_destroy(cast(window))
        emulator.stop()
        _ = MainLoop.run(until: { false }, timeout: 0.2)
    }

    func type(_ text: String) {
        gtk_editable_set_text(OpaquePointer(view.entry), text)
    }

    private var searchOffsets: [String] {
        emulator.requests.filter { $0.path.hasSuffix("/videos") }.compactMap { $0.query["offset"] }
    }

    func pagesLoadWhileScrolling() throws {
        show()
        type("lake")
        XCTAssertTrue(MainLoop.run(until: { self.view.grid.count == 20 }, timeout: 10), "the first page: \(view.grid.count)")
        XCTAssertEqual(gtk_widget_get_visible(view.spinner), 0, "no spinner once answered")
        XCTAssertTrue(MainLoop.run(until: { self.view.grid.cell(at: 0) != nil }, timeout: 5))
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(searchOffsets, ["0"], "only one page before the viewer scrolls")
        let first = try XCTUnwrap(view.grid.cell(at: 0))
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(first.name))), "Lake view 01")
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(first.duration))), "1:01")
        XCTAssertEqual(String(cString: gtk_label_get_text(cast(first.tags))), "odd, lake")
        XCTAssertEqual(CatalogSearchItem(video: view.pages.videos[0]).accessibleLabel, "Lake view 01, 1:01, tags: odd, lake")
        XCTAssertTrue(MainLoop.run(until: { gtk_picture_get_paintable(cast(first.picture)) != nil }, timeout: 10),
                      "the poster arrives")

        let adjustment = gtk_scrolled_window_get_vadjustment(cast(view.grid.scroller))!
        let scrollToEnd = {
            // As a viewer would: once the results are laid out, to the end of what is there.
            _ = MainLoop.run(until: { false }, timeout: 0.3)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        }
        for (expected, offsets) in [(40, ["0", "20"]), (45, ["0", "20", "40"])] {
            scrollToEnd()
            XCTAssertTrue(MainLoop.run(until: { self.view.grid.count == expected }, timeout: 10), "\(view.grid.count)")
            XCTAssertEqual(searchOffsets, offsets)
        }
        scrollToEnd()
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(searchOffsets.count, 3, "all 45 there: no fourth page")
        XCTAssertEqual(Set(view.pages.videos.compactMap(\.id)).count, 45)

        // A new query starts over from the top.
        type("+tags:even")
        XCTAssertTrue(MainLoop.run(until: { self.view.grid.count == 20 && self.view.pages.query == "+tags:even" }, timeout: 10))
        XCTAssertEqual(view.pages.videos.first?.name, "Lake view 02")
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0)
    }

    func clickAndEnterPlay() throws {
        show()
        type("lake view 07")
        XCTAssertTrue(MainLoop.run(until: { self.view.grid.cell(at: 0) != nil }, timeout: 10))
        let cell = try XCTUnwrap(view.grid.cell(at: 0))
        gtk_widget_activate(cell.button)
        XCTAssertTrue(MainLoop.run(until: { !self.played.isEmpty }, timeout: 5))
        XCTAssertEqual(played.map(\.id), [SearchCatalog.id(7)])
        // Enter right after typing (the entry's activate handler; the real Return key is typed into the real cove
        // in StartPageTests): the first result plays once the answer is there.
        type("name:\"lake view 1\"")
        view.playFirst()
        XCTAssertTrue(MainLoop.run(until: { self.played.count == 2 }, timeout: 10))
        XCTAssertEqual(played.last?.id, SearchCatalog.id(10))
    }

    func formInANarrowWindow() throws {
        gtk_window_set_default_size(cast(window), 480, 640)
        gtk_window_present(cast(window))
        let emulator = self.emulator
        VideoCloudDialog.present(over: window, accountID: UITestSupport.accountID, search: { account, key in
            XCTAssertEqual(account, UITestSupport.accountID)
            var configuration = PlaybackServiceConfiguration(accountID: account, policyKey: SearchCatalog.searchKey)
            configuration.baseURL = emulator.baseURL
            return .success(PlaybackService(configuration: configuration))
        }) { _ in nil }
        let search = try XCTUnwrap(VideoCloudDialog.lastSearchView)
        view = search
        let dialog = UnsafeMutablePointer<GtkWidget>(try XCTUnwrap(gtk_widget_get_root(search.widget)))
        defer { gtk_window_destroy(cast(dialog)) }
        type("lake")
        XCTAssertTrue(MainLoop.run(until: { search.grid.cell(at: 3) != nil }, timeout: 10))
        let shown = (0..<4).compactMap { search.grid.cell(at: $0) }
        XCTAssertTrue(MainLoop.run(until: { shown.allSatisfy { gtk_picture_get_paintable(cast($0.picture)) != nil } }, timeout: 10),
                      "the posters arrive")
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        XCTAssertLessThanOrEqual(gtk_widget_get_width(dialog), 480, "the form fits beside a narrow window")
        var first = graphene_rect_t(), second = graphene_rect_t()
        XCTAssertEqual(gtk_widget_compute_bounds(shown[0].button, search.grid.widget, &first), 1)
        XCTAssertEqual(gtk_widget_compute_bounds(shown[1].button, search.grid.widget, &second), 1)
        XCTAssertEqual(first.origin.y, second.origin.y, "two results a row")
        XCTAssertLessThan(first.origin.x, second.origin.x, "left to right in English")
        if let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"],
           let texture = cove_widget_render_texture(dialog) {
            gdk_texture_save_to_png(texture, directory + "/search-grid.png")
            g_object_unref(UnsafeMutableRawPointer(texture))
        }
        // Right to left (Arabic, say), the first result is on the right.
        gtk_widget_set_direction(search.grid.widget, GTK_TEXT_DIR_RTL)
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(gtk_widget_compute_bounds(shown[0].button, search.grid.widget, &first), 1)
        XCTAssertEqual(gtk_widget_compute_bounds(shown[1].button, search.grid.widget, &second), 1)
        XCTAssertGreaterThan(first.origin.x, second.origin.x, "right to left")
    }

    func sentences() throws {
        show()
        type("zebra")
        XCTAssertTrue(MainLoop.run(until: { self.view.statusText != nil }, timeout: 10))
        XCTAssertEqual(view.statusText, "No videos match “zebra”.")
        XCTAssertEqual(gtk_widget_get_visible(view.grid.scroller), 0)

        key = UITestSupport.policyKey
        type("lake")
        XCTAssertTrue(MainLoop.run(until: { self.view.statusText?.contains("policy key") == true }, timeout: 10))
        XCTAssertEqual(view.statusText, "This policy key cannot search the catalog. Searching needs a search-enabled policy key (made with the Policy API, with search turned on).")
        XCTAssertEqual(gtk_widget_get_visible(view.grid.scroller), 0, "the sentence in place of the grid")
        XCTAssertEqual(gtk_widget_get_visible(view.spinner), 0)

        key = SearchCatalog.searchKey
        type("name:\"lake")
        XCTAssertTrue(MainLoop.run(until: { self.view.statusText == "Search could not understand that query." }, timeout: 10),
                      view.statusText ?? "")
    }
}
