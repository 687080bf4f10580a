import FoundationEssentials

/// Lenient field readers over one JSON object: the Playback API adds and changes fields over time, so a field of the
/// wrong type is treated as absent rather than failing the whole video.
struct JSONFields {
    let object: [String: JSONValue]

    init(_ object: [String: JSONValue]) { self.object = object }

    subscript(key: String) -> JSONValue? { object[key] }

    func string(_ key: String) -> String? { self[key]?.stringValue }

    /// Identifiers are strings in the API, but older or hand-written JSON sometimes has them as integers.
    func identifier(_ key: String) -> String? {
        guard let value = self[key] else { return nil }
        if let string = value.stringValue { return string.isEmpty ? nil : string }
        return value.doubleValue.flatMap { Int(exactly: $0) }.map(String.init)
    }

    func double(_ key: String) -> Double? { self[key]?.doubleValue }

    func int(_ key: String) -> Int? { self[key]?.doubleValue.flatMap { Int(exactly: $0) } }

    func bool(_ key: String) -> Bool? { self[key]?.boolValue }

    func object(_ key: String) -> [String: JSONValue]? { self[key]?.objectValue }

    /// An object's string members (`custom_fields`); other members are left out.
    func strings(_ key: String) -> [String: String] {
        self[key]?.objectValue?.compactMapValues(\.stringValue) ?? [:]
    }

    /// The array's elements that `transform` makes something of; none when the field is not an array.
    func array<Element>(_ key: String, _ transform: (JSONValue) throws(PlaybackJSONError) -> Element?)
        -> [Element] {
        guard let elements = self[key]?.arrayValue else { return [] }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if let mapped = try? transform(element) { result.append(mapped) }
        }
        return result
    }

    /// A URL the player can use: an absolute URL string; anything else counts as absent.
    func url(_ key: String) -> URL? { self[key]?.stringValue.flatMap(absoluteURL) }

    /// API durations are milliseconds; the player works in seconds. Negative values (seen for live) mean unknown.
    func durationInSeconds(_ key: String) -> Double? {
        guard let milliseconds = double(key), milliseconds >= 0 else { return nil }
        return milliseconds / 1000
    }

    /// `poster_sources`-style arrays: objects with a `src`; bare strings are accepted too.
    func urlList(_ key: String) -> [URL] {
        array(key) { entry in
            if let object = entry.objectValue { return JSONFields(object).url("src") }
            return entry.stringValue.flatMap(absoluteURL)
        }
    }
}

/// An absolute URL string, whitespace around it ignored; nil for anything else (no scheme, not a URL).
func absoluteURL(_ text: String) -> URL? {
    let trimmed = trimmingWhitespace(text)
    guard !trimmed.isEmpty, let url = URL(string: trimmed), let scheme = url.scheme, !scheme.isEmpty else {
        return nil
    }
    return url
}

extension URL {
    /// The lowercased scheme, so "HTTPS" and "https" compare equal.
    var lowercasedScheme: String { scheme?.lowercased() ?? "" }
    var hasNetworkScheme: Bool { lowercasedScheme == "http" || lowercasedScheme == "https" }
}

/// Hand-edited JSON sometimes carries stray spaces or newlines around URLs and codes. Text that starts and ends with
/// a visible ASCII character, as nearly all does, is returned as it is without looking at the characters between.
func trimmingWhitespace(_ text: String) -> String {
    if let first = text.utf8.first, let last = text.utf8.last, isVisibleASCII(first), isVisibleASCII(last) {
        return text
    }
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
          let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(text[first...last])
}

/// An ASCII byte that is no part of any whitespace character (a grapheme that ends in one does not start with
/// whitespace either).
private func isVisibleASCII(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F
}
