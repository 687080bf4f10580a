import FoundationEssentials

/// What a download needs from an HLS master playlist: its variants (a quality each) and its audio and subtitle
/// renditions, every address resolved against the master's and kept only when http(s).
public struct HLSMasterPlaylist: Sendable, Equatable {
    public struct Variant: Sendable, Equatable {
        public var uri: URL
        /// Bits per second (BANDWIDTH).
        public var bandwidth: Int
        /// AVERAGE-BANDWIDTH, when given.
        public var averageBandwidth: Int?
        public var width: Int?
        public var height: Int?
        public var codecs: String?
        public var audioGroup: String?
        public var subtitlesGroup: String?
        /// The `#EXT-X-STREAM-INF` attributes as written, for the rewritten master.
        var attributes: String
    }

    public struct Rendition: Sendable, Equatable {
        public enum Kind: String, Sendable { case audio = "AUDIO", subtitles = "SUBTITLES" }
        public var kind: Kind
        public var uri: URL
        public var groupID: String?
        public var language: String?
        public var name: String?
        var attributes: String
    }

    public var variants: [Variant] = []
    public var renditions: [Rendition] = []

    /// Reads `text`; variants and renditions whose address is not http(s) (or does not resolve) are left out.
    public init(text: String, baseURL: URL) {
        var pendingVariant: String?
        for line in HLSPlaylistLines.lines(of: text) {
            if line.hasPrefix("#EXT-X-STREAM-INF:") {
                pendingVariant = String(line.dropFirst("#EXT-X-STREAM-INF:".count))
            } else if line.hasPrefix("#EXT-X-MEDIA:") {
                let attributes = String(line.dropFirst("#EXT-X-MEDIA:".count))
                let values = HLSPlaylist.attributeList(Substring(attributes))
                guard let kind = values["TYPE"].flatMap(Rendition.Kind.init(rawValue:)),
                      let uri = values["URI"].flatMap({ HLSPlaylistLines.address($0, baseURL) }) else { continue }
                renditions.append(Rendition(kind: kind, uri: uri, groupID: values["GROUP-ID"],
                                            language: values["LANGUAGE"], name: values["NAME"], attributes: attributes))
            } else if !line.hasPrefix("#"), let attributes = pendingVariant {
                pendingVariant = nil
                guard let uri = HLSPlaylistLines.address(String(line), baseURL) else { continue }
                let values = HLSPlaylist.attributeList(Substring(attributes))
                let size = values["RESOLUTION"]?.split(separator: "x").compactMap { Int($0) }
                variants.append(Variant(uri: uri, bandwidth: values["BANDWIDTH"].flatMap { Int($0) } ?? 0,
                                        averageBandwidth: values["AVERAGE-BANDWIDTH"].flatMap { Int($0) },
                                        width: size?.count == 2 ? size?[0] : nil,
                                        height: size?.count == 2 ? size?[1] : nil,
                                        codecs: values["CODECS"], audioGroup: values["AUDIO"],
                                        subtitlesGroup: values["SUBTITLES"], attributes: attributes))
            }
        }
    }
}

/// Lines and addresses as the download readers take them.
enum HLSPlaylistLines {
    /// Non-blank lines, trimmed.
    static func lines(of text: String) -> [Substring] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingPrefix(while: \.isWhitespace)
            let end = trimmed.lastIndex { !$0.isWhitespace }
            return end.map { trimmed[...$0] }
        }
    }

    /// `reference` resolved against `base`, when the result is http(s): a playlist never sends a download to a
    /// file, another scheme, or nowhere.
    static func address(_ reference: String, _ base: URL) -> URL? {
        guard !reference.isEmpty, let url = URL(string: reference, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else { return nil }
        return url
    }
}
