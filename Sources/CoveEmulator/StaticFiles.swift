import CoveCore
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

    /// The real path of a regular file inside `root`, or nil (`ContainedPath`'s rules, after percent-decoding).
    static func resolve(segments: ArraySlice<Substring>, root: String) -> String? {
        var names: [String] = []
        for segment in segments {
            guard let name = PercentDecoding.decode(segment) else { return nil }
            names.append(name)
        }
        return ContainedPath.resolve(names: names, root: root)
    }
}
