import CoveApp
import CoveCore
import FoundationEssentials

/// The files and URIs named without an option (`cove FILE|URI…`, what a desktop's `%U` passes), or handed over by
/// another `cove` as URIs, made into a queue. Each is read as GLib's `g_file_new_for_commandline_arg` reads it, so
/// both ways agree: a URI when it starts with a scheme, else a path (relative to the current directory).
/// A `file:` address or path becomes a `file:` source, which `AddressPolicy` treats as a file the user named
/// (sidecar captions beside it may be read); http(s) URLs stay as given; any other scheme is refused.
struct OpenedLocations {
    /// One per location that plays, named after its file so the window and the picture say what plays.
    private(set) var videos: [Video] = []
    /// One per location that cannot play: the code and the translated message of its error or warning.
    private(set) var refusals: [(code: String, message: String)] = []

    static let badLocationCode = "BAD_URL"
    static let unsupportedSchemeCode = "UNSUPPORTED_URL"

    init(_ locations: [String]) {
        for location in locations {
            if let url = Self.url(for: location) {
                videos.append(Video(sources: [Source(url: url)], properties: ["name": .string(Self.name(of: url))]))
            } else if let scheme = Self.scheme(of: location), !["file", "http", "https"].contains(scheme) {
                refusals.append((Self.unsupportedSchemeCode,
                                 tr("“%@” cannot be opened: Cove plays local files and http:// or https:// addresses.")
                                    .replacingPlaceholder(with: location)))
            } else {
                refusals.append((Self.badLocationCode, tr("“%@” is not a media URL or an existing file.")
                    .replacingPlaceholder(with: location)))
            }
        }
    }

    private static func url(for location: String) -> URL? {
        switch scheme(of: location) {
        case "http", "https":
            guard let url = URL(string: location), url.host(percentEncoded: false)?.isEmpty == false else { return nil }
            return url
        case "file":
            // Another host's file, or one that is not there, is not a file the user can have meant.
            guard let url = URL(string: location) else { return nil }
            let host = url.host(percentEncoded: false)?.lowercased() ?? ""
            guard host.isEmpty || host == "localhost" else { return nil }
            return MediaLocation.url(from: url.path(percentEncoded: false))
        case nil:
            return MediaLocation.url(from: location)
        default:
            return nil
        }
    }

    /// The scheme in lower case, as `g_uri_parse_scheme` finds it (a letter, then letters, digits, `+ - .`, then
    /// a colon); nil for an absolute path or none.
    static func scheme(of location: String) -> String? {
        guard !location.hasPrefix("/"), let colon = location.firstIndex(of: ":") else { return nil }
        let scheme = location[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let allowed = scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
        return allowed ? scheme.lowercased() : nil
    }

    /// The last part of the path, decoded, or the whole address when the path has none.
    private static func name(of url: URL) -> String {
        let last = url.lastPathComponent
        return last.isEmpty || last == "/" ? url.absoluteString : last
    }
}
