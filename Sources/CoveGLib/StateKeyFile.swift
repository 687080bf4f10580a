import CGLib

/// What Cove remembers between runs, in a GLib key file (`$XDG_STATE_HOME/cove/state.ini`). Written whole and
/// atomically (`g_file_set_contents`: a temporary file renamed over the old one), so a crash never leaves half a
/// file. A file that cannot be read as a key file is ignored: `loadError` says why, for a warning, and the next
/// write replaces it. Secrets never belong here.
public final class StateKeyFile {
    public let path: String
    private var keyFile: OpaquePointer
    /// Why the file on disk was ignored (damaged, unreadable); nil when it was read or did not exist.
    public private(set) var loadError: String?

    public init(path: String) {
        self.path = path
        keyFile = g_key_file_new()
        var error: UnsafeMutablePointer<GError>?
        if g_key_file_load_from_file(keyFile, path, G_KEY_FILE_KEEP_COMMENTS, &error) == 0, let error {
            let missing = error.pointee.domain == g_file_error_quark() && error.pointee.code == G_FILE_ERROR_NOENT.rawValue
            if !missing { loadError = String(cString: error.pointee.message) }
            g_error_free(error)
            // A failed load may leave what it read before the damage: start from nothing.
            g_key_file_unref(keyFile)
            keyFile = g_key_file_new()
        }
    }

    deinit { g_key_file_unref(keyFile) }

    /// `$XDG_STATE_HOME/cove/state.ini` (GLib's answer: `~/.local/state` when the variable is unset or relative).
    public static func defaultPath() -> String {
        String(cString: g_get_user_state_dir()) + "/cove/state.ini"
    }

    public func string(_ key: String, in group: String) -> String? {
        guard let value = g_key_file_get_string(keyFile, group, key, nil) else { return nil }
        defer { g_free(value) }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// Sets (nil: removes) the value and writes the file; returns why it could not be written, nil when it was.
    @discardableResult
    public func set(_ value: String?, for key: String, in group: String) -> String? {
        if let value { g_key_file_set_string(keyFile, group, key, value) }
        else { g_key_file_remove_key(keyFile, group, key, nil) }
        return write()
    }

    /// The groups whose names start with `prefix`, each with its string values, in file order.
    public func groups(withPrefix prefix: String) -> [(name: String, values: [String: String])] {
        var count: gsize = 0
        guard let names = g_key_file_get_groups(keyFile, &count) else { return [] }
        defer { g_strfreev(names) }
        var result: [(name: String, values: [String: String])] = []
        for index in 0..<Int(count) {
            guard let pointer = names[index] else { continue }
            let name = String(cString: pointer)
            guard name.hasPrefix(prefix) else { continue }
            var values: [String: String] = [:]
            var keyCount: gsize = 0
            if let keys = g_key_file_get_keys(keyFile, name, &keyCount, nil) {
                for keyIndex in 0..<Int(keyCount) {
                    guard let key = keys[keyIndex].map({ String(cString: $0) }) else { continue }
                    values[key] = string(key, in: name)
                }
                g_strfreev(keys)
            }
            result.append((name, values))
        }
        return result
    }

    /// Replaces every group whose name starts with `prefix` by `groups` and writes the file once; returns why it
    /// could not be written, nil when it was.
    @discardableResult
    public func replaceGroups(withPrefix prefix: String, by groups: [(name: String, values: [String: String])]) -> String? {
        for group in self.groups(withPrefix: prefix) { g_key_file_remove_group(keyFile, group.name, nil) }
        for group in groups {
            for (key, value) in group.values.sorted(by: { $0.key < $1.key }) {
                g_key_file_set_string(keyFile, group.name, key, value)
            }
        }
        return write()
    }

    private func write() -> String? {
        var length: gsize = 0
        guard let data = g_key_file_to_data(keyFile, &length, nil) else { return "out of memory" }
        defer { g_free(data) }
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            // Private: the file says which accounts this user plays from.
            g_mkdir_with_parents(String(path[..<slash]), 0o700)
        }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_set_contents(path, data, gssize(length), &error) != 0 else {
            defer { g_error_free(error) }
            return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        }
        return nil
    }
}
