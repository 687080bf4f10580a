import FoundationEssentials

/// One rendition of a video (SDK `BCOVSource`): a URL and how it is delivered, plus the API's rendition details.
public struct Source: Sendable, Hashable, Decodable {
    public let url: URL
    public let deliveryMethod: DeliveryMethod
    /// The API's `type` (a MIME type, present for manifests).
    public let type: String?
    /// The API's `container`, e.g. `MP4`, `M2TS`.
    public let container: String?
    public let codec: String?
    /// Bits per second (`avg_bitrate`).
    public let averageBitrate: Int?
    public let width: Int?
    public let height: Int?
    /// Bytes.
    public let size: Int?
    /// Seconds (the API sends milliseconds).
    public let duration: Double?
    /// Dynamic Delivery HLS version (`ext_x_version`, e.g. "4").
    public let extXVersion: String?
    /// DRM systems by name (`com.widevine.alpha`, `com.apple.fps.1_0`, …) with their settings.
    public let keySystems: [String: JSONValue]
    /// The SSAI VMAP describing this stitched source's ad breaks (answers to an `ad_config_id` request).
    public let vmap: URL?
    /// The source object as received, including fields not mapped above (see `Video.properties`).
    public var properties: [String: JSONValue] { storedProperties.object }
    fileprivate var storedProperties: JSONProperties

    public var isHTTPS: Bool { url.hasScheme("https") }
    /// Only http(s) sources are fetched from the network; others (rtmp, file) stay in the model so callers can see
    /// them, and the service drops them.
    public var isNetworkURL: Bool { url.hasNetworkScheme }
    /// True when the source needs a DRM licence, which this player does not acquire.
    public var isProtected: Bool { !keySystems.isEmpty }

    /// Reads a `sources[]` entry; nil when it has no usable `src` (such entries are skipped, not errors).
    public init?(json: JSONValue) {
        guard let object = json.objectValue, case let parts = PlaybackJSON.parts(Parts.self, of: object),
              let url = parts.src else { return nil }
        self.init(parts, url: url, deliveryMethod: nil, properties: JSONProperties(object))
    }

    /// Reads a `sources[]` entry; one without a usable `src` throws, and its array leaves it out.
    public init(from decoder: any Decoder) throws {
        let parts = try Parts(from: decoder)
        guard let url = parts.src else { throw UnusableElement() }
        self.init(parts, url: url, deliveryMethod: nil, properties: JSONProperties(elementOf: decoder))
    }

    /// A source for a URL the app already has (SDK `BCOVSource(withURL:deliveryMethod:properties:)`). The other
    /// fields are read from `properties` (API field names); without a delivery method it is decided as for API
    /// sources.
    public init(url: URL, deliveryMethod: DeliveryMethod? = nil, properties: [String: JSONValue] = [:]) {
        self.init(PlaybackJSON.parts(Parts.self, of: properties), url: url, deliveryMethod: deliveryMethod,
                  properties: JSONProperties(properties))
    }

    /// The fields as read, before anything is decided from them.
    struct Parts: FieldParts {
        var src: URL?
        var type: String?
        var container: String?
        var codec: String?
        var averageBitrate: Int?
        var width: Int?
        var height: Int?
        var size: Int?
        var duration: Double?
        var extXVersion: String?
        var keySystems: [String: JSONValue]?
        var vmap: URL?

        private enum Field: String, CodingKey {
            case src, type, container, codec, width, height, size, duration, vmap
            case averageBitrate = "avg_bitrate", extXVersion = "ext_x_version", keySystems = "key_systems"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let fields = try PlaybackJSON.object(decoder, keyedBy: Field.self, what: "source")
            src = fields.url(.src)
            type = fields.string(.type)
            container = fields.string(.container)
            codec = fields.string(.codec)
            averageBitrate = fields.int(.averageBitrate)
            width = fields.int(.width)
            height = fields.int(.height)
            size = fields.int(.size)
            duration = fields.durationInSeconds(.duration)
            extXVersion = fields.string(.extXVersion) ?? fields.int(.extXVersion).map(String.init)
            keySystems = fields.value(.keySystems)
            vmap = fields.url(.vmap)
        }
    }

    private init(_ parts: consuming Parts, url: URL, deliveryMethod: DeliveryMethod?,
                 properties: JSONProperties) {
        let type = parts.type.flatMap { $0.isEmpty ? nil : $0 }
        self.url = url
        self.deliveryMethod = deliveryMethod ?? Self.deliveryMethod(type: type, container: parts.container, url: url)
        self.type = type
        container = parts.container.take()
        codec = parts.codec.take()
        averageBitrate = parts.averageBitrate
        width = parts.width
        height = parts.height
        size = parts.size
        duration = parts.duration
        extXVersion = parts.extXVersion.take()
        keySystems = parts.keySystems ?? [:]
        vmap = parts.vmap
        storedProperties = properties
    }

    /// `type` decides when it names a known format; MP4 renditions often carry only `container`; the URL's
    /// extension is the last hint.
    private static func deliveryMethod(type: String?, container: String?, url: URL) -> DeliveryMethod {
        if let type {
            let method = DeliveryMethod(rawValue: type)
            if case .other = method {} else { return method }
        }
        if let container, equalsIgnoringASCIICase(container, "MP4") { return .mp4 }
        if let guessed = DeliveryMethod(guessingFrom: url) { return guessed }
        return .other(type ?? "")
    }
}

extension Source: PlacedInDocument {
    func placed(in parent: [JSONPathStep], member: String, index: Int) -> Source {
        var placed = self
        placed.storedProperties = storedProperties.placed(in: parent, member: member, index: index)
        return placed
    }
}
