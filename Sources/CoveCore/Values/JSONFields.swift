import FoundationEssentials

extension JSONValue {
    /// Parses a response body. A body that is not JSON (an HTML error page from a proxy, a truncated download)
    /// throws `notJSON` with the start of the body, so the failure can be diagnosed without logging it all.
    public init(parsing data: Data) throws(PlaybackJSONError) {
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .notJSON(prefix: PlaybackJSONError.prefix(of: data))
        }
    }

    /// The JSON type's name, for diagnostics.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// Lenient field readers over one JSON object: the Playback API adds and changes fields over time, so a field of the
/// wrong type is treated as absent rather than failing the whole video.
struct JSONFields {
    let object: [String: JSONValue]

    init(_ object: [String: JSONValue]) { self.object = object }

    subscript(key: String) -> JSONValue? { object[key] }

    func string(_ key: String) -> String? { self[key]?.stringValue }

    /// Identifiers are strings in the API, but older or hand-written JSON sometimes has them as integers.
    func identifier(_ key: String) -> String? {
        switch self[key] {
        case .string(let value): value.isEmpty ? nil : value
        case .number(let value): Int(exactly: value).map(String.init)
        default: nil
        }
    }

    func double(_ key: String) -> Double? { self[key]?.doubleValue }

    func int(_ key: String) -> Int? { self[key]?.doubleValue.flatMap { Int(exactly: $0) } }

    func bool(_ key: String) -> Bool? { self[key]?.boolValue }

    func object(_ key: String) -> [String: JSONValue]? { self[key]?.objectValue }

    func array(_ key: String) -> [JSONValue] { self[key]?.arrayValue ?? [] }

    /// A URL the player can use: an absolute URL string; anything else counts as absent.
    func url(_ key: String) -> URL? { self[key].flatMap(absoluteURL(from:)) }

    /// API durations are milliseconds; the player works in seconds. Negative values (seen for live) mean unknown.
    func durationInSeconds(_ key: String) -> Double? {
        guard let milliseconds = double(key), milliseconds >= 0 else { return nil }
        return milliseconds / 1000
    }

    /// `poster_sources`-style arrays: objects with a `src`; bare strings are accepted too.
    func urlList(_ key: String) -> [URL] {
        array(key).compactMap { entry in
            if case .object(let object) = entry { return JSONFields(object).url("src") }
            return absoluteURL(from: entry)
        }
    }
}

func absoluteURL(from value: JSONValue) -> URL? {
    guard let raw = value.stringValue else { return nil }
    let text = trimmingWhitespace(raw)
    guard !text.isEmpty, let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else { return nil }
    return url
}

extension URL {
    /// The lowercased scheme, so "HTTPS" and "https" compare equal.
    var lowercasedScheme: String { scheme?.lowercased() ?? "" }
    var hasNetworkScheme: Bool { lowercasedScheme == "http" || lowercasedScheme == "https" }
}

/// Hand-edited JSON sometimes carries stray spaces or newlines around URLs and codes.
func trimmingWhitespace(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
          let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(text[first...last])
}
