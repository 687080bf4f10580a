import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// An address the viewer gave Cove by hand (Open URL, a drop, a file chooser): checked before anything is opened.
/// Only `http`, `https` and local `file:` addresses are played; the viewer named them, so a `file:` one is theirs.
public enum OpenableAddress {
    /// The address to play (a `file:` URL rewritten as `file:///path`), or a translated sentence saying why not.
    public static func address(from text: String) throws(LaunchOptionsError) -> String {
        let trimmed = text.trimmedInput
        guard !trimmed.isEmpty else { throw LaunchOptionsError(message: tr("Enter the address of a video.")) }
        guard let colon = trimmed.firstIndex(of: ":"), let url = URL(string: trimmed),
              let scheme = url.scheme?.lowercased(), !scheme.isEmpty, trimmed[..<colon].lowercased() == scheme
        else {
            throw LaunchOptionsError(message: tr("“%@” is not an address. Enter one that starts with http://, https:// or file://.")
                .replacingPlaceholder(with: trimmed))
        }
        switch scheme {
        case "http", "https":
            guard let host = url.host(), !host.isEmpty else {
                throw LaunchOptionsError(message: tr("“%@” names no server.").replacingPlaceholder(with: trimmed))
            }
            return url.absoluteString
        case "file":
            // Only this machine's files: a file: URL naming another host would be opened as a local path.
            let host = url.host() ?? ""
            guard host.isEmpty || host == "localhost", url.path.hasPrefix("/") else {
                throw LaunchOptionsError(message: tr("“%@” is not a file on this computer.")
                    .replacingPlaceholder(with: trimmed))
            }
            return URL(fileURLWithPath: url.path).absoluteString
        default:
            throw LaunchOptionsError(message: tr("Cove opens only http://, https:// and file:// addresses, not “%@:”.")
                .replacingPlaceholder(with: scheme))
        }
    }

    /// What a drop or a paste of text names: the lines of a `text/uri-list` (comments skipped), or an absolute path.
    public static func candidates(fromText text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { raw in
            let line = String(raw).trimmedInput
            if line.isEmpty || line.hasPrefix("#") { return nil }
            return line.hasPrefix("/") ? URL(fileURLWithPath: line).absoluteString : line
        }
    }
}

extension String {
    /// Without the spaces and line breaks a paste or a drop brings around what was meant.
    var trimmedInput: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
