import CGtk
import CLibc
@testable import CoveUI
@testable import CoveApp
import CoveCore
import CoveGLib
import Foundation
import XCTest

/// Every language of po/LINGUAS (and English) at 450 and 1280 pixels wide: the player with its control bar, the
/// Audio & Subtitles, quality and More (playback speed) menus, a message with Retry and the session ID, the
/// playlist strip, and the start page. No label is ellipsized, squeezed below the size its text needs, or cut by a
/// box around it.
final class LabelFitTests: XCTestCase {
    func testEveryLanguageFitsNarrowAndWide() throws {
        let catalogues = try LanguageSwitch.compileCatalogues()
        defer { try? FileManager.default.removeItem(atPath: catalogues) }
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            for language in ["en"] + (try LanguageSwitch.languages()) {
                for width: Int32 in [450, 1280] {
                    try LanguageSwitch.use(language, catalogues: catalogues) {
                        let name = "\(language) at \(width) px"
                        try PlayerViewScenario.run { try $0.playerLabelsFit(name: name, width: width) }
                        try StartPageFit.check(name: name, width: width, english: language == "en")
                    }
                }
            }
        }
    }
}

extension PlayerViewScenario {
    func playerLabelsFit(name: String, width: Int32) throws {
        var options = PlayerViewOptions()
        options.keepControlsVisible = true
        options.forcedLayout = .liveDVR
        options.preferredBitrateConfig = PreferredBitrateConfig(
            menuTitle: tr("Preferred Bit rate"), options: [("1080p", 6_000_000), ("720p", 3_000_000), ("360p", 800_000)])
        let player = try makePlayer(options: options, width: width, height: 700)
        defer { finish(player) }
        let strip = wrapInPlaylistStrip(player)
        let videos = try (1...3).map { index in
            try Video(json: ["id": .string("590000000000\(index)"), "name": .string("Clip \(index)"), "duration": 64_000,
                             "sources": [["src": "https://example.com/clip.mp4", "type": "video/mp4"]]])
        }
        strip.show(playlist: videos)
        strip.setOpen(true)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(player.controlBar.root) > 0 }, timeout: 10), name)
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        let playerTexts = LabelFit.assertFits(window, name: "\(name), player")
        XCTAssertTrue(playerTexts.contains(tr("Live")), "\(name): the live button is checked, \(playerTexts)")
        XCTAssertTrue(playerTexts.contains("Clip 1"), "\(name): the strip is checked, \(playerTexts)")

        let audio = [MediaTrack(id: "a1", language: "en", name: "English"), MediaTrack(id: "a2", language: "ja")]
        let captions = [MediaTrack(id: "t1", language: "fr", name: "Français"), MediaTrack(id: "t2", language: "ko")]
        player.audioSubtitles.show(audio: audio, captions: captions, selectedAudio: audio[0], selectedCaption: nil)
        player.audioSubtitles.open()
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(player.audioSubtitles.popover) != 0 }, timeout: 5), name)
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let menuTexts = LabelFit.assertFits(player.audioSubtitles.popover, name: "\(name), Audio & Subtitles")
        XCTAssertTrue(Set([tr("AUDIO"), tr("SUBTITLES"), tr("Off"), tr("Auto (Recommended)")]).isSubset(of: menuTexts),
                      "\(name): \(menuTexts)")
        player.audioSubtitles.close()

        let bitrate = try XCTUnwrap(player.bitrateMenu)
        gtk_popover_popup(cast(bitrate.popover))
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(bitrate.popover) != 0 }, timeout: 5), name)
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        LabelFit.assertFits(bitrate.popover, name: "\(name), quality menu")
        gtk_popover_popdown(cast(bitrate.popover))

        player.overflowMenu.open()
        let speedMenu = player.overflowMenu.popover
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(speedMenu) != 0 }, timeout: 5), name)
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let speedTexts = LabelFit.assertFits(speedMenu, name: "\(name), More menu")
        XCTAssertEqual(speedTexts, [tr("Playback Speed")] + OverflowMenu.speeds.map(OverflowMenu.label(for:))
                       + [tr("Save Frame"), tr("Ad inspector"), tr("Show Time Left"), tr("Statistics"), tr("Caption Style…"), tr("Download…"), tr("Downloads"), tr("Send Viewing Statistics"),
                          tr("Include a Viewer Identifier")],
                       "\(name): every item is checked")
        player.overflowMenu.close()
        _ = MainLoop.run(until: { !player.overflowMenu.isOpen }, timeout: 5)

        var stats = PlaybackStatistics()
        stats.videoID = "6000000000001"
        stats.videoCodec = "H.264 (Constrained Baseline Profile)"
        stats.variants = [StreamVariant(bandwidth: 5_000_000, width: 1920, height: 1080),
                          StreamVariant(bandwidth: 2_500_000, width: 1280, height: 720),
                          StreamVariant(bandwidth: 1_120_000, width: 640, height: 360)]
        stats.rebufferCount = 2
        player.statisticsOverlay.setShown(true)
        player.statisticsOverlay.show(stats)
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        let statisticsTexts = LabelFit.assertFits(player.statisticsOverlay.root, name: "\(name), statistics")
        XCTAssertTrue(statisticsTexts.contains(tr("Copy")) || player.statisticsOverlay.isCompact,
                      "\(name): \(statisticsTexts)")
        XCTAssertLessThanOrEqual(gtk_widget_get_width(player.statisticsOverlay.root), gtk_widget_get_width(player.widget),
                                 "\(name): the statistics fit the window")
        player.statisticsOverlay.setShown(false)

        player.showMessage(tr("The video service is temporarily unavailable. Please try again later."), retry: {})
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        let messageTexts = LabelFit.assertFits(window, name: "\(name), message")
        XCTAssertTrue(messageTexts.contains(tr("Retry")), "\(name): \(messageTexts)")
    }
}

/// The start page alone in a window, with two recently played entries.
@MainActor enum StartPageFit {
    static func check(name: String, width: Int32, english: Bool) throws {
        let window = gtk_window_new()!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        defer { gtk_window_destroy(gtkWindow) }
        gtk_window_set_default_size(gtkWindow, width, 700)
        let page = StartPage()
        gtk_window_set_child(gtkWindow, page.widget)
        var plays = RecentPlays()
        plays.record(RecentPlay(target: .address("file:///tmp/Holiday.mp4"), title: "Holiday", position: 95))
        plays.record(RecentPlay(target: .videoCloud(accountID: "57838016001", videoID: "5000000000001"), title: "Stream"))
        page.showRecent(plays) { _ in }
        page.showRefusal(tr("Nothing that Cove can play was dropped."))
        gtk_window_present(gtkWindow)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(page.widget) > 0 }, timeout: 10), name)
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        let texts = LabelFit.assertFits(window, name: "\(name), start page")
        XCTAssertTrue(texts.contains(tr("Watch a Video")), "\(name): \(texts)")
        XCTAssertEqual(texts.contains("Watch a Video"), english, "\(name): the page is in the language asked for")

        // The windows the page and the player open: the two forms and the shortcuts window, each at its own size.
        // With its search section (nothing searched: the caption and the field).
        VideoCloudDialog.present(over: window, accountID: "57838016001", search: { _, _ in
            .failure(LaunchOptionsError(message: "unused"))
        }) { _ in nil }
        OpenURLDialog.present(over: window) { _ in }
        ShortcutsWindow.present(over: window)
        let toplevels = gtk_window_get_toplevels()
        var others: [UnsafeMutablePointer<GtkWidget>] = []
        XCTAssertTrue(MainLoop.run(until: {
            others = (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
                let item = g_list_model_get_item(toplevels, index)
                defer { g_object_unref(item) }
                let other = item?.assumingMemoryBound(to: GtkWidget.self)
                return other == window ? nil : other.flatMap { gtk_widget_get_mapped($0) != 0 ? $0 : nil }
            }
            // Mapped is not yet laid out: a window is measured once it has its size.
            return others.count >= 3 && others.allSatisfy { gtk_widget_get_width($0) > 0 }
        }, timeout: 10), "\(name): the dialogs and the shortcuts window opened")
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        var dialogTexts: [String] = []
        for other in others { dialogTexts += LabelFit.assertFits(other, name: "\(name), dialog") }
        for text in [tr("Play from Video Cloud"), tr("Open URL"), tr("Account ID"), tr("Keyboard shortcuts")] {
            XCTAssertTrue(dialogTexts.contains(text), "\(name): “\(text)” in \(dialogTexts)")
        }
        for other in others { gtk_window_destroy(UnsafeMutableRawPointer(other).assumingMemoryBound(to: GtkWindow.self)) }
    }
}

/// The check itself, over every drawn label under a root (a window or a popover).
@MainActor enum LabelFit {
    /// Returns the texts of the labels it checked.
    @discardableResult
    static func assertFits(_ root: UnsafeMutablePointer<GtkWidget>, name: String,
                           file: StaticString = #filePath, line: UInt = #line) -> [String] {
        var texts: [String] = []
        visit(root) { widget in
            guard isLabel(widget), gtk_widget_is_drawable(widget) != 0,
                  let raw = gtk_label_get_text(cast(widget)), raw.pointee != 0 else { return }
            let text = String(cString: raw)
            texts.append(text)
            let what = "\(name): “\(text)”"
            XCTAssertEqual(pango_layout_is_ellipsized(gtk_label_get_layout(cast(widget))), 0, "\(what) is ellipsized",
                           file: file, line: line)
            // The text as laid out for the size GTK gave the label (wrapped to its width if it wraps) must fit it.
            var textWidth: Int32 = 0, textHeight: Int32 = 0
            pango_layout_get_pixel_size(gtk_label_get_layout(cast(widget)), &textWidth, &textHeight)
            XCTAssertGreaterThanOrEqual(gtk_widget_get_width(widget), textWidth, "\(what) is narrower than its text",
                                        file: file, line: line)
            XCTAssertGreaterThanOrEqual(gtk_widget_get_height(widget), textHeight, "\(what) is lower than its text",
                                        file: file, line: line)
            assertInsideAncestors(widget, what: what, file: file, line: line)
        }
        return texts
    }

    /// The label lies inside each box around it up to its window or popover; in a scrolled list only across,
    /// since rows scrolled out of view are meant to be outside.
    private static func assertInsideAncestors(_ label: UnsafeMutablePointer<GtkWidget>, what: String,
                                              file: StaticString, line: UInt) {
        var scrolled = false
        var ancestor = gtk_widget_get_parent(label)
        while let box = ancestor, !isType(box, gtk_native_get_type()) {
            if isType(box, gtk_scrolled_window_get_type()) { scrolled = true }
            ancestor = gtk_widget_get_parent(box)
        }
        ancestor = gtk_widget_get_parent(label)
        while let box = ancestor {
            var bounds = graphene_rect_t()
            if gtk_widget_compute_bounds(label, box, &bounds) != 0 {
                let width = Float(gtk_widget_get_width(box)), height = Float(gtk_widget_get_height(box))
                let typeName = String(cString: g_type_name(gtype(of: box)))
                // One pixel of slack: GTK's own header bar title sits a pixel into the window's frame.
                let inside = bounds.origin.x >= -1 && bounds.origin.x + bounds.size.width <= width + 1
                    && (scrolled || (bounds.origin.y >= -1 && bounds.origin.y + bounds.size.height <= height + 1))
                XCTAssertTrue(inside, "\(what) sticks out of its \(typeName): \(bounds) in \(width)×\(height)",
                              file: file, line: line)
            }
            if isType(box, gtk_native_get_type()) { break }
            ancestor = gtk_widget_get_parent(box)
        }
    }

    private static func visit(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        body(widget)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, body)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func gtype(of widget: UnsafeMutablePointer<GtkWidget>) -> GType {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    }

    private static func isType(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    private static func isLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { isType(widget, gtk_label_get_type()) }
}

/// Switches this process's gettext language and text direction for one block, as `LANGUAGE=xx cove` would at start.
@MainActor enum LanguageSwitch {
    nonisolated private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    nonisolated static func languages() throws -> [String] {
        try String(contentsOf: source.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Compiles po/*.po into a fresh folder, so the test reads the catalogues of this tree.
    nonisolated static func compileCatalogues() throws -> String {
        let directory = NSTemporaryDirectory() + "cove-label-fit-\(getpid())"
        for language in try languages() {
            let folder = "\(directory)/\(language)/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["msgfmt", "-o", folder + "/cove.mo", source.appendingPathComponent("po/\(language).po").path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        }
        return directory
    }

    static func use(_ language: String, catalogues: String, _ body: () throws -> Void) rethrows {
        let previousLocale = String(cString: setlocale(LC_MESSAGES, nil))
        let previousDirection = gtk_widget_get_default_direction()
        setlocale(LC_MESSAGES, "C.UTF-8")  // gettext ignores LANGUAGE under the plain C locale
        setenv("LANGUAGE", language, 1)
        bindtextdomain(gettextDomain, catalogues)
        bind_textdomain_codeset(gettextDomain, "UTF-8")
        textdomain(gettextDomain)  // makes gettext read LANGUAGE again
        gtk_widget_set_default_direction(language == "ar" ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        defer {
            unsetenv("LANGUAGE")
            setlocale(LC_MESSAGES, previousLocale)
            textdomain(gettextDomain)
            gtk_widget_set_default_direction(previousDirection)
        }
        try body()
    }
}
