import FoundationEssentials

/// A URL read from a response, kept as its text and parsed when it is asked for. `URL(string:)` costs about a
/// microsecond, and a 1,000-video playlist holds over ten thousand addresses of which a viewer opens a handful.
/// Plain http(s) addresses are recognised from their bytes (text `URL(string:)` always accepts and keeps as it is);
/// anything else is parsed at once, so what is accepted is exactly what `URL(string:)` accepts. Compares and hashes
/// as `URL` does: by the relative string and the base URL.
struct LazyURL: Sendable, Hashable {
    private enum Storage: Sendable {
        /// An absolute http or https URL whose text `URL(string:)` keeps unchanged.
        case plain(String, isHTTPS: Bool)
        /// The same, still in a response's bytes: most addresses of a playlist are never opened, so they are not
        /// copied out either.
        case text(JSONBytes, start: Int32, end: Int32, isHTTPS: Bool)
        case parsed(URL)
    }

    private let storage: Storage

    init(_ url: URL) {
        storage = .parsed(url)
    }

    /// An absolute URL string, whitespace around it ignored; nil for anything else (no scheme, not a URL).
    init?(address raw: String) {
        let text = trimmingWhitespace(raw)
        if let isHTTPS = Self.plainNetworkScheme(text) {
            storage = .plain(text, isHTTPS: isHTTPS)
            return
        }
        guard !text.isEmpty, let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        storage = .parsed(url)
    }

    /// A string of a response (`text`, the bytes `owner` keeps) kept where it is when it is a plain http(s)
    /// address; nil for any other text, which is read as a string instead.
    init?(plainAddress text: JSONText, in owner: JSONBytes) {
        guard !text.hasEscapes, let isHTTPS = Self.plainNetworkScheme(text.bytes) else { return nil }
        let range = text.range
        storage = .text(owner, start: Int32(truncatingIfNeeded: range.lowerBound),
                        end: Int32(truncatingIfNeeded: range.upperBound), isHTTPS: isHTTPS)
    }

    var url: URL {
        switch storage {
        case .text:
            guard let url = URL(string: relativeString) else {
                preconditionFailure("URL(string:) refused a plain http(s) URL")
            }
            return url
        case .plain(let text, _):
            // The text is not quoted: a signed address can carry a token.
            guard let url = URL(string: text) else { preconditionFailure("URL(string:) refused a plain http(s) URL") }
            return url
        case .parsed(let url):
            return url
        }
    }

    /// The lowercased scheme, so "HTTPS" and "https" compare equal.
    var lowercasedScheme: String {
        switch storage {
        case .plain(_, let isHTTPS), .text(_, _, _, let isHTTPS): isHTTPS ? "https" : "http"
        case .parsed(let url): url.lowercasedScheme
        }
    }

    var isHTTPS: Bool {
        switch storage {
        case .plain(_, let isHTTPS), .text(_, _, _, let isHTTPS): isHTTPS
        case .parsed(let url): url.lowercasedScheme == "https"
        }
    }

    var hasNetworkScheme: Bool {
        if case .parsed(let url) = storage { url.hasNetworkScheme } else { true }
    }

    var isFileURL: Bool {
        if case .parsed(let url) = storage { url.isFileURL } else { false }
    }

    private var relativeString: String {
        switch storage {
        case .plain(let text, _): text
        case .text(let owner, let start, let end, _):
            String(decoding: owner.bytes[Int(start)..<Int(end)], as: UTF8.self)
        case .parsed(let url): url.relativeString
        }
    }

    private var baseURL: URL? {
        if case .parsed(let url) = storage { url.baseURL } else { nil }
    }

    static func == (lhs: LazyURL, rhs: LazyURL) -> Bool {
        lhs.relativeString == rhs.relativeString && lhs.baseURL == rhs.baseURL
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(relativeString)
    }

    /// True for https, false for http, nil unless `text` is `http(s)://host[:port][/path][?query][#fragment]` made
    /// only of characters `URL(string:)` takes as they are: letters, digits, `-._~!$&'()*+,;=:@/?`, `%` with two
    /// hex digits, and one `#`.
    static func plainNetworkScheme(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8(plainNetworkScheme)
    }

    static func plainNetworkScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        do {
            // "http://" or "https://" in any letter case.
            guard bytes.count > 7, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
                  bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p") else { return nil }
            let isHTTPS = bytes[4] | 0x20 == UInt8(ascii: "s")
            var index = isHTTPS ? 5 : 4
            guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                  bytes[index + 2] == UInt8(ascii: "/") else { return nil }
            index += 3
            let classes = Self.byteClasses
            let hostStart = index
            while index < bytes.count, classes[Int(bytes[index])] & Self.host != 0 { index += 1 }
            guard index > hostStart else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                let portStart = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                guard (1...5).contains(index - portStart) else { return nil }
            }
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?")
                || bytes[index] == UInt8(ascii: "#") else { return nil }
            var seenFragment = false
            // Eight bytes at a time while all of them may stand in a path as they are; the loop below takes the
            // rest and whatever needs a closer look.
            if let base = bytes.baseAddress {
                classes.withUnsafeBufferPointer { classes in
                    while index + 8 <= bytes.count {
                        let run = base + index
                        let all = classes[Int(run[0])] & classes[Int(run[1])] & classes[Int(run[2])]
                            & classes[Int(run[3])] & classes[Int(run[4])] & classes[Int(run[5])]
                            & classes[Int(run[6])] & classes[Int(run[7])]
                        guard all & Self.path != 0 else { break }
                        index += 8
                    }
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if classes[Int(byte)] & Self.path != 0 { continue }
                if byte == UInt8(ascii: "#"), !seenFragment {
                    seenFragment = true
                } else if byte == UInt8(ascii: "%"), index + 2 <= bytes.count,
                          classes[Int(bytes[index])] & classes[Int(bytes[index + 1])] & Self.hex != 0 {
                    index += 2
                } else {
                    return nil
                }
            }
            return isHTTPS
        }
    }

    private static let host: UInt8 = 1
    private static let path: UInt8 = 2
    private static let hex: UInt8 = 4

    /// For each byte value, which of `host`, `path` and `hex` it may appear in: one table load per byte.
    private static let byteClasses: [UInt8] = {
        var classes = [UInt8](repeating: 0, count: 256)
        let alphanumerics = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        for byte in (alphanumerics + ".-").utf8 { classes[Int(byte)] |= host }
        for byte in (alphanumerics + "-._~!$&'()*+,;=:@/?").utf8 { classes[Int(byte)] |= path }
        for byte in "0123456789abcdefABCDEF".utf8 { classes[Int(byte)] |= hex }
        return classes
    }()
}

/// The common case of an address, decided on its first bytes: "http://" or "https://" in any letter case. Shared by
/// the mapping, which flags anything else, and the service's safety rule, which then looks closer.
package func startsWithNetworkScheme(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var iterator = utf8.makeIterator()
    for expected in "http".utf8 {
        guard let byte = iterator.next(), byte | 0x20 == expected else { return false }
    }
    var next = iterator.next()
    if next.map({ $0 | 0x20 }) == UInt8(ascii: "s") { next = iterator.next() }
    return next == UInt8(ascii: ":") && iterator.next() == UInt8(ascii: "/") && iterator.next() == UInt8(ascii: "/")
}
