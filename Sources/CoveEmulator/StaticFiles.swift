import Glibc

/// Serves files below the catalog's media root under /media, refusing anything that would leave that directory.
enum StaticFiles {
    static let contentTypes: [String: String] = [
        "m3u8": "application/vnd.apple.mpegurl",
        "ts": "video/mp2t",
        "m4s": "video/mp4",
        "mp4": "video/mp4",
        "m4a": "audio/mp4",
        "vtt": "text/vtt",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "json": "application/json",
        "vmap": "application/xml",
    ]

    static func contentType(forPath path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return contentTypes[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    static func reply(segments: ArraySlice<Substring>, root: String?) -> EmulatorReply {
        guard let root, let path = resolve(segments: segments, root: root) else {
            return .apiError(404, "RESOURCE_NOT_FOUND", message: "No such media file")
        }
        return .file(path: path, contentType: contentType(forPath: path))
    }

    /// The real path of a regular file inside `root`, or nil. Each decoded segment must be a plain name (no "..",
    /// ".", empty, "/" or NUL), and the resolved path must still lie under the resolved root, so neither escapes
    /// nor symlinks lead outside it.
    static func resolve(segments: ArraySlice<Substring>, root: String) -> String? {
        guard !segments.isEmpty else { return nil }
        var names: [String] = []
        for segment in segments {
            guard let name = PercentDecoding.decode(segment), !name.isEmpty, name != ".", name != "..",
                  !name.contains("/"), !name.contains("\0") else { return nil }
            names.append(name)
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
