/// A place in a text file, both 1-based; the column counts characters (Unicode scalars), not bytes.
public struct TextPosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A JSON value that remembers where it starts. JSONDecoder reports no position for a value that is well-formed but
/// wrong (an unknown tag, a string where a number belongs), and a hand-written layout file needs that line.
struct PositionedJSON {
    enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([PositionedJSON])
        case object([Member])
    }

    struct Member {
        let key: String
        let keyPosition: TextPosition
        let value: PositionedJSON
    }

    let value: Value
    let position: TextPosition

    /// Parses a whole document (RFC 8259; a leading byte order mark is skipped).
    static func parse(_ text: String) throws(LayoutFileError) -> PositionedJSON {
        var parser = Parser(bytes: Array(text.utf8))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.failure(.trailingContent) }
        return value
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    /// Deeper nesting than any layout needs; the limit keeps a hostile file from exhausting the stack.
    static let maximumDepth = 64

    init(bytes: [UInt8]) { self.bytes = bytes }

    var position: TextPosition { TextPosition(line: line, column: column) }

    func failure(_ problem: LayoutFileError.Problem) -> LayoutFileError {
        LayoutFileError(position: position, problem: problem)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") { line += 1; column = 1 }
        else if byte & 0xC0 != 0x80 { column += 1 }
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    mutating func expect(_ character: Unicode.Scalar) throws(LayoutFileError) {
        guard current == UInt8(ascii: character) else { throw unexpected() }
        advance()
    }

    func unexpected() -> LayoutFileError {
        guard index < bytes.count else { return failure(.unexpectedEnd) }
        // Decode the whole character at the index so the message can quote it.
        let rest = bytes[index...].prefix(4)
        let character = String(decoding: rest, as: UTF8.self).first.map(String.init) ?? "?"
        return failure(.unexpectedCharacter(character))
    }

    mutating func parseValue(depth: Int) throws(LayoutFileError) -> PositionedJSON {
        skipWhitespace()
        let start = position
        guard let byte = current else { throw failure(.unexpectedEnd) }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw failure(.tooDeep) }
            return PositionedJSON(value: .object(try parseMembers(depth: depth + 1)), position: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw failure(.tooDeep) }
            return PositionedJSON(value: .array(try parseElements(depth: depth + 1)), position: start)
        case UInt8(ascii: "\""):
            return PositionedJSON(value: .string(try parseString()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return PositionedJSON(value: .number(try parseNumber()), position: start)
        default:
            for (word, value) in [("true", PositionedJSON.Value.bool(true)), ("false", .bool(false)), ("null", .null)]
                where bytes[index...].starts(with: word.utf8) {
                for _ in word.utf8 { advance() }
                return PositionedJSON(value: value, position: start)
            }
            throw unexpected()
        }
    }

    mutating func parseElements(depth: Int) throws(LayoutFileError) -> [PositionedJSON] {
        advance()
        var elements: [PositionedJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { advance(); return elements }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: "]") { advance(); return elements }
            try expect(",")
        }
    }

    mutating func parseMembers(depth: Int) throws(LayoutFileError) -> [PositionedJSON.Member] {
        advance()
        var members: [PositionedJSON.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { advance(); return members }
        while true {
            skipWhitespace()
            let keyPosition = position
            guard current == UInt8(ascii: "\"") else { throw unexpected() }
            let key = try parseString()
            skipWhitespace()
            try expect(":")
            members.append(.init(key: key, keyPosition: keyPosition, value: try parseValue(depth: depth)))
            skipWhitespace()
            if current == UInt8(ascii: "}") { advance(); return members }
            try expect(",")
        }
    }

    mutating func parseString() throws(LayoutFileError) -> String {
        advance()
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw failure(.unexpectedEnd) }
            if byte == UInt8(ascii: "\"") { advance(); return String(decoding: utf8, as: UTF8.self) }
            if byte < 0x20 { throw failure(.controlCharacterInString) }
            guard byte == UInt8(ascii: "\\") else { utf8.append(byte); advance(); continue }
            let escapeStart = position
            advance()
            guard let escaped = current else { throw failure(.unexpectedEnd) }
            advance()
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = try parseUnicodeEscape() else {
                    throw LayoutFileError(position: escapeStart, problem: .invalidEscape)
                }
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default: throw LayoutFileError(position: escapeStart, problem: .invalidEscape)
            }
        }
    }

    /// After `\u`: four hex digits, and for a high surrogate the `\uXXXX` low surrogate that must follow.
    mutating func parseUnicodeEscape() throws(LayoutFileError) -> Unicode.Scalar? {
        guard let unit = hexQuad() else { return nil }
        guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit) }
        guard current == UInt8(ascii: "\\") else { return nil }
        advance()
        guard current == UInt8(ascii: "u") else { return nil }
        advance()
        guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    }

    mutating func hexQuad() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    mutating func parseNumber() throws(LayoutFileError) -> Double {
        let start = index
        let startPosition = position
        func digits(_ parser: inout Parser) -> Int {
            var count = 0
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                parser.advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        let leadingZero = current == UInt8(ascii: "0")
        let integerDigits = digits(&self)
        var valid = integerDigits > 0 && !(leadingZero && integerDigits > 1)
        if current == UInt8(ascii: ".") {
            advance()
            valid = valid && digits(&self) > 0
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            valid = valid && digits(&self) > 0
        }
        guard valid, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw LayoutFileError(position: startPosition, problem: .invalidNumber)
        }
        return value
    }
}
