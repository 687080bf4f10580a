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
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(LayoutFileError) in
                do throws(JSONSyntaxError) {
                    var builder = Builder(bytes: bytes)
                    return try JSONReader.read(bytes, maximumDepth: maximumDepth, into: &builder)
                } catch {
                    var counter = Builder(bytes: bytes)
                    throw LayoutFileError(position: counter.position(at: error.offset), problem: problem(error, bytes))
                }
            }
        }.get()
    }

    /// Deeper nesting than any layout needs.
    private static let maximumDepth = 64

    private static func problem(_ error: JSONSyntaxError, _ bytes: UnsafeBufferPointer<UInt8>)
        -> LayoutFileError.Problem {
        switch error.problem {
        case .unexpectedEnd: return .unexpectedEnd
        case .unexpectedCharacter:
            // Quote the whole character at the offset, not just its first byte.
            let rest = bytes[error.offset...].prefix(4)
            return .unexpectedCharacter(String(decoding: rest, as: UTF8.self).first.map(String.init) ?? "?")
        case .trailingContent: return .trailingContent
        case .invalidNumber: return .invalidNumber
        case .invalidEscape: return .invalidEscape
        case .controlCharacterInString: return .controlCharacterInString
        case .tooDeep: return .tooDeep
        }
    }

    /// Gives each value and key its line and column. The reader reports byte offsets in reading order, so the
    /// count of lines and characters moves forward from the last offset asked about.
    private struct Builder: JSONBuilder {
        private let bytes: UnsafeBufferPointer<UInt8>
        /// Where the text starts: after a byte order mark, which is not a column.
        private let origin: Int
        private var counted: Int
        private var counter = TextPosition(line: 1, column: 1)
        private var members: [Member] = []
        private var elements: [PositionedJSON] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            origin = JSONScan.start(of: bytes)
            counted = origin
        }

        mutating func position(at offset: Int) -> TextPosition {
            if offset < counted { (counted, counter) = (origin, TextPosition(line: 1, column: 1)) }
            while counted < offset {
                let byte = bytes[counted]
                if byte == UInt8(ascii: "\n") {
                    counter.line += 1
                    counter.column = 1
                } else if byte & 0xC0 != 0x80 {
                    counter.column += 1
                }
                counted += 1
            }
            return counter
        }

        mutating func scalar(_ scalar: JSONScalar, at range: Range<Int>) -> PositionedJSON {
            let value: PositionedJSON.Value = switch scalar {
            case .null: .null
            case .bool(let bool): .bool(bool)
            case .number(let number): .number(number)
            case .string(let text): .string(text.string)
            }
            return PositionedJSON(value: value, position: position(at: range.lowerBound))
        }

        mutating func beginObject(at offset: Int) -> (start: Int, position: TextPosition) {
            (members.count, position(at: offset))
        }

        mutating func key(_ key: JSONText, at offset: Int) -> (String, TextPosition) {
            (key.string, position(at: offset))
        }

        mutating func addMember(_ key: (String, TextPosition), _ value: PositionedJSON) {
            members.append(Member(key: key.0, keyPosition: key.1, value: value))
        }

        mutating func endObject(_ object: (start: Int, position: TextPosition), at end: Int) -> PositionedJSON {
            defer { members.removeSubrange(object.start...) }
            return PositionedJSON(value: .object(Array(members[object.start...])), position: object.position)
        }

        mutating func beginArray(at offset: Int) -> (start: Int, position: TextPosition) {
            (elements.count, position(at: offset))
        }

        mutating func addElement(_ value: PositionedJSON) {
            elements.append(value)
        }

        mutating func endArray(_ array: (start: Int, position: TextPosition), at end: Int) -> PositionedJSON {
            defer { elements.removeSubrange(array.start...) }
            return PositionedJSON(value: .array(Array(elements[array.start...])), position: array.position)
        }
    }
}
