import CGLib
import CLibc
import CoveCore
import CoveGLib

/// What the viewer set in Preferences: `$XDG_CONFIG_HOME/cove/settings.ini` (a GKeyFile), beside the cove.conf the
/// viewer writes by hand, which Cove only reads. State (the window's size, what was played) stays in state.ini.
enum CoveSettingsFile {
    static func defaultPath() -> String {
        String(cString: g_get_user_config_dir()) + "/cove/settings.ini"
    }

    /// Opens the settings file; a `[Preferences]` group an earlier Cove kept in the state file moves here once
    /// (only while the settings file has none: a newer choice is never overwritten by an older one).
    static func open(movingFrom state: StateKeyFile) -> StateKeyFile {
        let settings = StateKeyFile(path: defaultPath())
        if let error = settings.loadError {
            cove_print_error("cove: " + tr("warning: %@ was ignored: %@").filling(settings.path, error))
        }
        let group = PreferencesHost.group
        let old = state.groups(withPrefix: group).filter { $0.name == group }
        guard let moved = old.first else { return settings }
        if settings.groups(withPrefix: group).contains(where: { $0.name == group }) == false {
            if let error = settings.replaceGroups(withPrefix: group, by: [moved]) {
                // Left in the state file, where this Cove still reads nothing of it: the next launch tries again.
                CoveStateFile.reportWrite(error, of: settings)
                return settings
            }
        }
        let others = state.groups(withPrefix: group).filter { $0.name != group }
        CoveStateFile.reportWrite(state.replaceGroups(withPrefix: group, by: others), of: state)
        return settings
    }
}
