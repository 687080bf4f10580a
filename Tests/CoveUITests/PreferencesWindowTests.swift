import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

/// The Preferences window: each control shows the choice it was given and reports the viewer's change; what
/// cove.conf or the command line names is shown and cannot be changed.
final class PreferencesWindowTests: XCTestCase {
    func testEachRowShowsAndChangesItsSetting() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let parent = gtk_window_new()!
            defer { gtk_window_destroy(cast(parent)) }
            var reported: [PreferenceChoices] = []
            PreferencesWindow.present(over: parent, choices: PreferenceChoices(audioLanguage: "fr", captionLanguage: "off",
                                                                              quality: "720p", fixed: [.quality])) {
                reported.append($0)
            }
            let preferences = try XCTUnwrap(PreferencesWindow.current)
            XCTAssertEqual(gtk_window_get_transient_for(cast(preferences.window)).map(UnsafeMutableRawPointer.init),
                           UnsafeMutableRawPointer(parent))
            let audio = try XCTUnwrap(preferences.controls[.audioLanguage])
            let captions = try XCTUnwrap(preferences.controls[.captionLanguage])
            let quality = try XCTUnwrap(preferences.controls[.quality])
            let described = try XCTUnwrap(preferences.controls[.audioDescription])
            XCTAssertEqual(gtk_drop_down_get_selected(cast(audio)), guint(PreferencesWindow.languages.firstIndex(of: "fr")! + 1))
            XCTAssertEqual(gtk_drop_down_get_selected(cast(captions)), 1, "Off")
            XCTAssertEqual(gtk_drop_down_get_selected(cast(quality)), guint(PreferencesWindow.qualities.firstIndex(of: "720p")! + 1))
            XCTAssertEqual(gtk_widget_get_sensitive(quality), 0, "cove.conf sets it")
            XCTAssertEqual(gtk_widget_get_sensitive(audio), 1)

            gtk_drop_down_set_selected(cast(audio), 0)
            XCTAssertNil(reported.last?.audioLanguage, "the desktop's language")
            gtk_switch_set_active(cast(described), 1)
            XCTAssertEqual(reported.last?.prefersAudioDescription, true)
            gtk_drop_down_set_selected(cast(captions), guint(PreferencesWindow.languages.firstIndex(of: "de")! + 2))
            XCTAssertEqual(reported.last?.captionLanguage, "de")
            gtk_drop_down_set_selected(cast(captions), 0)
            XCTAssertNil(reported.last?.captionLanguage, "automatic")
            XCTAssertEqual(reported.last?.quality, "720p", "kept")
            let style = try XCTUnwrap(preferences.controls[.style])
            XCTAssertEqual(gtk_drop_down_get_selected(cast(style)), 0, "Follow System")
            gtk_drop_down_set_selected(cast(style), guint(ColorSchemeChoice.allCases.firstIndex(of: .dark)!))
            XCTAssertEqual(reported.last?.style, .dark)

            // Asked again, the one window comes forward.
            PreferencesWindow.present(over: parent, choices: PreferenceChoices()) { _ in XCTFail("a second window") }
            XCTAssertTrue(PreferencesWindow.current === preferences)
            gtk_window_destroy(cast(preferences.window))
            XCTAssertNil(PreferencesWindow.current)
        }
    }

    /// A style chosen is libadwaita's at once, whatever the desktop says; Follow System gives it back.
    func testAChosenStyleAppliesAtOnce() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            defer { ColorSchemeChoice.system.apply() }
            ColorSchemeChoice.dark.apply()
            XCTAssertTrue(ColorSchemeChoice.isDark)
            ColorSchemeChoice.light.apply()
            XCTAssertFalse(ColorSchemeChoice.isDark)
            XCTAssertEqual(ColorSchemeChoice(word: "dark"), .dark)
            XCTAssertEqual(ColorSchemeChoice(word: nil), .system)
            XCTAssertEqual(ColorSchemeChoice(word: "purple"), .system, "a word Cove does not know is the desktop's")
        }
    }
}
