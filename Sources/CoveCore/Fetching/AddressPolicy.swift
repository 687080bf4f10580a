import FoundationEssentials

/// The one rule for every loader of addresses (captions, thumbnails, posters, playlists): after relative
/// references are resolved, http and https are fetched; a `file:` address is read only when the user named a
/// local file and the address lies beside it; anything else (`data:`, `ftp:`, a `file:` address a server sent…)
/// is refused. A server must never make Cove read the viewer's disk.
public enum AddressPolicy {
    public enum Permission: Sendable, Equatable {
        /// Fetch it over the network.
        case fetch
        /// Read the local file at this absolute path (already normalised, inside the allowed directory).
        case readFile(path: String)
        /// Leave it out; `scheme` is the refused scheme, lower case ("" when the address has none).
        case refuse(scheme: String)
    }

    public static func permission(for url: URL, origin: AddressOrigin) -> Permission {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme == "http" || scheme == "https" { return .fetch }
        guard scheme == "file", case .userFile(let named) = origin, let path = localPath(of: url),
              let namedPath = localPath(of: named) else {
            return .refuse(scheme: scheme)
        }
        let directory = String(namedPath[...(namedPath.lastIndex(of: "/") ?? namedPath.startIndex)])
        return path.hasPrefix(directory) && path.count > directory.count ? .readFile(path: path) : .refuse(scheme: scheme)
    }

    /// The address's path with `.` and `..` resolved (after percent-decoding, so `%2e%2e` counts too); nil for a
    /// `file:` URL naming another host, or a path that climbs above the root.
    static func localPath(of url: URL) -> String? {
        if let host = url.host(percentEncoded: false), !host.isEmpty, host.lowercased() != "localhost" { return nil }
        let decoded = url.path(percentEncoded: false)
        guard decoded.hasPrefix("/"), !decoded.contains("\0") else { return nil }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
