import CGtk
@testable import CoveUI
import CoveApp
import CoveCore
import CoveGLib
import CoveMedia
import CoveService
import XCTest

/// The Retry button under an error message once read as a blank white box: the theme's light button behind the
/// message's white text. Its label must stand out from its own background whatever the theme, light or dark.
final class RetryButtonStyleTests: XCTestCase {
    func testTheRetryLabelStandsOutFromTheButtonInLightAndDarkThemes() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let original = Self.themeName()
            defer { Self.setThemeName(original) }
            var themeButtons: [String: Double] = [:]
            for theme in ["Adwaita", "Adwaita-dark"] {
                Self.setThemeName(theme)
                themeButtons[theme] = try Self.plainButtonLuminance()
                let contrast = try Self.retryLabelContrast()
                XCTAssertGreaterThanOrEqual(contrast.best, 4.5, "\(theme): the label reads against the button (WCAG AA)")
                XCTAssertGreaterThan(contrast.textPixels, 20, "\(theme): the label is drawn, not a stray pixel")
            }
            // The theme did change under the test: its own buttons are light in one and dark in the other.
            let light = try XCTUnwrap(themeButtons["Adwaita"])
            let dark = try XCTUnwrap(themeButtons["Adwaita-dark"])
            XCTAssertGreaterThan(light - dark, 0.3, "theme buttons: light \(light), dark \(dark)")
        }
    }

    /// The best contrast ratio between a pixel inside the Retry button and the button's own background (its most
    /// common colour), and how many pixels reach at least 3:1.
    @MainActor
    private static func retryLabelContrast() throws -> (best: Double, textPixels: Int) {
        let controller = PlaybackController(captionCueLoader: CaptionLoader().cueLoader, scheduler: MainLoopScheduler()) { GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none)) }
        let player = PlayerView(controller: controller, assets: .network)
        let window = try present(player.widget, width: 640, height: 360)
        defer { gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) }
        player.showMessage(tr("This video could not be found."), retry: {})
        let status = player.status
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(status.retryButton) > 0 }, timeout: 5))
        guard let shot = UITestSupport.renderPixels(status.messageBox) else { throw RenderError() }
        var x = 0.0, y = 0.0
        XCTAssertEqual(gtk_widget_translate_coordinates(status.retryButton, status.messageBox, 0, 0, &x, &y), 1)
        // Inside the border and the rounded corners.
        let inset = 4
        let left = Int(x) + inset, top = Int(y) + inset
        let right = Int(x) + Int(gtk_widget_get_width(status.retryButton)) - inset
        let bottom = Int(y) + Int(gtk_widget_get_height(status.retryButton)) - inset
        var pixels: [UInt32] = []
        for row in max(0, top)..<min(shot.height, bottom) {
            for column in max(0, left)..<min(shot.width, right) { pixels.append(shot.pixels[row * shot.width + column]) }
        }
        XCTAssertFalse(pixels.isEmpty)
        let counts = pixels.reduce(into: [UInt32: Int]()) { $0[$1 & 0xffffff, default: 0] += 1 }
        let background = luminance(counts.max { $0.value < $1.value }?.key ?? 0)
        let ratios = pixels.map { contrast(luminance($0 & 0xffffff), background) }
        return (ratios.max() ?? 1, ratios.filter { $0 >= 3 }.count)
    }

    /// How light the theme's own button is (its most common colour's relative luminance).
    @MainActor
    private static func plainButtonLuminance() throws -> Double {
        let button = gtk_button_new_with_label("Theme")!
        let window = try present(button, width: 120, height: 60)
        defer { gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) }
        guard let shot = UITestSupport.renderPixels(button) else { throw RenderError() }
        let counts = shot.pixels.reduce(into: [UInt32: Int]()) { $0[$1, default: 0] += 1 }
        return luminance((counts.max { $0.value < $1.value }?.key ?? 0) & 0xffffff)
    }

    @MainActor
    private static func present(_ child: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) throws
        -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(gtkWindow, width, height)
        gtk_window_set_child(gtkWindow, child)
        gtk_window_present(gtkWindow)
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(child) > 0 }, timeout: 5))
        return window
    }

    /// WCAG relative luminance of a premultiplied 0xRRGGBB pixel, as it shows over the black video.
    private static func luminance(_ rgb: UInt32) -> Double {
        func channel(_ value: UInt32) -> Double {
            let c = Double(value & 0xff) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb)
    }

    private static func contrast(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    private struct RenderError: Error {}

    @MainActor
    private static var settings: UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(gtk_settings_get_default()!).assumingMemoryBound(to: GObject.self)
    }

    /// GtkSettings' gtk-theme-name (GTK's built-in Adwaita and Adwaita-dark); GTK_THEME in the environment would
    /// override it, which the light/dark check above would notice.
    @MainActor
    private static func themeName() -> String? {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_object_get_property(settings, "gtk-theme-name", &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    @MainActor
    private static func setThemeName(_ name: String?) {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_value_set_string(&value, name)
        g_object_set_property(settings, "gtk-theme-name", &value)
        _ = MainLoop.run(until: { false }, timeout: 0.1)
    }
}
