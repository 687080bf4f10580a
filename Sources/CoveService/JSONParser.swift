import CoveCore

/// A strict RFC 8259 parser from UTF-8 bytes straight to `JSONValue`. `JSONDecoder` into `JSONValue` tries each
/// type in turn through `try?`, which costs hundreds of milliseconds for a 1,000-video playlist; this reads each
/// byte once. Nesting is capped so a hostile body cannot exhaust the stack.
struct JSONParser {
    struct Failure: Error {
        let offset: Int
    }

    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Members and elements of the containers being read, innermost last: one growing buffer instead of an array
    /// per container, and each dictionary is made once at its final size.
    private var members: [(String, JSONValue)] = []
    private var elements: [JSONValue] = []

    /// The value the bytes hold; whitespace may surround it, nothing else may follow it.
    static func parse(_ data: [UInt8]) throws(Failure) -> JSONValue {
        try data.withUnsafeBufferPointer { buffer in
            Result { () throws(Failure) -> JSONValue in
                var parser = JSONParser(bytes: buffer)
                let value = try parser.value()
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.failure }
                return value
            }
        }.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var failure: Failure { Failure(offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw failure }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw failure }
        index += count
    }

    private mutating func object() throws(Failure) -> JSONValue {
        let base = members.count
        try container(closing: UInt8(ascii: "}")) { parser throws(Failure) in
            parser.skipWhitespace()
            guard parser.current == UInt8(ascii: "\"") else { throw parser.failure }
            let key = try parser.string()
            parser.skipWhitespace()
            guard parser.current == UInt8(ascii: ":") else { throw parser.failure }
            parser.index += 1
            parser.members.append((key, try parser.value()))
        }
        // A repeated key keeps its first value, as JSONDecoder does.
        let object = [String: JSONValue](members[base...], uniquingKeysWith: { first, _ in first })
        members.removeSubrange(base...)
        return .object(object)
    }

    private mutating func array() throws(Failure) -> JSONValue {
        let base = elements.count
        try container(closing: UInt8(ascii: "]")) { parser throws(Failure) in
            parser.elements.append(try parser.value())
        }
        let array = Array(elements[base...])
        elements.removeSubrange(base...)
        return .array(array)
    }

    /// From the opening bracket to the closing one: comma-separated entries, each read by `entry`, or none.
    private mutating func container(closing: UInt8, _ entry: (inout JSONParser) throws(Failure) -> Void)
        throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure }
        index += 1
        skipWhitespace()
        if current != closing {
            while true {
                try entry(&self)
                skipWhitespace()
                guard current == UInt8(ascii: ",") else { break }
                index += 1
            }
        }
        guard current == closing else { throw failure }
        index += 1
        depth -= 1
    }

    /// Starts at the opening quote. Runs without escapes are decoded in one piece; invalid UTF-8 is repaired to
    /// U+FFFD rather than failing the whole response.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var start = index
        var escaped: [UInt8]?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                guard var escaped else { return Self.text(bytes[start..<index]) }
                escaped.append(contentsOf: bytes[start..<index])
                return escaped.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            case UInt8(ascii: "\\"):
                var buffer = escaped ?? []
                buffer.append(contentsOf: bytes[start..<index])
                index += 1
                try unescape(into: &buffer)
                escaped = buffer
                start = index
            case 0..<0x20:
                throw failure
            default:
                index += 1
            }
        }
        throw failure
    }

    private static func text(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: slice), as: UTF8.self)
    }

    /// One escape, after its backslash.
    private mutating func unescape(into buffer: inout [UInt8]) throws(Failure) {
        guard let escape = current else { throw failure }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"): buffer.append(contentsOf: try unicodeEscape())
        default: throw failure
        }
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, as UTF-8 bytes. A lone surrogate becomes U+FFFD, as Foundation
    /// does.
    private mutating func unicodeEscape() throws(Failure) -> [UInt8] {
        var value = try hex4()
        if (0xD800...0xDBFF).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
           bytes[index + 1] == UInt8(ascii: "u") {
            let saved = index
            index += 2
            let low = try hex4()
            if (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else {
                index = saved
            }
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw failure
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw failure }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure }
        }
        guard let number = Double(Self.text(bytes[start..<index])), number.isFinite else { throw Failure(offset: start) }
        return number
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}
