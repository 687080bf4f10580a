import FoundationEssentials

/// A subtitle rendition of an HLS master playlist (`#EXT-X-MEDIA:TYPE=SUBTITLES`).
public struct HLSSubtitleRendition: Sendable, Hashable {
    /// The rendition's media playlist, resolved against the master playlist's URL.
    public var uri: URL
    public var language: String?
    public var name: String?
    public var groupID: String?
    public var isDefault: Bool
    /// SDH (`CHARACTERISTICS`), forced (`FORCED=YES`).
    public var roles: [TrackRole]

    public var isForced: Bool { roles.contains(.forced) }

    public init(uri: URL, language: String? = nil, name: String? = nil, groupID: String? = nil,
                isDefault: Bool = false, roles: [TrackRole] = []) {
        self.uri = uri
        self.language = language
        self.name = name
        self.groupID = groupID
        self.isDefault = isDefault
        self.roles = roles
    }
}

/// An audio rendition of an HLS master playlist (`#EXT-X-MEDIA:TYPE=AUDIO`): what hlsdemux2 leaves out of the
/// stream it makes of it (its name, and whether it describes the picture).
public struct HLSAudioRendition: Sendable, Hashable {
    public var name: String
    public var language: String?
    public var groupID: String?
    public var roles: [TrackRole]

    public init(name: String, language: String? = nil, groupID: String? = nil, roles: [TrackRole] = []) {
        self.name = name
        self.language = language
        self.groupID = groupID
        self.roles = roles
    }
}

/// The two HLS playlist readings captions need (RFC 8216): a master playlist's subtitle renditions and a media
/// playlist's segment URLs. Lenient: unknown tags are ignored, a line that cannot be read is skipped.
public enum HLSPlaylist {
    /// Whether `text` is a master playlist (it lists variants or renditions) rather than a media playlist.
    public static func isMaster(_ text: String) -> Bool {
        lines(of: text).contains { $0.hasPrefix("#EXT-X-STREAM-INF:") || $0.hasPrefix("#EXT-X-MEDIA:") }
    }

    /// The subtitle renditions with a URI, in playlist order.
    public static func subtitleRenditions(master text: String, baseURL: URL) -> [HLSSubtitleRendition] {
        lines(of: text).compactMap { line in
            guard line.hasPrefix("#EXT-X-MEDIA:") else { return nil }
            let attributes = attributeList(line.dropFirst("#EXT-X-MEDIA:".count))
            guard attributes["TYPE"] == "SUBTITLES", let reference = attributes["URI"], !reference.isEmpty,
                  let uri = URL(string: reference, relativeTo: baseURL)?.absoluteURL else { return nil }
            return HLSSubtitleRendition(uri: uri, language: attributes["LANGUAGE"], name: attributes["NAME"],
                                        groupID: attributes["GROUP-ID"], isDefault: attributes["DEFAULT"] == "YES",
                                        roles: TrackRole.hls(characteristics: attributes["CHARACTERISTICS"],
                                                             forced: attributes["FORCED"] == "YES"))
        }
    }

    /// The named audio renditions, in playlist order (a name repeated in another group once).
    public static func audioRenditions(master text: String) -> [HLSAudioRendition] {
        var seen = Set<String>()
        return lines(of: text).compactMap { line in
            guard line.hasPrefix("#EXT-X-MEDIA:") else { return nil }
            let attributes = attributeList(line.dropFirst("#EXT-X-MEDIA:".count))
            guard attributes["TYPE"] == "AUDIO", let name = attributes["NAME"], !name.isEmpty,
                  seen.insert(name).inserted else { return nil }
            return HLSAudioRendition(name: name, language: attributes["LANGUAGE"], groupID: attributes["GROUP-ID"],
                                     roles: TrackRole.hls(characteristics: attributes["CHARACTERISTICS"], forced: false))
        }
    }

    /// The media segments' URLs, in playlist order.
    public static func segmentURLs(media text: String, baseURL: URL) -> [URL] {
        lines(of: text).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            return URL(string: String(line), relativeTo: baseURL)?.absoluteURL
        }
    }

    /// Non-blank lines, trimmed.
    private static func lines(of text: String) -> [Substring] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingPrefix(while: \.isWhitespace)
            let end = trimmed.lastIndex { !$0.isWhitespace }
            return end.map { trimmed[...$0] }
        }
    }

    /// `KEY=value,KEY="quoted, value"`; quotes are removed, keys kept as written (upper case by the spec).
    static func attributeList(_ text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var index = text.startIndex
        while index < text.endIndex {
            guard let equals = text[index...].firstIndex(of: "=") else { break }
            let key = String(text[index..<equals]).trimmingWhitespaceAndCommas()
            var valueStart = text.index(after: equals)
            let value: Substring
            if valueStart < text.endIndex, text[valueStart] == "\"" {
                valueStart = text.index(after: valueStart)
                let close = text[valueStart...].firstIndex(of: "\"") ?? text.endIndex
                value = text[valueStart..<close]
                index = close < text.endIndex ? text.index(after: close) : close
            } else {
                let comma = text[valueStart...].firstIndex(of: ",") ?? text.endIndex
                value = text[valueStart..<comma]
                index = comma
            }
            if index < text.endIndex, text[index] == "," { index = text.index(after: index) }
            if !key.isEmpty { attributes[key] = String(value) }
        }
        return attributes
    }
}

private extension String {
    func trimmingWhitespaceAndCommas() -> String {
        let skip = { (c: Character) in c.isWhitespace || c == "," }
        guard let first = firstIndex(where: { !skip($0) }), let last = lastIndex(where: { !skip($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
