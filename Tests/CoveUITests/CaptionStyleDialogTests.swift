import CGLib
import CGtk
import CGtkShim
import CoveApp
import CoveCore
import CoveGLib
import CoveMedia
import CoveService
@testable import CoveUI
import Foundation
import XCTest

/// The Caption Style dialog in real GTK: reached from the Audio & Subtitles menu and `win.caption-style`; each
/// control changes the shared style, which every player gets at once (one attached later too); Reset; the player
/// pauses while it is open and plays on after; Escape closes; every control is named for screen readers; its
/// labels fit a 360-pixel-wide window in every language. Pixels of the captions' own drawing are left to the
/// caption renderer's tests (today's overlay only keeps the style).
final class CaptionStyleDialogTests: XCTestCase {
    func testTheDialogOpensFromTheMenuAndTheActionAndEscapeClosesIt() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captionStyleOpensFromTheMenuAndTheAction() } }
    }

    func testEveryControlChangesEveryPlayersCaptionsAndResetRestoresTheDefaults() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captionStyleControlsChangeEveryPlayer() } }
    }

    func testThePlayerPausesWhileTheDialogIsOpenAndPlaysOnAfter() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captionStylePausesThePlayer() } }
    }

    func testEveryControlHasAnAccessibleNameAndAMnemonicLabel() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captionStyleControlsAreNamed() } }
    }

    /// Every language at 360 pixels wide; with COVE_SCREENSHOT_DIR set, the English and Arabic dialogs are saved
    /// there (data/screenshots/caption-style.png and caption-style-ar.png).
    func testTheDialogFitsA360PixelWindowInEveryLanguage() throws {
        let catalogues = try LanguageSwitch.compileCatalogues()
        defer { try? FileManager.default.removeItem(atPath: catalogues) }
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            for language in ["en"] + (try LanguageSwitch.languages()) {
                try LanguageSwitch.use(language, catalogues: catalogues) {
                    try PlayerViewScenario.run { try $0.captionStyleFits(language: language) }
                }
            }
        }
    }
}

extension PlayerViewScenario {
    /// A player in a window with `win.caption-style`, attached to a fresh store.
    func makeStyledPlayer(width: Int32 = 960, height: Int32 = 540) throws -> (PlayerView, CaptionStyleStore) {
        let player = try makePlayer(width: width, height: height)
        let store = CaptionStyleStore()
        store.attach(player)
        CaptionStyleDialog.installAction(on: window, player: player, store: store)
        return (player, store)
    }

    func makeSecondPlayer() -> PlayerView {
        let controller = PlaybackController(captionCueLoader: CaptionLoader().cueLoader, scheduler: MainLoopScheduler()) {
            GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
        }
        return PlayerView(controller: controller, assets: .network)
    }

    private func waitForDialog(_ player: PlayerView) -> CaptionStyleDialog? {
        var dialog: CaptionStyleDialog?
        _ = MainLoop.run(until: {
            dialog = CaptionStyleDialog.openDialog(for: player)
            return dialog.map { gtk_widget_get_mapped($0.window) != 0 } ?? false
        }, timeout: 5)
        return dialog
    }

    func captionStyleOpensFromTheMenuAndTheAction() throws {
        let (player, store) = try makeStyledPlayer()
        defer { finish(player) }
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(player.widget) != 0 }, timeout: 10))

        // The Audio & Subtitles menu's item, as a keyboard user activates it.
        player.audioSubtitles.open()
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(player.audioSubtitles.popover) != 0 }, timeout: 5))
        let item = try XCTUnwrap(player.audioSubtitles.captionStyleItem)
        XCTAssertEqual(String(cString: gtk_button_get_label(cast(item))), tr("Caption Style…"))
        XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(item)).map { String(cString: $0) }, "win.caption-style")
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_sensitive(item) != 0 }, timeout: 5), "the window has the action")
        gtk_widget_activate(item)
        let dialog = try XCTUnwrap(waitForDialog(player), "the menu item opened the dialog")
        XCTAssertTrue(MainLoop.run(until: { !player.audioSubtitles.isOpen }, timeout: 5), "the menu closed")
        XCTAssertTrue(dialog.store === store)
        XCTAssertEqual(gtk_window_get_transient_for(cast(dialog.window)).map { asWidget($0) }, window,
                       "over the window that opened it")
        XCTAssertEqual(String(cString: gtk_window_get_title(cast(dialog.window))), tr("Caption Style"))
        // The action again presents the same dialog, not a second one.
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "win.caption-style", nil), 1)
        XCTAssertTrue(CaptionStyleDialog.openDialog(for: player) === dialog)

        // Escape, typed through the X server into the dialog, closes it.
        try typeEscape(intoWindowNamed: tr("Caption Style"))
        XCTAssertTrue(MainLoop.run(until: { CaptionStyleDialog.openDialog(for: player) == nil }, timeout: 5),
                      "Escape closed the dialog")

        // The More menu, the player's general menu, offers it too.
        player.overflowMenu.open()
        XCTAssertTrue(MainLoop.run(until: { player.overflowMenu.isOpen }, timeout: 5))
        let more = try XCTUnwrap(player.overflowMenu.captionStyleItem)
        XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(more)).map { String(cString: $0) }, "win.caption-style")
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_sensitive(more) != 0 }, timeout: 5))
        gtk_widget_activate(more)
        let fromMore = try XCTUnwrap(waitForDialog(player), "the More menu's item opened the dialog")
        XCTAssertTrue(MainLoop.run(until: { !player.overflowMenu.isOpen }, timeout: 5), "the More menu closed")
        gtk_widget_activate(fromMore.closeButton)
        XCTAssertTrue(MainLoop.run(until: { CaptionStyleDialog.openDialog(for: player) == nil }, timeout: 5))

        // The action (as the application's own menus and D-Bus use it) opens it too; Close closes it.
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "win.caption-style", nil), 1)
        let again = try XCTUnwrap(waitForDialog(player), "the action opened the dialog")
        XCTAssertFalse(again === dialog)
        gtk_widget_activate(again.closeButton)
        XCTAssertTrue(MainLoop.run(until: { CaptionStyleDialog.openDialog(for: player) == nil }, timeout: 5))
    }

    private func typeEscape(intoWindowNamed title: String) throws {
        let tool = "/usr/bin/xdotool"
        var found: Substring?
        let deadline = Date().addingTimeInterval(10)
        while found == nil, Date() < deadline {
            found = (try? XDoTool.run(tool, ["search", "--all", "--onlyvisible", "--pid", "\(getpid())", "--name", "^\(title)$"]))?
                .split(separator: "\n").first
            if found == nil { _ = MainLoop.run(until: { false }, timeout: 0.1) }
        }
        let dialogWindow = try XCTUnwrap(found, "the dialog's X window")
        _ = try XDoTool.run(tool, ["windowfocus", "--sync", String(dialogWindow)])
        _ = MainLoop.run(until: { false }, timeout: 0.2)
        _ = try XDoTool.run(tool, ["key", "Escape"])
    }

    func captionStyleControlsChangeEveryPlayer() throws {
        let (player, store) = try makeStyledPlayer()
        defer { finish(player) }
        let second = makeSecondPlayer()
        store.attach(second)
        let dialog = CaptionStyleDialog.present(for: player, store: store)
        defer { dialog.close() }
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(dialog.window) != 0 }, timeout: 5))
        XCTAssertTrue(dialog.showsSample, "no caption on screen: the dialog shows a sample")

        func expect(_ check: (CaptionAppearance) -> Bool, _ what: String, line: UInt = #line) {
            XCTAssertTrue(check(store.appearance), "\(what): the store", line: line)
            XCTAssertTrue(check(player.captionAppearance), "\(what): the player that opened it", line: line)
            XCTAssertTrue(check(second.captionAppearance), "\(what): the other player", line: line)
        }

        for (index, family) in CaptionStyleDialog.fontChoices.enumerated() {
            gtk_drop_down_set_selected(cast(dialog.fontDropDown), guint(index))
            expect({ $0.fontFamily == family }, "font \(String(describing: family))")
        }
        gtk_spin_button_set_value(cast(dialog.sizeSpin), 150)
        expect({ $0.sizePercent == 150 }, "size 150")
        gtk_spin_button_set_value(cast(dialog.sizeSpin), 1_000)
        expect({ $0.sizePercent == 300 }, "size stops at 300")
        gtk_spin_button_set_value(cast(dialog.sizeSpin), 10)
        expect({ $0.sizePercent == 50 }, "size stops at 50")

        for role in CaptionAppearance.ColorRole.allCases {
            let colors = try XCTUnwrap(dialog.colorDropDowns[role])
            let opacity = try XCTUnwrap(dialog.opacitySpins[role])
            XCTAssertEqual(gtk_drop_down_get_selected(cast(colors)), 0, "\(role): Default at first")
            XCTAssertEqual(gtk_widget_get_sensitive(opacity), 0, "\(role): Cove's own colour has no opacity to change")
            // Yellow is the palette's sixth colour, after Default.
            gtk_drop_down_set_selected(cast(colors), 6)
            expect({ $0[role]?.rgb == 0xFF_FF00 }, "\(role) yellow")
            XCTAssertEqual(gtk_widget_get_sensitive(opacity), 1)
            gtk_spin_button_set_value(cast(opacity), 40)
            expect({ $0[role] == .init(rgb: 0xFF_FF00, opacity: 0.4) }, "\(role) at 40 %")
            gtk_drop_down_set_selected(cast(colors), 4)
            expect({ $0[role] == .init(rgb: 0x00_FF00, opacity: 0.4) }, "\(role) green keeps its opacity")
        }
        for (index, edge) in CaptionStyleDialog.edgeChoices.enumerated() {
            gtk_drop_down_set_selected(cast(dialog.edgeDropDown), guint(index))
            expect({ $0.characterEdge == edge }, "edge \(String(describing: edge))")
        }

        // A player attached later (a second window) gets the style as it is now.
        let later = makeSecondPlayer()
        store.attach(later)
        XCTAssertEqual(later.captionAppearance, store.appearance)
        XCTAssertNotEqual(later.captionAppearance, .default)

        // A colour that is none of the palette's (from the state file) is offered as Custom.
        var custom = store.appearance
        custom.textColor = .init(rgb: 0x12_3456, opacity: 0.8)
        store.appearance = custom
        let textColors = try XCTUnwrap(dialog.colorDropDowns[.text])
        XCTAssertEqual(gtk_drop_down_get_selected(cast(textColors)), 9, "Custom, after the palette")
        XCTAssertEqual(gtk_spin_button_get_value(cast(try XCTUnwrap(dialog.opacitySpins[.text]))), 80)

        // A button's "activate" (Enter, Space) clicks it after its pressed look has shown.
        gtk_widget_activate(dialog.resetButton)
        XCTAssertTrue(MainLoop.run(until: { store.appearance == .default }, timeout: 5), "Reset")
        expect({ $0 == .default }, "Reset")
        XCTAssertEqual(later.captionAppearance, .default)
        XCTAssertEqual(gtk_drop_down_get_selected(cast(dialog.fontDropDown)), 0, "the controls show the defaults")
        XCTAssertEqual(gtk_drop_down_get_selected(cast(dialog.edgeDropDown)), 0)
        XCTAssertEqual(gtk_spin_button_get_value(cast(dialog.sizeSpin)), 100)
        for role in CaptionAppearance.ColorRole.allCases {
            XCTAssertEqual(gtk_drop_down_get_selected(cast(try XCTUnwrap(dialog.colorDropDowns[role]))), 0)
        }

        // A player that went is let go.
        store.detach(second)
        XCTAssertEqual(store.attachedPlayers.count, 2)
    }

    func captionStylePausesThePlayer() throws {
        let (player, store) = try makeStyledPlayer()
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.status == .playing }, timeout: 20), "playing")
        let dialog = CaptionStyleDialog.present(for: player, store: store)
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.status == .paused }, timeout: 5),
                      "paused while the dialog is open: \(player.controller.state.status)")
        XCTAssertTrue(dialog.resumesPlayback)
        gtk_drop_down_set_selected(cast(dialog.edgeDropDown), 5)
        XCTAssertEqual(player.captionAppearance.characterEdge, .dropShadow, "applied at once over the paused picture")
        dialog.close()
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.status == .playing }, timeout: 10),
                      "plays on: \(player.controller.state.status)")

        // Opened while paused, it leaves the player paused.
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { player.controller.state.status == .paused }, timeout: 5))
        let paused = CaptionStyleDialog.present(for: player, store: store)
        XCTAssertFalse(paused.resumesPlayback)
        paused.close()
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        XCTAssertEqual(player.controller.state.status, .paused)
    }

    func captionStyleControlsAreNamed() throws {
        let (player, store) = try makeStyledPlayer()
        defer { finish(player) }
        let dialog = CaptionStyleDialog.present(for: player, store: store)
        defer { dialog.close() }
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(dialog.window) != 0 }, timeout: 5))
        let named = dialog.namedControls
        XCTAssertEqual(named.count, 11, "font, size, three colours and their opacities, edge, Reset, Close")
        XCTAssertEqual(Set(named.map(\.name)).count, named.count, "no two controls share a name: \(named.map(\.name))")
        for control in named {
            XCTAssertFalse(control.name.isEmpty)
            XCTAssertFalse(control.name.contains("_"), "\(control.name): the mnemonic's underscore is not read out")
        }
        // Every control a keyboard can reach is one of them, and each row's label is its mnemonic label.
        var focusable: [Widget] = []
        visit(dialog.window) { widget in
            for type in [gtk_drop_down_get_type(), gtk_spin_button_get_type(), gtk_button_get_type()]
                where g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
                // The drop-downs' own inner toggle buttons are parts of them.
                if !self.isInside(widget, anyOf: focusable) { focusable.append(widget) }
            }
        }
        XCTAssertEqual(Set(focusable), Set(named.map(\.widget)), "every control is named")
        for control in named where control.widget != dialog.resetButton && control.widget != dialog.closeButton {
            let labels = gtk_widget_list_mnemonic_labels(control.widget)
            defer { g_list_free(labels) }
            XCTAssertEqual(g_list_length(labels), 1, "\(control.name) has its mnemonic label")
            if let label = labels?.pointee.data?.assumingMemoryBound(to: GtkWidget.self) {
                XCTAssertEqual(String(cString: gtk_label_get_text(cast(label))), control.name)
                XCTAssertNotEqual(gtk_label_get_mnemonic_keyval(cast(label)), guint(GDK_KEY_VoidSymbol),
                                  "\(control.name) has an Alt key")
            }
        }
        XCTAssertEqual(gtk_root_get_focus(cast(dialog.window)), dialog.fontDropDown.firstFocusable,
                       "the keyboard starts on the first control")
    }

    private func isInside(_ widget: Widget, anyOf others: [Widget]) -> Bool {
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor {
            if others.contains(current) { return true }
            ancestor = gtk_widget_get_parent(current)
        }
        return false
    }

    private func visit(_ widget: Widget, _ body: (Widget) -> Void) {
        body(widget)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, body)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    func captionStyleFits(language: String) throws {
        let (player, store) = try makeStyledPlayer(width: 360, height: 640)
        defer { finish(player) }
        var shown = CaptionAppearance()
        shown.fontFamily = .proportionalSansSerif
        shown.sizePercent = 120
        shown.textColor = .init(rgb: 0xFF_FF00, opacity: 1)
        shown.backgroundColor = .init(rgb: 0x00_0000, opacity: 0.6)
        shown.characterEdge = .dropShadow
        store.appearance = shown
        let dialog = CaptionStyleDialog.present(for: player, store: store)
        defer { dialog.close() }
        gtk_window_set_default_size(cast(dialog.window), 360, 760)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(dialog.window) > 0 }, timeout: 10), language)
        _ = MainLoop.run(until: { false }, timeout: 0.5)
        XCTAssertLessThanOrEqual(gtk_widget_get_width(dialog.window), 360, "\(language): the dialog is 360 pixels wide")
        let texts = LabelFit.assertFits(dialog.window, name: "\(language), Caption Style")
        for text in [tr("Caption Style"), tr("Text _size (%)").filter { $0 != "_" }, tr("Character _edge").filter { $0 != "_" },
                     tr("Proportional sans-serif"), tr("Yellow"), tr("Drop shadow")] {
            XCTAssertTrue(texts.contains(text), "\(language): “\(text)” in \(texts)")
        }
        if language != "en" {
            XCTAssertFalse(texts.contains("Caption Style"), "\(language): translated")
        }
        if let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"], language == "en" || language == "ar",
           let texture = cove_widget_render_texture(dialog.window) {
            gdk_texture_save_to_png(texture, directory + "/caption-style\(language == "en" ? "" : "-" + language).png")
            g_object_unref(UnsafeMutableRawPointer(texture))
        }
    }
}

private extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget that takes the focus for it (a drop-down's inner button).
    var firstFocusable: Widget? {
        var found: Widget?
        func look(_ widget: Widget) {
            guard found == nil else { return }
            if gtk_widget_get_focusable(widget) != 0 { found = widget; return }
            var child = gtk_widget_get_first_child(widget)
            while let current = child { look(current); child = gtk_widget_get_next_sibling(current) }
        }
        look(self)
        return found
    }
}
