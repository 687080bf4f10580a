import CGtk
import CoveCore

/// Light or dark: the desktop's choice (libadwaita reads the settings portal, then GNOME's `color-scheme`) unless
/// the viewer fixed one in Preferences. Only the application's shell follows it; the player's chrome is the SDK's
/// dark look in both.
public enum ColorSchemeChoice: String, CaseIterable, Sendable {
    case system, light, dark

    /// The preference's word in the settings file; nil (the key left out) is `system`.
    public init(word: String?) {
        self = word.flatMap(ColorSchemeChoice.init(rawValue:)) ?? .system
    }

    public var label: String {
        switch self {
        // TRANSLATORS: the Style preference: light or dark as the desktop is set.
        case .system: tr("Follow System")
        case .light: tr("Light")
        case .dark: tr("Dark")
        }
    }

    public func apply() {
        let scheme = switch self {
        // DEFAULT follows the desktop and is light where it says nothing (PREFER_LIGHT would be the same).
        case .system: ADW_COLOR_SCHEME_DEFAULT
        case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: ADW_COLOR_SCHEME_FORCE_DARK
        }
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
    }

    /// Whether the shell is drawn dark now (the desktop's answer or the forced one).
    public static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }
}
