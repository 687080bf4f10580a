import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// What the Preferences window shows and changes: the viewer's standing wishes for every new video. The settings
/// `cove.conf` or the command line name are shown as they are there, and cannot be changed here.
public struct PreferenceChoices: Sendable, Equatable {
    public enum Setting: Sendable, Hashable { case audioLanguage, captionLanguage, audioDescription, quality, alwaysResume }

    /// A language code; nil is the desktop's.
    public var audioLanguage: String?
    /// A language code, "off"; nil is automatic.
    public var captionLanguage: String?
    public var prefersAudioDescription: Bool
    /// "720p"; nil is Auto.
    public var quality: String?
    /// A video left midway starts where it was left, without the offer.
    public var alwaysResume: Bool
    public var fixed: Set<Setting>

    public init(audioLanguage: String? = nil, captionLanguage: String? = nil, prefersAudioDescription: Bool = false,
                quality: String? = nil, alwaysResume: Bool = false, fixed: Set<Setting> = []) {
        self.audioLanguage = audioLanguage
        self.captionLanguage = captionLanguage
        self.prefersAudioDescription = prefersAudioDescription
        self.quality = quality
        self.alwaysResume = alwaysResume
        self.fixed = fixed
    }
}

/// Preferences (`app.preferences`, Ctrl+,) in the layout GNOME applications share: titled groups of rows, each a
/// name and its control. Playback (audio language, audio description, captions, quality, resuming), Captions (the caption
/// style) and Privacy (the analytics switches of the window it opened over). It stores nothing itself: each change
/// goes to `changed`.
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
        window = gtk_window_new()
        gtk_window_set_title(cast(window), tr("Preferences"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), 520, 560)
        // The Privacy switches are the parent window's actions.
        gtk_widget_insert_action_group(window, "win", WindowActions.map(of: parent))
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(content, 24) }
        build(in: content)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), content)
        AccessibleNames.nameScrollBars(of: scroller, tr("Preferences"))
        gtk_window_set_child(cast(window), scroller)
        EscapeCloses.install(on: window)
    }

    private func build(in content: Widget) {
        let playback = group(tr("Playback"), in: content)
        let languages = Self.languages.map { LanguageNames.autonym(for: $0) ?? $0 }
        // TRANSLATORS: the audio language preference's first choice: the desktop's own language.
        let audio = dropDown([tr("The desktop's language")] + languages,
                             selected: choices.audioLanguage.flatMap { Self.languages.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        row(tr("Audio language"), audio, .audioLanguage, in: playback) { [weak self] index in
            self?.update { $0.audioLanguage = index == 0 ? nil : Self.languages[index - 1] }
        }
        let described = gtk_switch_new()!
        gtk_switch_set_active(cast(described), choices.prefersAudioDescription ? 1 : 0)
        row(tr("Prefer audio description"), described, .audioDescription, in: playback)
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
        row(tr("Captions"), captions, .captionLanguage, in: playback) { [weak self] index in
            self?.update { $0.captionLanguage = index == 0 ? nil : index == 1 ? "off" : Self.languages[index - 2] }
        }
        let quality = dropDown([tr("Auto")] + Self.qualities,
                               selected: choices.quality.flatMap { Self.qualities.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        row(tr("Quality"), quality, .quality, in: playback) { [weak self] index in
            self?.update { $0.quality = index == 0 ? nil : Self.qualities[index - 1] }
        }
        let resume = gtk_switch_new()!
        gtk_switch_set_active(cast(resume), choices.alwaysResume ? 1 : 0)
        row(tr("Always resume where I left off"), resume, .alwaysResume, in: playback)
        Signals.connectNotify(resume, property: "active") { [weak self] in
            self?.update { $0.alwaysResume = gtk_switch_get_active(cast(resume)) != 0 }
        }

        let captionStyle = group(tr("Captions"), in: content)
        let style = gtk_button_new_with_label(tr("Caption Style…"))!
        gtk_actionable_set_action_name(OpaquePointer(style), "win.caption-style")
        gtk_list_box_append(cast(captionStyle), style)

        let privacy = group(tr("Privacy"), in: content)
        for item in AnalyticsPreferences.makeItems() { gtk_list_box_append(cast(privacy), item) }
    }

    private func update(_ change: (inout PreferenceChoices) -> Void) {
        change(&choices)
        changed(choices)
    }

    /// A heading and its boxed list of rows.
    private func group(_ title: String, in content: Widget) -> Widget {
        let heading = gtk_label_new(title)!
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(cast(heading), 0)
        gtk_box_append(cast(content), heading)
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        gtk_widget_add_css_class(list, "frame")
        gtk_box_append(cast(content), list)
        return list
    }

    private func row(_ title: String, _ control: Widget, _ setting: PreferenceChoices.Setting, in list: Widget,
                     selected: ((Int) -> Void)? = nil) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(box, 8) }
        let label = gtk_label_new(title)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_wrap(cast(label), 1)
        gtk_widget_set_hexpand(label, 1)
        gtk_widget_set_valign(control, GTK_ALIGN_CENTER)
        gtk_box_append(cast(box), label)
        gtk_box_append(cast(box), control)
        AccessibleNames.label(label, names: control)
        if choices.fixed.contains(setting) {
            gtk_widget_set_sensitive(control, 0)
            // TRANSLATORS: why a preference cannot be changed: the settings file (or the command line) sets it.
            gtk_widget_set_tooltip_text(box, tr("Set in cove.conf or on the command line"))
        }
        if let selected {
            Signals.connectNotify(control, property: "selected") {
                selected(Int(gtk_drop_down_get_selected(cast(control))))
            }
        }
        gtk_list_box_append(cast(list), box)
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
