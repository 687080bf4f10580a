import FoundationEssentials

/// A sidecar text track from the Playback API's `text_tracks` (captions, subtitles, chapters, metadata, or the
/// WebVTT thumbnails track used for thumbnail seeking).
public struct TextTrack: Sendable, Hashable {
    /// The label that marks the thumbnail-seeking track.
    public static let thumbnailsLabel = "thumbnails"

    public let id: String?
    /// The URL to load: the first https URL among `src` and `sources[].src`, else the first URL of any scheme.
    public let src: URL?
    /// The `sources[].src` URLs as received.
    public let sources: [URL]
    /// Two-letter language code.
    public let srclang: String?
    public let label: String?
    /// `captions`, `subtitles`, `chapters`, `metadata`, …; `captions` (the API's default) when absent.
    public let kind: String
    public let mimeType: String?
    public let isDefault: Bool
    /// The properties object as received.
    public let properties: [String: JSONValue]

    public var isThumbnails: Bool { label?.lowercased() == Self.thumbnailsLabel }

    /// Reads a `text_tracks[]` entry; nil only when it is not an object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue else { return nil }
        self.init(Parts(JSONFields(object)), properties: object)
    }

    /// The fields as read, before anything is decided from them.
    struct Parts {
        var id: String?
        var src: URL?
        var sources: [URL] = []
        var srclang: String?
        var label: String?
        var kind: String?
        var mimeType: String?
        var isDefault: Bool?

        init(_ fields: JSONFields) {
            id = fields.identifier("id")
            sources = fields.urlList("sources")
            src = fields.url("src")
            srclang = fields.string("srclang")
            label = fields.string("label")
            kind = fields.string("kind")
            mimeType = fields.string("mime_type")
            isDefault = fields.bool("default")
        }
    }

    private init(_ parts: consuming Parts, properties: [String: JSONValue]) {
        id = parts.id.take()
        let https = { (url: URL) in url.lowercasedScheme == "https" }
        src = parts.src.flatMap { https($0) ? $0 : nil } ?? parts.sources.first(where: https)
            ?? parts.src ?? parts.sources.first
        sources = parts.sources.takeAll()
        srclang = parts.srclang.take()
        label = parts.label.take()
        kind = parts.kind.flatMap { $0.isEmpty ? nil : $0 } ?? "captions"
        mimeType = parts.mimeType.take()
        isDefault = parts.isDefault ?? false
        self.properties = properties
    }
}
