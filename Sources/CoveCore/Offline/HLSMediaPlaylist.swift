import FoundationEssentials

/// A media playlist as a download reads and rewrites it: every address in it (segments, `EXT-X-MAP`, `EXT-X-KEY`)
/// in order, the total duration, and the encryption used. Lines are kept as written, so the rewritten playlist
/// differs only in its addresses.
public struct HLSMediaPlaylist: Sendable, Equatable {
    public enum Encryption: Sendable, Equatable {
        case none
        case aes128
        /// SAMPLE-AES, a DRM key format, or any other method: cannot be downloaded.
        case unsupported(String)
    }

    /// One line of the playlist: as written, or holding an address to rewrite.
    enum Line: Sendable, Equatable {
        case text(String)
        /// A segment's URI line.
        case segment(URL)
        /// A tag with a `URI="…"` attribute (`EXT-X-KEY`, `EXT-X-MAP`): the line with the address cut out.
        case tag(prefix: String, uri: URL, suffix: String)
    }

    var lines: [Line] = []
    public private(set) var duration = 0.0
    public private(set) var encryption = Encryption.none
    /// Whether the playlist ends (`EXT-X-ENDLIST`): a live playlist cannot be downloaded.
    public private(set) var isComplete = false

    /// Every address the playlist names, in order, each once.
    public var addresses: [URL] {
        var seen: Set<URL> = []
        return lines.compactMap { line -> URL? in
            switch line {
            case .segment(let url), .tag(_, let url, _): seen.insert(url).inserted ? url : nil
            case .text: nil
            }
        }
    }

    /// Segment addresses only (a key or an init segment is not a segment).
    public var segments: [URL] {
        lines.compactMap { if case .segment(let url) = $0 { url } else { nil } }
    }

    /// Reads `text`; a segment or tag whose address is not http(s) makes the playlist unusable (nil), since a
    /// download that left it out would not play.
    public init?(text: String, baseURL: URL) {
        for raw in HLSPlaylistLines.lines(of: text) {
            let line = String(raw)
            if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).prefix { $0 != "," }
                if let seconds = Double(value), seconds.isFinite, seconds >= 0 { duration += seconds }
                lines.append(.text(line))
            } else if line == "#EXT-X-ENDLIST" {
                isComplete = true
                lines.append(.text(line))
            } else if line.hasPrefix("#EXT-X-KEY:") || line.hasPrefix("#EXT-X-MAP:") {
                let attributes = HLSPlaylist.attributeList(line.drop { $0 != ":" }.dropFirst())
                if line.hasPrefix("#EXT-X-KEY:") {
                    let method = attributes["METHOD"] ?? "NONE"
                    switch method {
                    case "NONE": break
                    case "AES-128" where (attributes["KEYFORMAT"] ?? "identity") == "identity":
                        if encryption == .none { encryption = .aes128 }
                    default: encryption = .unsupported(method)
                    }
                    // A key Cove does not fetch (NONE, or a method it cannot download: the plan says why).
                    if encryption != .aes128 || method == "NONE" {
                        lines.append(.text(line))
                        continue
                    }
                }
                guard let reference = attributes["URI"], let range = line.firstRange(of: "URI=\"" + reference + "\""),
                      let url = HLSPlaylistLines.address(reference, baseURL) else { return nil }
                lines.append(.tag(prefix: String(line[..<range.lowerBound]) + "URI=\"", uri: url,
                                  suffix: "\"" + String(line[range.upperBound...])))
            } else if line.hasPrefix("#") {
                lines.append(.text(line))
            } else {
                guard let url = HLSPlaylistLines.address(line, baseURL) else { return nil }
                lines.append(.segment(url))
            }
        }
    }

    /// The playlist with each address replaced by `local(address)` (a path relative to the playlist).
    public func rewritten(_ local: (URL) -> String) -> String {
        lines.map { line in
            switch line {
            case .text(let text): text
            case .segment(let url): local(url)
            case .tag(let prefix, let url, let suffix): prefix + local(url) + suffix
            }
        }.joined(separator: "\n") + "\n"
    }
}
