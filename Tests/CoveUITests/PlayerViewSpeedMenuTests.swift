import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

extension PlayerViewTests {
    func testTheMoreMenuSetsAndShowsThePlaybackSpeed() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.moreMenuSetsAndShowsThePlaybackSpeed() } }
    }
}

extension PlayerViewScenario {
    /// The More button opens Playback Speed. Choosing 1.5× plays at 1.5×, checks 1.5× and closes the menu; a speed
    /// changed elsewhere (the controller, `player.set-rate` as MPRIS uses it, the `]` key's action) moves the check
    /// mark; a pointer click on an item chooses it too, and closes the menu.
    func moreMenuSetsAndShowsThePlaybackSpeed() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        let button = player.controlBar.overflowButton
        XCTAssertEqual(gtk_widget_get_child_visible(button), 1, "the More button is in the bar")
        XCTAssertEqual(gtk_widget_get_tooltip_text(button).map { String(cString: $0) }, tr("More"))
        let menu = player.overflowMenu
        XCTAssertFalse(menu.isOpen)

        gtk_widget_activate(button)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(menu.popover) != 0 }, timeout: 5), "the menu opened")
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertTrue(player.controlsVisible, "controls stay while the menu is open")
        XCTAssertEqual(menu.speedItems.map(\.rate), [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3])
        XCTAssertEqual(menu.speedItems.map { label(of: $0.button) },
                       [tr("0.5×"), tr("0.75×"), tr("Normal"), tr("1.25×"), tr("1.5×"), tr("1.75×"), tr("2×"), tr("2.5×"),
                        tr("3×")])
        for item in menu.speedItems {
            XCTAssertEqual(gtk_actionable_get_action_name(OpaquePointer(item.button)).map { String(cString: $0) },
                           "player.set-rate")
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(item.button)), GTK_ACCESSIBLE_ROLE_RADIO,
                           "a screen reader reads a choice")
        }
        XCTAssertEqual(checked(menu), [1], "Normal is checked at first")
        let texts = LabelFit.assertFits(menu.popover, name: "More menu")
        XCTAssertTrue(texts.contains(tr("Playback Speed")), "\(texts)")

        // As a keyboard user chooses (Enter on the item emits the same "activate").
        let fast = try XCTUnwrap(menu.speedItems.first { $0.rate == 1.5 }?.button)
        gtk_widget_activate(fast)
        XCTAssertTrue(MainLoop.run(until: { player.controller.playbackRate == 1.5 }, timeout: 5))
        XCTAssertEqual(player.controller.playbackRate, 1.5)
        XCTAssertEqual(player.controller.state.rate, 1.5)
        XCTAssertEqual(gtk_check_button_get_active(cast(fast)), 1, "1.5× is the active item")
        XCTAssertEqual(checked(menu), [1.5], "and the only one")
        XCTAssertTrue(MainLoop.run(until: { !menu.isOpen }, timeout: 5), "choosing closes the menu")
        XCTAssertTrue(MainLoop.run(until: { gtk_root_get_focus(gtk_widget_get_root(button)) == button }, timeout: 5),
                      "the keyboard focus is back on the More button")

        // Changed elsewhere, the check mark follows, menu open or closed.
        player.controller.playbackRate = 0.75
        XCTAssertTrue(MainLoop.run(until: { self.checked(menu) == [0.75] }, timeout: 5), "\(checked(menu))")
        player.send(.setRate(2))
        XCTAssertTrue(MainLoop.run(until: { self.checked(menu) == [2] }, timeout: 5), "\(checked(menu))")
        XCTAssertEqual(player.controller.playbackRate, 2)
        player.send(.setRate(0.25))
        XCTAssertTrue(MainLoop.run(until: { self.checked(menu) == [] }, timeout: 5), "0.25× is none of the menu's")
        // The action the `]` key runs (PlayerViewTests' keyboard test types the key itself).
        player.actions.activate("faster")
        XCTAssertEqual(player.controller.playbackRate, 0.5)
        XCTAssertTrue(MainLoop.run(until: { self.checked(menu) == [0.5] }, timeout: 5), "\(checked(menu))")
        gtk_widget_activate(button)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_mapped(menu.popover) != 0 }, timeout: 5))
        _ = MainLoop.run(until: { false }, timeout: 0.3)
        XCTAssertEqual(checked(menu), [0.5], "opened again, the menu shows that speed")

        // A real pointer click through the X server on Normal.
        let normal = try XCTUnwrap(menu.speedItems.first { $0.rate == 1 }?.button)
        try XDoTool.click(normal, inWindowOf: getpid())
        XCTAssertTrue(MainLoop.run(until: { player.controller.playbackRate == 1 }, timeout: 5),
                      "the click chose Normal: \(player.controller.playbackRate)")
        XCTAssertTrue(MainLoop.run(until: { !menu.isOpen }, timeout: 5), "the click closed the menu")
        XCTAssertEqual(checked(menu), [1])
    }

    /// The rates of the checked speed items.
    func checked(_ menu: OverflowMenu) -> [Double] {
        menu.speedItems.filter { gtk_check_button_get_active(cast($0.button)) != 0 }.map(\.rate)
    }

    private func label(of item: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_check_button_get_label(cast(item)).map { String(cString: $0) }
    }
}

extension XDoTool {
    /// Clicks the middle of `widget` with the X pointer. The widget may be in a popover: its place on the screen is
    /// the window's (from xdotool), the popover's place in the window (GdkPopup) and the widget's in the popover.
    @MainActor static func click(_ widget: UnsafeMutablePointer<GtkWidget>, inWindowOf pid: Int32) throws {
        let tool = "/usr/bin/xdotool"
        // The X window of the widget's GTK window: the process's window of that surface's size.
        let root = try XCTUnwrap(gtk_widget_get_root(widget))
        var (x, y) = try XCTUnwrap(try screenOrigin(of: gtk_native_get_surface(root), pid: pid),
                                   "no window of process \(pid) is the size of the widget's window")
        let native = try XCTUnwrap(gtk_widget_get_native(widget))
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var middle = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2,
                                      y: Float(gtk_widget_get_height(widget)) / 2)
        var inNative = graphene_point_t()
        XCTAssertEqual(gtk_widget_compute_point(widget, nativeWidget, &middle, &inNative), 1)
        var offsetX = 0.0, offsetY = 0.0
        gtk_native_get_surface_transform(native, &offsetX, &offsetY)
        x += Double(inNative.x) + offsetX
        y += Double(inNative.y) + offsetY
        if gtk_widget_get_native(gtk_widget_get_parent(nativeWidget)) != nil {
            // A popover: its surface is placed relative to its parent's surface (here the window's).
            let surface = gtk_native_get_surface(native)
            x += Double(gdk_popup_get_position_x(surface))
            y += Double(gdk_popup_get_position_y(surface))
            // Only once the X server shows the popover, or the click lands on what lies under it.
            XCTAssertNotNil(try screenOrigin(of: surface, pid: pid), "the popover's X window is shown")
        }
        _ = try run(tool, ["mousemove", "--sync", String(Int(x.rounded())), String(Int(y.rounded()))])
        _ = MainLoop.run(until: { false }, timeout: 0.2)
        _ = try run(tool, ["click", "1"])
    }

    /// Where the X server shows a visible window of `pid` with the size of `surface`; waits up to 5 s for it,
    /// running the main loop meanwhile (xdotool blocks it).
    @MainActor private static func screenOrigin(of surface: OpaquePointer?,
                                                pid: Int32) throws -> (x: Double, y: Double)? {
        let tool = "/usr/bin/xdotool"
        let size = (Double(gdk_surface_get_width(surface)), Double(gdk_surface_get_height(surface)))
        let deadline = Date().addingTimeInterval(5)
        repeat {
            for window in try run(tool, ["search", "--onlyvisible", "--pid", "\(pid)"]).split(separator: "\n") {
                let geometry = try run(tool, ["getwindowgeometry", "--shell", String(window)])
                let values = Dictionary(geometry.split(separator: "\n").compactMap { line -> (String, Double)? in
                    let parts = line.split(separator: "=")
                    guard parts.count == 2, let value = Double(parts[1]) else { return nil }
                    return (String(parts[0]), value)
                }, uniquingKeysWith: { first, _ in first })
                if values["WIDTH"] == size.0, values["HEIGHT"] == size.1, let x = values["X"], let y = values["Y"] {
                    return (x, y)
                }
            }
            _ = MainLoop.run(until: { false }, timeout: 0.1)
        } while Date() < deadline
        return nil
    }
}
