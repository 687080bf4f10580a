import CLibc
import CoveApp
import CoveCore
import CoveGLib

/// Cove's one state file (`$XDG_STATE_HOME/cove/state.ini`): the last Video Cloud account, the recently played
/// list, the caption language and the caption style (`[Caption Style]`, through CaptionStyleStore). Opened once per run; a damaged file is reported and then ignored.
enum CoveStateFile {
    static let captionsGroup = "Captions"
    static let captionsKey = "language"

    static func open() -> StateKeyFile {
        let state = StateKeyFile(path: StateKeyFile.defaultPath())
        if let error = state.loadError {
            cove_print_error("cove: " + tr("warning: %@ was ignored: %@").filling(state.path,
                error))
        }
        return state
    }

    static func reportWrite(_ error: String?, of state: StateKeyFile) {
        guard let error else { return }
        cove_print_error("cove: " + tr("warning: %@ could not be written: %@").filling(state.path,
            error))
    }

    /// The caption language from the state file; when it has none, from the file in the config directory where
    /// Cove kept it before (read, not removed: an older Cove may still use it).
    @MainActor
    static func captionPersistence(in state: StateKeyFile) -> CaptionPersistence {
        var language = state.string(captionsKey, in: captionsGroup)
        if language == nil, let old = CaptionPersistence.defaultPath() {
            language = StateFile(path: old).value(for: CaptionPersistence.key)
            if let language { reportWrite(state.set(language, for: captionsKey, in: captionsGroup), of: state) }
        }
        return .stored(language: language) { value in
            reportWrite(state.set(value, for: captionsKey, in: captionsGroup), of: state)
        }
    }
}
