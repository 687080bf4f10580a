import FoundationEssentials

/// What the IAB VAST 4 macros of an ad tag or a tracking address are filled with at the moment it is sent. Nil is
/// unknown: the macro becomes -1, as the spec asks; so does any macro Cove does not know.
public struct AdMacroContext: Sendable, Equatable {
    /// Where the break sits: 1 pre-roll, 2 mid-roll, 3 post-roll (the spec's `[BREAKPOSITION]`).
    public enum BreakPosition: Int, Sendable {
        case preRoll = 1, midRoll, postRoll
    }

    public var contentPlayhead: Double?
    public var mediaPlayhead: Double?
    public var adPlayhead: Double?
    public var breakPosition: BreakPosition?
    /// The ad's media file (`[ASSETURI]`).
    public var assetURI: URL?
    public var contentID: String?
    public var playerSize: (width: Int, height: Int)?
    /// `fullscreen`, `muted`, … (`[PLAYERSTATE]`).
    public var playerState: [String] = []
    public var deviceUA: String?
    public var appBundle: String?
    public var limitAdTracking: Bool?
    public var errorCode: VASTErrorCode?
    /// `[REASON]` of `verificationNotExecuted`: 1 a vendor refused, 2 not supported, 3 an error.
    public var reason: Int?
    /// Seconds since 1970 (`[TIMESTAMP]`).
    public var now: Double
    /// Eight digits (`[CACHEBUSTING]`).
    public var cacheBuster: String

    public init(now: Double, cacheBuster: String) {
        self.now = now
        self.cacheBuster = cacheBuster
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.contentPlayhead == rhs.contentPlayhead && lhs.mediaPlayhead == rhs.mediaPlayhead
            && lhs.adPlayhead == rhs.adPlayhead && lhs.breakPosition == rhs.breakPosition
            && lhs.assetURI == rhs.assetURI && lhs.contentID == rhs.contentID
            && lhs.playerSize?.width == rhs.playerSize?.width && lhs.playerSize?.height == rhs.playerSize?.height
            && lhs.playerState == rhs.playerState && lhs.deviceUA == rhs.deviceUA && lhs.appBundle == rhs.appBundle
            && lhs.limitAdTracking == rhs.limitAdTracking && lhs.errorCode == rhs.errorCode
            && lhs.reason == rhs.reason && lhs.now == rhs.now && lhs.cacheBuster == rhs.cacheBuster
    }

    /// A cache buster: eight random digits.
    public static func randomCacheBuster() -> String {
        AdMacros.padded(Int.random(in: 0..<100_000_000), 8)
    }
}

/// Fills the `[MACRO]`s of an address (also when its brackets came percent-encoded), each value URL-encoded as
/// JavaScript's `encodeURIComponent` does.
public enum AdMacros {
    public static func fill(_ url: URL, with context: AdMacroContext) -> URL {
        let text = url.absoluteString
        guard text.contains("[") || text.contains("%5B") || text.contains("%5b") else { return url }
        var result = ""
        var rest = Substring(text)
        while let open = nextOpening(in: rest) {
            result += rest[..<open.range.lowerBound]
            let afterOpen = rest[open.range.upperBound...]
            let closing = open.encoded ? ["%5D", "%5d"] : ["]"]
            guard let close = closing.compactMap({ afterOpen.firstRange(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }),
                  let name = Optional(String(afterOpen[..<close.lowerBound])), isMacroName(name) else {
                result += rest[open.range]
                rest = afterOpen
                continue
            }
            result += encode(value(of: name, in: context))
            rest = afterOpen[close.upperBound...]
        }
        result += rest
        return URL(string: result) ?? url
    }

    private static func nextOpening(in text: Substring) -> (range: Range<Substring.Index>, encoded: Bool)? {
        let candidates = [(text.firstRange(of: "["), false), (text.firstRange(of: "%5B"), true), (text.firstRange(of: "%5b"), true)]
        return candidates.compactMap { range, encoded in range.map { ($0, encoded) } }
            .min { $0.0.lowerBound < $1.0.lowerBound }
    }

    private static func isMacroName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 40 && name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    static func value(of name: String, in context: AdMacroContext) -> String {
        let unknown = "-1"
        switch name {
        case "CACHEBUSTING": return context.cacheBuster
        case "TIMESTAMP": return timestamp(context.now)
        case "CONTENTPLAYHEAD": return context.contentPlayhead.map(clock) ?? unknown
        case "MEDIAPLAYHEAD": return context.mediaPlayhead.map(clock) ?? unknown
        case "ADPLAYHEAD": return context.adPlayhead.map(clock) ?? unknown
        case "BREAKPOSITION": return context.breakPosition.map { String($0.rawValue) } ?? unknown
        case "ASSETURI": return context.assetURI?.absoluteString ?? unknown
        case "CONTENTID": return context.contentID ?? unknown
        case "PLAYERSIZE": return context.playerSize.map { "\($0.width),\($0.height)" } ?? unknown
        case "PLAYERSTATE": return context.playerState.joined(separator: ",")
        case "DEVICEUA": return context.deviceUA ?? unknown
        case "APPBUNDLE": return context.appBundle ?? unknown
        case "LIMITADTRACKING": return context.limitAdTracking.map { $0 ? "1" : "0" } ?? unknown
        case "ERRORCODE": return context.errorCode.map { String($0.rawValue) } ?? unknown
        case "REASON": return context.reason.map(String.init) ?? unknown
        default: return unknown
        }
    }

    /// `HH:MM:SS.mmm`.
    static func clock(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds.isFinite ? seconds : 0) * 1000).rounded())
        let hours = milliseconds / 3_600_000, minutes = milliseconds / 60_000 % 60
        let wholeSeconds = milliseconds / 1000 % 60, fraction = milliseconds % 1000
        return "\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(wholeSeconds, 2)).\(padded(fraction, 3))"
    }

    /// ISO 8601 with milliseconds, in UTC.
    static func timestamp(_ epoch: Double) -> String {
        Date(timeIntervalSince1970: epoch).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// As JavaScript's `encodeURIComponent`, which the IAB names for macro values.
    public static func encode(_ value: String) -> String {
        PercentEncoding.escape(value, keeping: PercentEncoding.uriComponent)
    }
}
