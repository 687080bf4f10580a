import CoveCore
import CoveXML
import FoundationEssentials

/// What an MPD says of the streams GStreamer 1.22's dashdemux2 makes of it, which the demuxer does not pass on:
/// each AdaptationSet's `Label`, `Role` and `Accessibility`, the Representations the Quality menu lists, and for
/// a subtitle set that is one whole WebVTT file, that file (Cove loads captions itself).
///
/// The MPD reaches dashdemux2 without its text and application AdaptationSets (cove_mpd_filter.c, by the same
/// rule as `kind(mimeType:)` here); dashdemux2 names the stream of the Nth set it activates "video-N" or
/// "audio-N", counting the remaining sets of the period that have a Representation and an audio or video
/// mimeType. The text sets are "dash-subtitles:N", N counting those. Only the first Period is read: the one a VOD
/// presentation starts with.
public struct DASHManifest: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case video, audio, text
    }

    public struct Stream: Sendable, Equatable {
        /// dashdemux2's stream id, or "dash-subtitles:N" for a text set.
        public var id: String
        public var kind: Kind
        public var language: String?
        /// The AdaptationSet's `Label`.
        public var name: String?
        public var roles: [TrackRole]
        /// Each Representation, richest first.
        public var representations: [StreamVariant]
        /// The WebVTT file of a text/vtt set without segments.
        public var webVTTFile: URL?
    }

    public var streams: [Stream]

    public func stream(_ id: String) -> Stream? { streams.first { $0.id == id } }

    /// The video Representations of every video set, richest first.
    public var videoVariants: [StreamVariant] {
        streams.filter { $0.kind == .video }.flatMap(\.representations).sorted { $0.bandwidth > $1.bandwidth }
    }

    /// Nil when `bytes` are not an MPD. Addresses resolve against `baseURL`'s; a WebVTT file is kept only over
    /// http(s), or as a `file:` beside a manifest read from a file.
    public init?(_ bytes: [UInt8], baseURL: URL) {
        guard let streams = XMLTree.read(bytes, { root -> [Stream]? in
            guard root.name == "MPD", let period = root.children("Period").first else { return nil }
            let base = Self.resolve(root, against: baseURL).flatMap { Self.resolve(period, against: $0) }
            var streams: [Stream] = []
            var activated = 0
            var subtitles = 0
            for set in period.children("AdaptationSet") {
                let representations = set.children("Representation")
                guard let first = representations.first,
                      let kind = Self.kind(mimeType: first.attribute("mimeType") ?? set.attribute("mimeType")) else {
                    continue
                }
                let id: String
                if kind == .text {
                    id = "dash-subtitles:\(subtitles)"
                    subtitles += 1
                } else {
                    id = "\(kind.rawValue)-\(activated)"
                    activated += 1
                }
                let setBase = base.flatMap { Self.resolve(set, against: $0) }
                streams.append(Stream(
                    id: id, kind: kind,
                    language: set.attribute("lang") ?? set.children("ContentComponent").lazy
                        .compactMap { $0.attribute("lang") }.first,
                    name: set.childText("Label"), roles: Self.roles(of: set),
                    representations: Self.variants(representations, in: set),
                    webVTTFile: kind == .text ? Self.webVTTFile(first, set: set, period: period, base: setBase,
                                                                manifest: baseURL) : nil))
            }
            return streams
        }) ?? nil else { return nil }
        self.streams = streams
    }

    /// dashdemux2's reading of a mimeType; nil for a set it does not activate.
    private static func kind(mimeType: String?) -> Kind? {
        guard let mimeType else { return nil }
        if mimeType.hasPrefix("video") { return .video }
        if mimeType.hasPrefix("audio") { return .audio }
        if mimeType.hasPrefix("application") || mimeType.hasPrefix("text") { return .text }
        return nil
    }

    private static let roleScheme = "urn:mpeg:dash:role:2011"
    /// DVB's audio purposes (ETSI TS 103 285 §6.1.2): 1 is for the visually impaired.
    private static let audioPurposeScheme = "urn:tva:metadata:cs:AudioPurposeCS:2007"

    private static func roles(of set: XMLTreeNode) -> [TrackRole] {
        func values(_ element: String, schemes: Set<String>) -> [String] {
            set.children(element).compactMap { node in
                guard let scheme = node.attribute("schemeIdUri")?.lowercased(), schemes.contains(scheme) else {
                    return nil
                }
                return node.attribute("value")
            }
        }
        return TrackRole.dash(roles: values("Role", schemes: [roleScheme]),
                              accessibility: values("Accessibility",
                                                    schemes: [roleScheme, audioPurposeScheme.lowercased()]))
    }

    private static func variants(_ representations: [XMLTreeNode], in set: XMLTreeNode) -> [StreamVariant] {
        representations.compactMap { representation in
            guard let bandwidth = representation.attribute("bandwidth").flatMap(positive) else { return nil }
            return StreamVariant(bandwidth: bandwidth,
                                 width: (representation.attribute("width") ?? set.attribute("width")).flatMap(positive),
                                 height: (representation.attribute("height") ?? set.attribute("height")).flatMap(positive))
        }.sorted { $0.bandwidth > $1.bandwidth }
    }

    private static func positive(_ text: String) -> Int? {
        Int(trimmingWhitespace(text)).flatMap { $0 > 0 ? $0 : nil }
    }

    private static let segmentElements = ["SegmentTemplate", "SegmentList", "SegmentBase"]

    private static func webVTTFile(_ representation: XMLTreeNode, set: XMLTreeNode, period: XMLTreeNode, base: URL?,
                                   manifest: URL) -> URL? {
        let mimeType = representation.attribute("mimeType") ?? set.attribute("mimeType")
        guard mimeType == "text/vtt",
              ![representation, set, period].contains(where: { node in
                  segmentElements.contains { !node.children($0).isEmpty }
              }),
              let file = base.flatMap({ resolve(representation, against: $0) }),
              let scheme = file.scheme?.lowercased() else { return nil }
        let kept = scheme == "http" || scheme == "https" ? file.host != nil
            : scheme == "file" && manifest.isFileURL
        return kept ? file : nil
    }

    /// `base` with the element's first BaseURL applied; nil when that BaseURL is no address.
    private static func resolve(_ node: XMLTreeNode, against base: URL) -> URL? {
        guard let text = node.childText("BaseURL") else { return base }
        return URL(string: text, relativeTo: base)?.absoluteURL
    }
}
