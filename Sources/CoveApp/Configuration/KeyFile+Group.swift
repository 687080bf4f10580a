import CoveCore

extension KeyFile {
    /// Reads each key of `group` through `read` (its name with dashes for underscores, as written, and its value),
    /// which returns false for a key it does not know, then `validate`s what was read so far; every problem names
    /// the file and the entry's line.
    func readGroup(_ group: String, path: String,
                   _ read: (_ name: String, _ key: String, _ value: String) throws(ConfigurationError) -> Bool,
                   validate: () throws(ConfigurationError) -> Void) throws(ConfigurationError) {
        for key in keys(in: group) {
            guard let entry = entry(key, in: group) else { continue }
            do throws(ConfigurationError) {
                guard try read(String(key.map { $0 == "_" ? "-" : $0 }), key, entry.value) else {
                    throw ConfigurationError(message: tr("unknown key “%@” in group [%@]").filling(key, group))
                }
                try validate()
            } catch {
                throw ConfigurationError(message: "\(path):\(entry.line): \(error.message)")
            }
        }
    }
}
