import CoveApp
import CoveCore
import CoveGLib
import CoveUI

/// Preferences (`app.preferences`, Ctrl+,): what the viewer sets there is kept in the settings file
/// (`$XDG_CONFIG_HOME/cove/settings.ini`, `[Preferences]`, the keys cove.conf's `[Playback]` uses, and `style`) and
/// applies from the next video on; the style at once. cove.conf and the command line win for what they name, and
/// the window shows those settings fixed.
@MainActor
enum PreferencesHost {
    static let group = "Preferences"

    static func attach(_ controller: PlaybackController, options: LaunchOptions, settings state: StateKeyFile,
                       window: Widget, application: OpaquePointer, resume: PlaybackResume) {
        let fixed = named(by: options)
        apply(fixed.overlaid(on: stored(in: state)), to: controller, resume: resume)
        style(in: state).apply()
        Actions.add("preferences", to: application) {
            let saved = stored(in: state)
            let effective = fixed.overlaid(on: saved)
            var locked = Set<PreferenceChoices.Setting>()
            if fixed.audioLanguage != nil { locked.insert(.audioLanguage) }
            if fixed.captionLanguage != nil { locked.insert(.captionLanguage) }
            if fixed.prefersAudioDescription != nil { locked.insert(.audioDescription) }
            if fixed.quality != nil { locked.insert(.quality) }
            if fixed.alwaysResume != nil { locked.insert(.alwaysResume) }
            let choices = PreferenceChoices(
                audioLanguage: effective.audioLanguage, captionLanguage: effective.captionLanguage == "auto" ? nil
                    : effective.captionLanguage, prefersAudioDescription: effective.prefersAudioDescription ?? false,
                quality: effective.quality, alwaysResume: effective.alwaysResume ?? false, style: style(in: state),
                fixed: locked)
            PreferencesWindow.present(over: window, choices: choices) { chosen in
                save(chosen, to: state)
                apply(fixed.overlaid(on: stored(in: state)), to: controller, resume: resume)
                chosen.style.apply()
            }
        }
    }

    /// What the command line and cove.conf name.
    private static func named(by options: LaunchOptions) -> PlaybackPreferences {
        options.playback.overlaid(on: PlaybackPreferences(quality: options.quality))
    }

    /// The preferences in force: the command line and cove.conf over what Preferences saved.
    static func effective(_ options: LaunchOptions, settings state: StateKeyFile) -> PlaybackPreferences {
        named(by: options).overlaid(on: stored(in: state))
    }

    private static func apply(_ preferences: PlaybackPreferences, to controller: PlaybackController,
                              resume: PlaybackResume) {
        controller.mediaSelection = preferences.mediaSelection(desktopLanguage: DesktopLanguage.current)
        controller.qualityPreference = preferences.quality.flatMap(QualityPreference.init)
        resume.alwaysResume = preferences.alwaysResume ?? false
    }

    static func style(in state: StateKeyFile) -> ColorSchemeChoice {
        ColorSchemeChoice(word: state.string("style", in: group))
    }

    /// What Preferences saved; a value that is not valid is left out (the default applies).
    static func stored(in state: StateKeyFile) -> PlaybackPreferences {
        var saved = PlaybackPreferences(audioLanguage: state.string("audio_language", in: group),
                                        captionLanguage: state.string("caption_language", in: group),
                                        prefersAudioDescription: state.string("prefer_audio_description", in: group)
                                            .map { $0 == "true" },
                                        quality: state.string("quality", in: group),
                                        alwaysResume: state.string("always_resume", in: group).map { $0 == "true" })
        if (try? PlaybackPreferences(audioLanguage: saved.audioLanguage).validate()) == nil { saved.audioLanguage = nil }
        if (try? PlaybackPreferences(captionLanguage: saved.captionLanguage).validate()) == nil { saved.captionLanguage = nil }
        if (try? PlaybackPreferences(quality: saved.quality).validate()) == nil { saved.quality = nil }
        return saved
    }

    private static func save(_ choices: PreferenceChoices, to state: StateKeyFile) {
        let values: [(String, String?)] = [
            ("audio_language", choices.audioLanguage), ("caption_language", choices.captionLanguage),
            ("prefer_audio_description", choices.prefersAudioDescription ? "true" : nil), ("quality", choices.quality),
            ("always_resume", choices.alwaysResume ? "true" : nil),
            ("style", choices.style == .system ? nil : choices.style.rawValue),
        ]
        for (key, value) in values {
            if let error = state.set(value, for: key, in: group) { CoveStateFile.reportWrite(error, of: state) }
        }
    }
}
