import FoundationEssentials

/// How a source is delivered, named by its MIME type as in the Playback API's `type` field (SDK
/// `kBCOVSourceDeliveryHLS` and friends).
public enum DeliveryMethod: Sendable, Hashable, RawRepresentable {
    /// `application/x-mpegURL`; `application/vnd.apple.mpegurl` is accepted as the same thing.
    case hls
    /// `application/dash+xml`.
    case dash
    /// `video/mp4`, a progressive download.
    case mp4
    /// Any other MIME type, kept verbatim (for example the SDK's SSAI variants `application/x-mpegURL.once`).
    case other(String)

    public static let hlsMIMEType = "application/x-mpegURL"
    public static let dashMIMEType = "application/dash+xml"
    public static let mp4MIMEType = "video/mp4"

    /// Never fails: an unknown MIME type becomes `.other`. MIME types compare case-insensitively and without
    /// parameters (`video/mp4; codecs=…`).
    public init(rawValue: String) {
        if let method = Self.plainMethod(rawValue) {
            self = method
            return
        }
        let base = rawValue.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        self = Self.known.first { $0.mimeType == trimmingWhitespace(base).lowercased() }?.method ?? .other(rawValue)
    }

    /// The MIME types this player knows, lowercased.
    private static let known: [(mimeType: String, method: DeliveryMethod)] = [
        ("application/x-mpegurl", .hls), ("application/vnd.apple.mpegurl", .hls), ("audio/mpegurl", .hls),
        ("audio/x-mpegurl", .hls), ("application/dash+xml", .dash), ("video/mp4", .mp4),
    ]

    /// What the API sends, visible ASCII without parameters, is matched byte by byte without making strings; nil
    /// for anything else.
    private static func plainMethod(_ rawValue: String) -> DeliveryMethod? {
        var text = rawValue
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }) else {
                return nil
            }
            let known = Self.known.first { name in
                var mimeType = name.mimeType
                return mimeType.withUTF8 { equalsIgnoringASCIICase(bytes, $0) }
            }
            return known?.method ?? .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .hls: Self.hlsMIMEType
        case .dash: Self.dashMIMEType
        case .mp4: Self.mp4MIMEType
        case .other(let mimeType): mimeType
        }
    }

    /// Guesses from a URL's path extension (`video(withURL:)`); nil when the extension says nothing.
    public init?(guessingFrom url: URL) {
        switch url.pathExtension.lowercased() {
        case "m3u8", "m3u": self = .hls
        case "mpd": self = .dash
        case "mp4", "m4v": self = .mp4
        default: return nil
        }
    }
}
