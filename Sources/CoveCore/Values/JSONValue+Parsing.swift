import FoundationEssentials

extension JSONValue {
    /// Parses a response body (strict JSON in UTF-8; invalid UTF-8 is repaired to U+FFFD). A body that is not JSON
    /// (an HTML error page from a proxy, a truncated download) throws `notJSON` with the start of the body, so the
    /// failure can be diagnosed without logging it all.
    public init(parsing body: some ContiguousBytes) throws(PlaybackJSONError) {
        let parsed = body.withUnsafeBytes { raw in
            var builder = JSONValueBuilder()
            return Result { () throws(JSONSyntaxError) in
                try JSONReader.read(raw.assumingMemoryBound(to: UInt8.self), options: Self.readingOptions,
                                    into: &builder)
            }
        }
        guard case .success(let value) = parsed else {
            throw body.withUnsafeBytes { .notJSON(prefix: PlaybackJSONError.prefix(of: $0)) }
        }
        self = value
    }

    /// Deeper than any API response goes. A lone surrogate escape becomes U+FFFD, as invalid UTF-8 does: one odd
    /// character in a description should not lose the whole playlist.
    static let readingOptions = JSONReadingOptions(maximumDepth: 256, replacesLoneSurrogates: true)
}

/// Builds `JSONValue`s. Members and elements of the containers being read wait in one growing buffer each,
/// innermost last, so each dictionary is made once at its final size.
struct JSONValueBuilder: JSONBuilder {
    private var members: [(key: String, value: JSONValue)] = []
    private var elements: [JSONValue] = []

    func scalar(_ scalar: JSONScalar, at range: Range<Int>) -> JSONValue { scalar.value }

    func beginObject(at offset: Int) -> Int { members.count }

    func key(_ key: JSONText, at offset: Int) -> String { key.string }

    mutating func addMember(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    mutating func endObject(_ start: Int, at end: Int) -> JSONValue {
        var object = [String: JSONValue](minimumCapacity: members.count - start)
        // Last to first, so the first of repeated keys is stored last and wins, as with JSONDecoder.
        while members.count > start {
            let member = members.removeLast()
            object[member.key] = member.value
        }
        return .object(object)
    }

    func beginArray(at offset: Int) -> Int { elements.count }

    mutating func addElement(_ value: JSONValue) {
        elements.append(value)
    }

    mutating func endArray(_ start: Int, at end: Int) -> JSONValue {
        let array = Array(elements[start...])
        elements.removeSubrange(start...)
        return .array(array)
    }
}
