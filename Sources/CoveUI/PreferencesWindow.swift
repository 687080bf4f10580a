import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// What the Preferences window shows and changes: the viewer's standing wishes for every new video. The settings
/// `cove.conf` or the command line name are shown as they are there, and cannot be changed here.
public struct PreferenceChoices: Sendable, Equatable {
    public enum Setting: Sendable, Hashable {
        case audioLanguage, captionLanguage, audioDescription, quality, alwaysResume, style
    }

    /// A language code; nil is the desktop's.
    public var audioLanguage: String?
    /// A language code, "off"; nil is automatic.
    public var captionLanguage: String?
    public var prefersAudioDescription: Bool
    /// "720p"; nil is Auto.
    public var quality: String?
    /// A video left midway starts where it was left, without the offer.
    public var alwaysResume: Bool
    /// Light, dark, or as the desktop is.
    public var style: ColorSchemeChoice
    public var fixed: Set<Setting>

    public init(audioLanguage: String? = nil, captionLanguage: String? = nil, prefersAudioDescription: Bool = false,
                quality: String? = nil, alwaysResume: Bool = false, style: ColorSchemeChoice = .system,
                fixed: Set<Setting> = []) {
        self.style = style
        self.audioLanguage = audioLanguage
        self.captionLanguage = captionLanguage
        self.prefersAudioDescription = prefersAudioDescription
        self.quality = quality
        self.alwaysResume = alwaysResume
        self.fixed = fixed
    }
}

/// Preferences (`app.preferences`, Ctrl+,): libadwaita's preferences window, a page of titled groups of rows, each a
/// title, a subtitle a screen reader reads with it, and its control. Appearance (the style), Playback (audio
/// language, audio description, captions, quality, resuming), Captions (the caption style) and Privacy (the
/// analytics switches of the window it opened over). It stores nothing itself: each change goes to `changed`.
@MainActor
public final class PreferencesWindow {
    public let window: Widget
    private var choices: PreferenceChoices
    private let changed: (PreferenceChoices) -> Void
    /// The languages offered, by code; the drop-downs' first items are the desktop's language, Automatic, Off.
    static let languages = ["ar", "de", "en", "es", "fr", "hi", "it", "ja", "ko", "nl", "pl", "pt", "ru", "sv", "tr", "zh"]
    static let qualities = ["2160p", "1440p", "1080p", "720p", "480p", "360p", "240p"]
    /// The controls by setting, for tests.
    private(set) var controls: [PreferenceChoices.Setting: Widget] = [:]

    private static var shown: PreferencesWindow?

    /// Shows the window over `parent` (raising it if it is open).
    public static func present(over parent: Widget, choices: PreferenceChoices,
                               changed: @escaping (PreferenceChoices) -> Void) {
        if let shown { return gtk_window_present(cast(shown.window)) }
        let preferences = PreferencesWindow(parent: parent, choices: choices, changed: changed)
        shown = preferences
        Signals.connect(preferences.window, "destroy") { shown = nil }
        gtk_window_present(cast(preferences.window))
    }

    /// The window open now, for tests.
    static var current: PreferencesWindow? { shown }

    private init(parent: Widget, choices: PreferenceChoices, changed: @escaping (PreferenceChoices) -> Void) {
        self.choices = choices
        self.changed = changed
        window = adw_preferences_window_new()
        gtk_window_set_title(cast(window), tr("Preferences"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), 560, 640)
        // The Privacy switches are the parent window's actions.
        gtk_widget_insert_action_group(window, "win", WindowActions.map(of: parent))
        // One page of a few rows: neither a page switcher nor a search would help.
        adw_preferences_window_set_search_enabled(cast(window), 0)
        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), tr("Preferences"))
        adw_preferences_page_set_icon_name(cast(page), "preferences-system-symbolic")
        build(in: page)
        adw_preferences_window_add(cast(window), cast(page))
        // The page scrolls in a window of its own making, whose bars are nameless.
        AccessibleNames.nameAll(under: window, type: gtk_scrollbar_get_type(), tr("Preferences"))
        // libadwaita keeps its search's entry and button in the window, nameless, even with the search off.
        AccessibleNames.nameAll(under: window, type: gtk_search_entry_get_type(), tr("Search Preferences"))
        AccessibleNames.nameAll(under: window, type: gtk_toggle_button_get_type(), tr("Search"))
    }

    private func build(in page: Widget) {
        let appearance = group(tr("Appearance"), in: page)
        let styles = ColorSchemeChoice.allCases
        let style = dropDown(styles.map(\.label), selected: styles.firstIndex(of: choices.style) ?? 0)
        // TRANSLATORS: the Style preference's subtitle: the player's own controls stay dark in either style.
        let styleSubtitle = tr("Windows and pages; the player's controls stay dark")
        row(tr("Style"), subtitle: styleSubtitle, style, .style, in: appearance) { [weak self] index in
            self?.update { $0.style = styles[index] }
        }

        let playback = group(tr("Playback"), in: page)
        let languages = Self.languages.map { LanguageNames.autonym(for: $0) ?? $0 }
        // TRANSLATORS: the audio language preference's first choice: the desktop's own language.
        let audio = dropDown([tr("The desktop's language")] + languages,
                             selected: choices.audioLanguage.flatMap { Self.languages.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        row(tr("Audio language"), subtitle: tr("For every new video that has it"), audio, .audioLanguage,
            in: playback) { [weak self] index in
            self?.update { $0.audioLanguage = index == 0 ? nil : Self.languages[index - 1] }
        }
        let described = gtk_switch_new()!
        gtk_switch_set_active(cast(described), choices.prefersAudioDescription ? 1 : 0)
        row(tr("Prefer audio description"), subtitle: tr("A narration of what is shown, where the video has one"),
            described, .audioDescription, in: playback)
        Signals.connectNotify(described, property: "active") { [weak self] in
            self?.update { $0.prefersAudioDescription = gtk_switch_get_active(cast(described)) != 0 }
        }
        let captionIndex = switch choices.captionLanguage {
        case nil: 0
        case "off"?: 1
        case let code?: (Self.languages.firstIndex(of: code) ?? -2) + 2
        }
        // TRANSLATORS: the captions preference's first choice: captions when the audio is not in the viewer's
        // language.
        let captions = dropDown([tr("When the audio is in another language"), tr("Off")] + languages,
                                selected: max(0, captionIndex))
        row(tr("Captions"), subtitle: tr("Captions or subtitles shown when a video starts"), captions,
            .captionLanguage, in: playback) { [weak self] index in
            self?.update { $0.captionLanguage = index == 0 ? nil : index == 1 ? "off" : Self.languages[index - 2] }
        }
        let quality = dropDown([tr("Auto")] + Self.qualities,
                               selected: choices.quality.flatMap { Self.qualities.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        row(tr("Quality"), subtitle: tr("The highest picture size a stream plays at"), quality, .quality,
            in: playback) { [weak self] index in
            self?.update { $0.quality = index == 0 ? nil : Self.qualities[index - 1] }
        }
        let resume = gtk_switch_new()!
        gtk_switch_set_active(cast(resume), choices.alwaysResume ? 1 : 0)
        row(tr("Always resume where I left off"), subtitle: tr("Without asking, for a video left midway"), resume,
            .alwaysResume, in: playback)
        Signals.connectNotify(resume, property: "active") { [weak self] in
            self?.update { $0.alwaysResume = gtk_switch_get_active(cast(resume)) != 0 }
        }

        let captionStyle = group(tr("Captions"), in: page)
        let styleButton = gtk_button_new_with_label(tr("Caption Style…"))!
        gtk_widget_set_valign(styleButton, GTK_ALIGN_CENTER)
        gtk_actionable_set_action_name(OpaquePointer(styleButton), "win.caption-style")
        let styleRow = adw_action_row_new()!
        adw_preferences_row_set_title(cast(styleRow), tr("Caption style"))
        adw_action_row_set_subtitle(cast(styleRow), tr("Font, size, colours and background of captions"))
        adw_action_row_add_suffix(cast(styleRow), styleButton)
        adw_preferences_group_add(cast(captionStyle), styleRow)

        let privacy = group(tr("Privacy"), in: page)
        for item in AnalyticsPreferences.makeItems() {
            let row = adw_action_row_new()!
            adw_action_row_add_prefix(cast(row), item)
            adw_action_row_set_activatable_widget(cast(row), item)
            adw_preferences_group_add(cast(privacy), row)
        }
    }

    private func update(_ change: (inout PreferenceChoices) -> Void) {
        change(&choices)
        changed(choices)
    }

    /// A titled group of rows on the page.
    private func group(_ title: String, in page: Widget) -> Widget {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(group), title)
        adw_preferences_page_add(cast(page), cast(group))
        return group
    }

    /// A row: its title and subtitle, the control at its end. A setting cove.conf or the command line fixes says
    /// so in its subtitle, which a screen reader reads with the control (a tooltip it would not).
    private func row(_ title: String, subtitle: String, _ control: Widget, _ setting: PreferenceChoices.Setting,
                     in group: Widget, selected: ((Int) -> Void)? = nil) {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        let fixed = choices.fixed.contains(setting)
        // TRANSLATORS: why a preference cannot be changed: the settings file (or the command line) sets it.
        let shown = fixed ? tr("Set in cove.conf or on the command line") : subtitle
        adw_action_row_set_subtitle(cast(row), shown)
        gtk_widget_set_valign(control, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cast(row), control)
        adw_action_row_set_activatable_widget(cast(row), control)
        // The row names its control by its title; the subtitle is the control's description.
        cove_accessible_set_description(control, shown)
        if fixed { gtk_widget_set_sensitive(control, 0) }
        if let selected {
            Signals.connectNotify(control, property: "selected") {
                selected(Int(gtk_drop_down_get_selected(cast(control))))
            }
        }
        adw_preferences_group_add(cast(group), row)
        controls[setting] = control
    }

    private func dropDown(_ titles: [String], selected: Int) -> Widget {
        let list = gtk_string_list_new(nil)!
        for title in titles { gtk_string_list_append(list, title) }
        let dropDown = gtk_drop_down_new(list, nil)!
        gtk_drop_down_set_selected(cast(dropDown), guint(selected))
        return dropDown
    }
}
