/// What a `JSONReader` makes of the values it reads. The reader checks the syntax; the builder decides what a value
/// becomes (for layout files, a node that remembers its line: `PositionedJSON`). Offsets are byte offsets into the
/// input. Playback API bodies are not read here but by JSONDecoder (`PlaybackJSON`): a layout file's errors need
/// the line and column, which JSONDecoder does not give.
protocol JSONBuilder {
    associatedtype Value
    /// What the builder needs to finish a container it began: where its members start, its position.
    associatedtype Container
    associatedtype Key

    /// `range` runs from the value's first byte to past its last.
    mutating func scalar(_ scalar: JSONScalar, at range: Range<Int>) -> Value
    mutating func beginObject(at offset: Int) -> Container
    /// A member's key, read before its value.
    mutating func key(_ key: JSONText, at offset: Int) -> Key
    mutating func addMember(_ key: Key, _ value: Value)
    /// `end` is the offset just past the closing bracket.
    mutating func endObject(_ object: Container, at end: Int) -> Value
    mutating func beginArray(at offset: Int) -> Container
    mutating func addElement(_ value: Value)
    mutating func endArray(_ array: Container, at end: Int) -> Value
}

/// A null, boolean, number or string as read; a string is decoded only if the builder asks for it.
enum JSONScalar {
    case null
    case bool(Bool)
    case number(Double)
    case string(JSONText)
}

/// A string as it stands in a body being read: where its bytes between the quotes are, escapes not yet decoded.
struct JSONText {
    /// The whole document; only valid while the document's bytes are.
    let document: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    let hasEscapes: Bool

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: document[range]) }

    /// Invalid UTF-8 is repaired to U+FFFD (escapes were checked while reading).
    var string: String {
        guard hasEscapes else { return String(decoding: bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            if document[index] == UInt8(ascii: "\\") {
                _ = JSONEscape.decode(document, at: &index, into: &utf8)
            } else {
                utf8.append(document[index])
                index += 1
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

}

/// Why bytes are not JSON, and the byte offset the problem is at.
struct JSONSyntaxError: Error, Equatable {
    enum Problem: Equatable {
        case unexpectedEnd
        case unexpectedCharacter
        case trailingContent
        /// At the number's first byte.
        case invalidNumber
        /// At the escape's backslash.
        case invalidEscape
        case controlCharacterInString
        /// At the bracket that opens one container too many.
        case tooDeep
    }

    let problem: Problem
    let offset: Int
}

/// A strict RFC 8259 reader over UTF-8 bytes; nothing is copied or decoded unless the builder asks. A leading byte
/// order mark is skipped. Nesting is capped so a hostile document cannot exhaust the stack; a lone surrogate escape
/// is refused.
struct JSONReader<Builder: JSONBuilder> {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    var depth = 0
    var builder: Builder

    /// The value the bytes hold; whitespace may surround it, nothing else may follow it.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, into builder: inout Builder)
        throws(JSONSyntaxError) -> Builder.Value {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth, builder: builder)
        defer { builder = reader.builder }
        reader.index = JSONScan.start(of: bytes)
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure(.trailingContent) }
        return value
    }

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, builder: Builder) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.builder = builder
    }

    func failure(_ problem: JSONSyntaxError.Problem, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: offset ?? index)
    }

    /// The byte at the index must be `byte`: anything else is unexpected.
    mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        guard bytes[index] == byte else { throw failure(.unexpectedCharacter) }
        index += 1
    }

    mutating func skipWhitespace() {
        index = JSONScan.skipWhitespace(bytes, from: index)
    }

    mutating func value() throws(JSONSyntaxError) -> Builder.Value {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        let start = index
        let scalar: JSONScalar
        switch bytes[index] {
        case UInt8(ascii: "\""): scalar = .string(try string())
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): scalar = .number(try number())
        case UInt8(ascii: "t"): try literal("true"); scalar = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); scalar = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); scalar = .null
        default: throw failure(.unexpectedCharacter)
        }
        return builder.scalar(scalar, at: start..<index)
    }

    /// A misspelt literal is unexpected from its first letter on.
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure(.unexpectedCharacter) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure(.unexpectedCharacter)
        }
        index += count
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        guard depth < maximumDepth else { throw failure(.tooDeep) }
        depth += 1
    }

    mutating func closes(_ bracket: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == bracket else { return false }
        index += 1
        return true
    }

    mutating func object() throws(JSONSyntaxError) -> Builder.Value {
        try enterContainer()
        let object = builder.beginObject(at: index)
        try entries(closing: UInt8(ascii: "}")) { (reader) throws(JSONSyntaxError) in try reader.member() }
        depth -= 1
        return builder.endObject(object, at: index)
    }

    mutating func member() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.unexpectedCharacter) }
        let keyStart = index
        let key = builder.key(try string(), at: keyStart)
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        builder.addMember(key, try value())
    }

    mutating func array() throws(JSONSyntaxError) -> Builder.Value {
        try enterContainer()
        let array = builder.beginArray(at: index)
        try entries(closing: UInt8(ascii: "]")) { (reader) throws(JSONSyntaxError) in
            reader.builder.addElement(try reader.value())
        }
        depth -= 1
        return builder.endArray(array, at: index)
    }

    /// From a container's opening bracket to past its closing one: no entries, or entries read by `entry` and
    /// separated by commas.
    mutating func entries(closing bracket: UInt8, _ entry: (inout Self) throws(JSONSyntaxError) -> Void)
        throws(JSONSyntaxError) {
        index += 1
        skipWhitespace()
        if closes(bracket) { return }
        while true {
            try entry(&self)
            skipWhitespace()
            if closes(bracket) { return }
            try expect(UInt8(ascii: ","))
        }
    }

    /// From the opening quote to past the closing one; escapes are checked here and decoded by `JSONText`.
    mutating func string() throws(JSONSyntaxError) -> JSONText {
        index += 1
        let start = index
        var hasEscapes = false
        while true {
            index = JSONScan.stringSpecial(bytes, from: index)
            guard index < bytes.count else { throw failure(.unexpectedEnd) }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return JSONText(document: bytes, range: start..<index - 1, hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                let backslash = index
                switch JSONEscape.check(bytes, at: &index) {
                case .valid: break
                case .unexpectedEnd: throw failure(.unexpectedEnd)
                case .invalid: throw failure(.invalidEscape, at: backslash)
                }
            default:
                throw failure(.controlCharacterInString)
            }
        }
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        guard let number = JSONScan.number(bytes, at: &index) else { throw failure(.invalidNumber, at: start) }
        return number
    }
}

/// Backslash escapes, checked while reading and decoded later by the same rules.
enum JSONEscape {
    enum Outcome { case valid, invalid, unexpectedEnd }

    /// Checks the escape at `index` (its backslash) and moves past it.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Outcome {
        var unused: [UInt8] = []
        return walk(bytes, at: &index, into: &unused, writing: false)
    }

    /// Appends the escape's UTF-8 to `utf8` and moves past it; the escape must have been checked.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into utf8: inout [UInt8])
        -> Outcome {
        walk(bytes, at: &index, into: &utf8, writing: true)
    }

    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into utf8: inout [UInt8],
                             writing: Bool) -> Outcome {
        index += 1
        guard index < bytes.count else { return .unexpectedEnd }
        let escape = bytes[index]
        index += 1
        let byte: UInt8
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte = escape
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "u"):
            guard let scalar = unicode(bytes, at: &index) else { return .invalid }
            if writing { utf8.append(contentsOf: String(Character(scalar)).utf8) }
            return .valid
        default: return .invalid
        }
        if writing { utf8.append(byte) }
        return .valid
    }

    /// After `\u`: four hex digits, and for a high surrogate the `\uXXXX` low surrogate that must follow. Nil when
    /// the digits are not hex, or for a lone surrogate.
    private static func unicode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Unicode.Scalar? {
        guard let unit = hexQuad(bytes, at: &index) else { return nil }
        if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
           bytes[index + 1] == UInt8(ascii: "u") {
            var next = index + 2
            if let low = hexQuad(bytes, at: &next), (0xDC00..<0xE000).contains(low) {
                index = next
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            // Not a pair: the second escape is read on its own.
        }
        return Unicode.Scalar(unit)
    }

    private static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8? = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
            guard let digit else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
