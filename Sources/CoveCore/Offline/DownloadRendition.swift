import FoundationEssentials

/// An audio or subtitle rendition of an HLS master a viewer can keep in a download or leave out, named as the
/// master names it (names are unique within a group, and the download keeps them).
public struct DownloadRendition: Sendable, Equatable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable { case audio, subtitles }

    public var kind: Kind
    public var name: String
    public var language: String?

    public init(kind: Kind, name: String, language: String?) {
        self.kind = kind
        self.name = name
        self.language = language
    }

    /// The renditions a download of `variant` would take: its audio group's, and every subtitle rendition.
    public static func offered(in master: HLSMasterPlaylist, variant: HLSMasterPlaylist.Variant?) -> [DownloadRendition] {
        var seen: Set<DownloadRendition> = []
        return master.renditions.compactMap { rendition in
            let kind: Kind
            switch rendition.kind {
            case .audio:
                guard variant == nil || rendition.groupID == variant?.audioGroup else { return nil }
                kind = .audio
            case .subtitles:
                kind = .subtitles
            }
            let offered = DownloadRendition(kind: kind, name: rendition.name ?? rendition.language ?? "",
                                            language: rendition.language)
            return seen.insert(offered).inserted ? offered : nil
        }
    }

    /// Whether a master's rendition is one of `kept` (nil keeps all).
    public static func keeps(_ rendition: HLSMasterPlaylist.Rendition, _ kept: [DownloadRendition]?) -> Bool {
        guard let kept else { return true }
        let name = rendition.name ?? rendition.language ?? ""
        let kind: Kind = rendition.kind == .audio ? .audio : .subtitles
        return kept.contains { $0.kind == kind && $0.name == name }
    }
}
