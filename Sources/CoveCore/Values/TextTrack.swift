import FoundationEssentials

/// A sidecar text track from the Playback API's `text_tracks` (captions, subtitles, chapters, metadata, or the
/// WebVTT thumbnails track used for thumbnail seeking).
public struct TextTrack: Sendable, Hashable, Decodable {
    /// The label that marks the thumbnail-seeking track.
    public static let thumbnailsLabel = "thumbnails"

    public let id: String?
    /// The URL to load: the first https URL among `src` and `sources[].src`, else the first URL of any scheme.
    public private(set) var src: URL?
    /// The `sources[].src` URLs as received.
    public private(set) var sources: [URL]
    /// The API's `src`, from which `src` is chosen again when addresses are removed (`keepingAddresses`).
    private(set) var declaredSrc: URL?
    /// Two-letter language code.
    public let srclang: String?
    public let label: String?
    /// `captions`, `subtitles`, `chapters`, `metadata`, …; `captions` (the API's default) when absent.
    public let kind: String
    public let mimeType: String?
    public let isDefault: Bool
    /// The text track object as received (see `Video.properties`).
    public var properties: [String: JSONValue] { storedProperties.object }
    fileprivate var storedProperties: JSONProperties

    public var isThumbnails: Bool { label?.lowercased() == Self.thumbnailsLabel }

    /// Reads a `text_tracks[]` entry; nil only when it is not an object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue else { return nil }
        self.init(PlaybackJSON.parts(Parts.self, of: object), properties: JSONProperties(object))
    }

    /// Reads a `text_tracks[]` entry; anything but an object throws, and its array leaves it out.
    public init(from decoder: any Decoder) throws {
        self.init(try Parts(from: decoder), properties: JSONProperties(elementOf: decoder))
    }

    /// The fields as read, before anything is decided from them.
    struct Parts: FieldParts {
        var id: String?
        var src: URL?
        var sources: [URL] = []
        var srclang: String?
        var label: String?
        var kind: String?
        var mimeType: String?
        var isDefault: Bool?

        private enum Field: String, CodingKey {
            case id, src, sources, srclang, label, kind
            case mimeType = "mime_type", isDefault = "default"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let fields = try PlaybackJSON.object(decoder, keyedBy: Field.self, what: "text track")
            id = fields.identifier(.id)
            sources = fields.urlList(.sources)
            src = fields.url(.src)
            srclang = fields.string(.srclang)
            label = fields.string(.label)
            kind = fields.string(.kind)
            mimeType = fields.string(.mimeType)
            isDefault = fields.bool(.isDefault)
        }
    }

    private init(_ parts: consuming Parts, properties: JSONProperties) {
        id = parts.id.take()
        src = Self.chosenSrc(declared: parts.src, sources: parts.sources)
        declaredSrc = parts.src.take()
        sources = parts.sources.takeAll()
        srclang = parts.srclang.take()
        label = parts.label.take()
        kind = parts.kind.flatMap { $0.isEmpty ? nil : $0 } ?? "captions"
        mimeType = parts.mimeType.take()
        isDefault = parts.isDefault ?? false
        storedProperties = properties
    }

    /// The first https URL among `src` and `sources`, else the first URL of any scheme.
    static func chosenSrc(declared: URL?, sources: [URL]) -> URL? {
        let https = { (url: URL) in url.hasScheme("https") }
        return declared.flatMap { https($0) ? $0 : nil } ?? sources.first(where: https) ?? declared ?? sources.first
    }

    /// Chooses `src` again after `declaredSrc` or `sources` changed.
    mutating func setAddresses(declared: URL?, sources: [URL]) {
        declaredSrc = declared
        self.sources = sources
        src = Self.chosenSrc(declared: declared, sources: sources)
    }
}

extension TextTrack: PlacedInDocument {
    func placed(in parent: [JSONPathStep], member: String, index: Int) -> TextTrack {
        var placed = self
        placed.storedProperties = storedProperties.placed(in: parent, member: member, index: index)
        return placed
    }
}
