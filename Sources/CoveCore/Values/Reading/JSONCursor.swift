/// Reads a response where it stands and maps it as it goes: the strict `JSONReader`, driven by the mapping instead
/// of building a tree. What a type maps is read into its values at once; everything else is checked and skipped,
/// so a body that is not JSON still fails as a whole.
typealias JSONCursor = JSONReader<JSONMappingState>

/// What a cursor carries while it maps: the body's keeper for `properties`, and whether an address was read that
/// does not start with http:// or https://, so a caller with a safety rule can take a closer look.
struct JSONMappingState: JSONBuilder {
    let owner: JSONBytes
    var sawOtherAddress = false
    /// The member order of the last object of each kind, to guess the next one's names by.
    var videoOrder = JSONMemberOrder<VideoField>()
    var sourceOrder = JSONMemberOrder<SourceField>()
    var textTrackOrder = JSONMemberOrder<TextTrackField>()
    var cuePointOrder = JSONMemberOrder<CuePointField>()
    var playlistOrder = JSONMemberOrder<PlaylistField>()
    var strings = JSONStringCache()

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

    /// Enters the object at the cursor; nil, with the value skipped, for anything else. Its members are then
    /// walked with `nextMember(_:)`, each value read or skipped before the next name is asked for.
    @inline(__always)
    mutating func openObject() throws(JSONSyntaxError) -> JSONContainerWalk? {
        try open(UInt8(ascii: "{"))
    }

    /// The next member's name, with the cursor before its value; nil once past the closing brace.
    @inline(__always)
    mutating func nextMember(_ walk: inout JSONContainerWalk) throws(JSONSyntaxError) -> JSONText? {
        guard try nextEntry(&walk, closing: UInt8(ascii: "}")) else { return nil }
        guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.unexpectedCharacter) }
        let key = try string()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Enters the array at the cursor; nil, with the value skipped, for anything else. Its elements are then
    /// walked with `nextElement(_:)`.
    @inline(__always)
    mutating func openArray() throws(JSONSyntaxError) -> JSONContainerWalk? {
        try open(UInt8(ascii: "["))
    }

    @inline(__always)
    private mutating func open(_ bracket: UInt8) throws(JSONSyntaxError) -> JSONContainerWalk? {
        guard try nextByte() == bracket else {
            try skipValue()
            return nil
        }
        try enterContainer()
        let walk = JSONContainerWalk(start: index)
        index += 1
        return walk
    }

    /// Whether there is another element, with the cursor before it; false once past the closing bracket.
    @inline(__always)
    mutating func nextElement(_ walk: inout JSONContainerWalk) throws(JSONSyntaxError) -> Bool {
        try nextEntry(&walk, closing: UInt8(ascii: "]"))
    }

    /// Past the separator before the next entry (none before the first), or past the closing bracket: false. A
    /// bracket right after a separator is refused by whoever reads the entry, as it is not a name or a value.
    @inline(__always)
    mutating func nextEntry(_ walk: inout JSONContainerWalk, closing bracket: UInt8)
        throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if closes(bracket) {
            depth -= 1
            walk.end = index
            return false
        }
        if walk.entries > 0 {
            try expect(UInt8(ascii: ","))
            skipWhitespace()
        }
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        walk.entries += 1
        return true
    }

    /// What `transform` makes of each element of an array; none when the value is not an array.
    @inline(__always)
    mutating func readElements<Element>(_ transform: (inout Self) throws(JSONSyntaxError) -> Element?)
        throws(JSONSyntaxError) -> [Element] {
        guard var walk = try openArray() else { return [] }
        var elements: [Element] = []
        while try nextElement(&walk) {
            guard let element = try transform(&self) else { continue }
            // The API's short lists (renditions, tracks, cue points) then grow at most once.
            if elements.isEmpty { elements.reserveCapacity(4) }
            elements.append(element)
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
        guard let text = try readText() else { return nil }
        return builder.strings.string(text)
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

/// Where a cursor is in an object or array it walks: the opening bracket's offset, and once walked, the offset past
/// the closing one.
struct JSONContainerWalk {
    let start: Int
    var end = 0
    var entries = 0

    var range: Range<Int> { start..<end }
}
