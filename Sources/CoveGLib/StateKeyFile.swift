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
