import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

/// The More menu's analytics switches: check items bound to the window's boolean actions; turning statistics off
/// greys out the identifier switch, and every change reaches the app.
final class AnalyticsPreferencesTests: XCTestCase {
    func testTheSwitchesFollowAndReportTheirActions() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let window = gtk_window_new()!
            defer { gtk_window_destroy(cast(window)) }
            var changes: [(String, Bool)] = []
            AnalyticsPreferences.installActions(on: window, send: true, identifier: true) { changes.append(($0, $1)) }
            let items = AnalyticsPreferences.makeItems()
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            for item in items { gtk_box_append(cast(box), item) }
            gtk_window_set_child(cast(window), box)
            gtk_window_present(cast(window))
            _ = MainLoop.run(until: { gtk_widget_get_mapped(items[1]) != 0 }, timeout: 5)
            XCTAssertEqual(items.map { gtk_check_button_get_active(cast($0)) }, [1, 1], "both on, as kept")
            XCTAssertEqual(gtk_widget_get_sensitive(items[1]), 1)

            gtk_widget_activate(items[0])
            _ = MainLoop.run(until: { gtk_check_button_get_active(cast(items[0])) == 0 }, timeout: 2)
            XCTAssertEqual(changes.map(\.0), [AnalyticsPreferences.sendAction])
            XCTAssertEqual(changes.map(\.1), [false])
            XCTAssertEqual(gtk_check_button_get_active(cast(items[0])), 0)
            XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_sensitive(items[1]) == 0 }, timeout: 2),
                          "no identifier to include while nothing is sent")
        }
    }
}
