/// Reads a response where it stands and maps it as it goes: the strict `JSONReader`, driven by the mapping instead
/// of building a tree. What a type maps is read into its values at once; everything else is checked and skipped,
/// so a body that is not JSON still fails as a whole.
typealias JSONCursor = JSONReader<JSONMappingState>

/// What a cursor carries while it maps: the body's keeper for `properties`, and whether an address was read that
/// does not start with http:// or https://, so a caller with a safety rule can take a closer look.
struct JSONMappingState: JSONBuilder {
    let owner: JSONBytes
    var sawOtherAddress = false

    init(owner: JSONBytes) {
        self.owner = owner
    }

    func scalar(_ scalar: JSONScalar, at range: Range<Int>) {}
    func beginObject(at offset: Int) {}
    func key(_ key: JSONText, at offset: Int) {}
    func addMember(_ key: Void, _ value: Void) {}
    func endObject(_ object: Void, at end: Int) {}
    func beginArray(at offset: Int) {}
    func addElement(_ value: Void) {}
    func endArray(_ array: Void, at end: Int) {}
}

extension JSONReader where Builder == JSONMappingState {
    /// A cursor at the start of `bytes`, which `owner` keeps.
    init(_ bytes: UnsafeBufferPointer<UInt8>, owner: JSONBytes) {
        self.init(bytes: bytes, options: JSONValue.readingOptions, builder: JSONMappingState(owner: owner))
        index = JSONScan.start(of: bytes)
    }

    /// After the top-level value: only whitespace may follow.
    func checkEnd() throws(JSONSyntaxError) {
        guard JSONScan.skipWhitespace(bytes, from: index) == bytes.count else { throw failure(.trailingContent) }
    }

    /// The first byte of the next value, whitespace skipped.
    @inline(__always)
    mutating func nextByte() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        return bytes[index]
    }

    mutating func skipValue() throws(JSONSyntaxError) {
        try value()
    }

    /// An object's members, each given to `member` with its name to read or skip; returns the object's bytes,
    /// bracket to bracket. Anything else is skipped: nil.
    @inline(__always)
    mutating func readObject(_ member: (inout Self, JSONText) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError) -> Range<Int>? {
        guard try nextByte() == UInt8(ascii: "{") else {
            try skipValue()
            return nil
        }
        let start = index
        try enterContainer()
        try entries(closing: UInt8(ascii: "}")) { (reader) throws(JSONSyntaxError) in
            reader.skipWhitespace()
            guard reader.index < reader.bytes.count else { throw reader.failure(.unexpectedEnd) }
            guard reader.bytes[reader.index] == UInt8(ascii: "\"") else { throw reader.failure(.unexpectedCharacter) }
            let key = try reader.string()
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: ":"))
            try member(&reader, key)
        }
        depth -= 1
        return start..<index
    }

    /// An array's elements, each given to `element` to read or skip; false, with the value skipped, for anything
    /// else.
    @inline(__always)
    mutating func readArray(_ element: (inout Self) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) -> Bool {
        guard try nextByte() == UInt8(ascii: "[") else {
            try skipValue()
            return false
        }
        try enterContainer()
        try entries(closing: UInt8(ascii: "]"), element)
        depth -= 1
        return true
    }

    /// What `transform` makes of each element of an array; none when the value is not an array.
    @inline(__always)
    mutating func readElements<Element>(_ transform: (inout Self) throws(JSONSyntaxError) -> Element?)
        throws(JSONSyntaxError) -> [Element] {
        var elements: [Element] = []
        _ = try readArray { (reader) throws(JSONSyntaxError) in
            if let element = try transform(&reader) { elements.append(element) }
        }
        return elements
    }

    /// A string value's text, not yet decoded; nil, with the value skipped, for other values.
    @inline(__always)
    mutating func readText() throws(JSONSyntaxError) -> JSONText? {
        guard try nextByte() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return try string()
    }

    mutating func readString() throws(JSONSyntaxError) -> String? {
        try readText()?.string
    }

    mutating func readNumber() throws(JSONSyntaxError) -> Double? {
        switch try nextByte() {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default:
            try skipValue()
            return nil
        }
    }

    mutating func readBool() throws(JSONSyntaxError) -> Bool? {
        switch try nextByte() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            try skipValue()
            return nil
        }
    }

    /// The value as a `JSONValue`, for fields kept as JSON.
    mutating func readJSONValue() throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader<JSONValueBuilder>(bytes: bytes, options: options, builder: JSONValueBuilder())
        reader.index = index
        reader.depth = depth
        let value = try reader.value()
        index = reader.index
        return value
    }
}
