import FoundationEssentials

/// Lenient field readers over one JSON object: the Playback API adds and changes fields over time, so a field of the
/// wrong type (or one no reader can hold: a number beyond Double, a lone surrogate) reads as absent rather than
/// failing the whole video, and null reads as absent everywhere.
extension KeyedDecodingContainer {
    func value<Value: Decodable>(_ key: Key, as type: Value.Type = Value.self) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    func string(_ key: Key) -> String? { value(key) }

    func double(_ key: Key) -> Double? { value(key) }

    /// Any number with an integer value, so `1280.0` counts and `1280.5` does not. Integers are parsed as such
    /// first: parsing as Double costs several times more.
    func int(_ key: Key) -> Int? { value(key, as: Int.self) ?? double(key).flatMap { Int(exactly: $0) } }

    func bool(_ key: Key) -> Bool? { value(key) }

    /// Identifiers are strings in the API, but older or hand-written JSON sometimes has them as integers.
    func identifier(_ key: Key) -> String? {
        if let string = string(key) { return string.isEmpty ? nil : string }
        return int(key).map(String.init)
    }

    /// A URL the player can use: an absolute URL string; anything else counts as absent.
    func url(_ key: Key) -> URL? { string(key).flatMap(absoluteURL) }

    /// API durations are milliseconds; the player works in seconds. Negative values (seen for live) mean unknown.
    func durationInSeconds(_ key: Key) -> Double? {
        guard let milliseconds = double(key), milliseconds >= 0 else { return nil }
        return milliseconds / 1000
    }

    /// The array's elements that read as `Element`; none when the field is not an array.
    func elements<Element: Decodable>(_ key: Key, as type: Element.Type = Element.self) -> [Element] {
        value(key, as: [Lenient<Element>].self)?.compactMap(\.value) ?? []
    }

    /// The same for values with properties: each is placed at its own index of the array, at `path` (see
    /// `JSONProperties.init(elementOf:)`).
    func elements<Element: Decodable & PlacedInDocument>(_ key: Key, at path: [JSONPathStep]?) -> [Element] {
        guard let elements = value(key, as: [Lenient<Element>].self) else { return [] }
        guard let path else { return elements.compactMap(\.value) }
        let member = key.stringValue
        return elements.enumerated().compactMap { index, element in
            element.value?.placed(in: path, member: member, index: index)
        }
    }

    /// An object's string members (`custom_fields`); other members are left out.
    func strings(_ key: Key) -> [String: String] {
        value(key, as: [String: Lenient<String>].self)?.compactMapValues(\.value) ?? [:]
    }

    /// `poster_sources`-style arrays: objects with a `src`; bare strings are accepted too.
    func urlList(_ key: Key) -> [URL] {
        elements(key, as: ImageAddress.self).map(\.url)
    }
}

/// An element that reads as nil instead of failing its array.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) {
        value = try? Value(from: decoder)
    }
}

/// An array element with nothing the player can use (a source without an address): its array leaves it out.
struct UnusableElement: Error {}

/// A `poster_sources` entry: `{"src": URL}` or a bare URL string.
private struct ImageAddress: Decodable {
    let url: URL

    private enum Field: String, CodingKey { case src }

    init(from decoder: any Decoder) throws {
        let url = if let object = try? decoder.container(keyedBy: Field.self) {
            object.url(.src)
        } else {
            absoluteURL(try decoder.singleValueContainer().decode(String.self))
        }
        guard let url else { throw UnusableElement() }
        self.url = url
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
    package var lowercasedScheme: String { scheme?.lowercased() ?? "" }
    package var hasNetworkScheme: Bool { hasScheme("https") || hasScheme("http") }

    /// Whether the scheme is `name` in any letter case, without a lowercased copy (asked of every address read).
    func hasScheme(_ name: StaticString) -> Bool {
        scheme.map { equalsIgnoringASCIICase($0, name) } ?? false
    }
}

/// Hand-edited JSON sometimes carries stray spaces or newlines around URLs and codes. Text that starts and ends with
/// a visible ASCII character, as nearly all does, is returned as it is without looking at the characters between.
public func trimmingWhitespace(_ text: String) -> String {
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
