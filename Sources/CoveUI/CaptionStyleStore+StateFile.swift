import CoveCore
import CoveGLib

extension CaptionStyleStore {
    /// A store that starts from the state file's `[Caption Style]` group and writes the group again after each
    /// change (the whole file, atomically; a failed write is reported through `reportWrite`).
    public convenience init(stateFile: StateKeyFile, reportWrite: @escaping @MainActor (String) -> Void = { _ in }) {
        let group = CaptionAppearance.keyFileGroup
        let values = stateFile.groups(withPrefix: group).first { $0.name == group }?.values ?? [:]
        self.init(appearance: CaptionAppearance(keyFileValues: values))
        observe { appearance in
            let values = appearance.keyFileValues
            let stored = stateFile.groups(withPrefix: group).first { $0.name == group }?.values ?? [:]
            guard values != stored else { return }
            if let error = stateFile.replaceGroups(withPrefix: group, by: values.isEmpty ? [] : [(group, values)]) {
                reportWrite(error)
            }
        }
    }
}
