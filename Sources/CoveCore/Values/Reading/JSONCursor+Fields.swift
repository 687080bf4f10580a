/// The lenient field readers of `JSONFields`, for a cursor: a value of another type than asked for is skipped and
/// reads as absent, exactly as the same body read through a parsed `JSONValue`.
extension JSONReader where Builder == JSONMappingState {
    /// Identifiers are strings in the API, but older or hand-written JSON sometimes has them as integers.
    mutating func readIdentifier() throws(JSONSyntaxError) -> String? {
        switch try nextByte() {
        case UInt8(ascii: "\""):
            let string = builder.strings.string(try string())
            return string.isEmpty ? nil : string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Int(exactly: try number()).map(String.init)
        default:
            try skipValue()
            return nil
        }
    }

    mutating func readInt() throws(JSONSyntaxError) -> Int? {
        try readNumber().flatMap { Int(exactly: $0) }
    }

    /// Milliseconds in, seconds out; negative (seen for live) means unknown.
    mutating func readDuration() throws(JSONSyntaxError) -> Double? {
        guard let milliseconds = try readNumber(), milliseconds >= 0 else { return nil }
        return milliseconds / 1000
    }

    /// An absolute URL string; anything else reads as absent.
    mutating func readURL() throws(JSONSyntaxError) -> LazyURL? {
        guard let text = try readText() else { return nil }
        if let address = LazyURL(plainAddress: text, in: builder.owner) { return address }
        if !JSONMappingState.hasNetworkPrefix(text) { builder.sawOtherAddress = true }
        return LazyURL(address: text.string)
    }

    /// `poster_sources`-style arrays: objects with a `src`, or bare strings.
    mutating func readURLList() throws(JSONSyntaxError) -> [LazyURL] {
        try readElements { (reader) throws(JSONSyntaxError) -> LazyURL? in
            guard try reader.nextByte() == UInt8(ascii: "{") else { return try reader.readURL() }
            var url: LazyURL?
            var seen = false
            var walk = try reader.openObject()!
            while let key = try reader.nextMember(&walk) {
                guard !seen, JSONMappingState.src.withUTF8(key.equals) else {
                    try reader.skipValue()
                    continue
                }
                seen = true
                url = try reader.readURL()
            }
            return url
        }
    }

    /// An object's string members (`custom_fields`): a repeated name keeps its first value, and is left out if
    /// that is not a string.
    mutating func readStrings() throws(JSONSyntaxError) -> [String: String] {
        var others: Set<String> = []
        guard var walk = try openObject() else { return [:] }
        // Custom fields are a handful: one table, grown only for more.
        var strings = [String: String](minimumCapacity: 4)
        while let key = try nextMember(&walk) {
            let name = builder.strings.string(key)
            guard strings.index(forKey: name) == nil, !others.contains(name) else {
                try skipValue()
                continue
            }
            if let value = try readString() { strings[name] = value } else { others.insert(name) }
        }
        return strings
    }

    /// An object kept as JSON (`key_systems`); nil for anything else.
    mutating func readObjectMembers() throws(JSONSyntaxError) -> [String: JSONValue]? {
        try readJSONValue().objectValue
    }
}

extension JSONMappingState {
    static let src: JSONKey = "src"

    /// An address that starts "http://" or "https://" in any letter case, escapes counting as other text: what
    /// every response is made of, passed without a closer look.
    static func hasNetworkPrefix(_ text: JSONText) -> Bool {
        !text.hasEscapes && startsWithNetworkScheme(text.bytes)
    }
}
