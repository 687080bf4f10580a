import Glibc

/// The real path of a regular file named by URL path segments inside a folder, or nil: how a local server (the
/// emulator's media, offline playback's downloads) keeps every request inside the folder it serves.
public enum ContainedPath {
    /// Each segment must already be decoded and be a plain name (no "..", ".", empty, "/" or NUL), and the
    /// resolved path must still lie under the resolved root, so neither escapes nor symlinks lead outside it.
    public static func resolve(names: [String], root: String) -> String? {
        guard !names.isEmpty else { return nil }
        for name in names {
            guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else { return nil }
        }
        guard let realRoot = realPath(root), let realFile = realPath(realRoot + "/" + names.joined(separator: "/")),
              realFile.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else { return nil }
        var info = stat()
        guard stat(realFile, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return realFile
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
