/// The order of the members of the last object of one kind a cursor read. Objects of one kind in one response
/// almost always list their members in the same order, so the next name is first compared, as bytes, with the name
/// at the same place in the last object: when they match, the name is known without scanning it for escapes or
/// looking it up. Anything else falls back to reading the name.
struct JSONMemberOrder<Field: JSONField> {
    private struct Member {
        /// Where the name's bytes are in the body, between its quotes.
        var start: Int
        var length: Int
        var field: Field?
    }

    private var previous: [Member] = []
    private var current: [Member] = []

    /// The member at `position` in the last object, if its name is also at `start` (and ends there).
    @inline(__always)
    fileprivate func repeated(at position: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> (field: Field?, length: Int)? {
        guard position < previous.count else { return nil }
        let member = previous[position]
        let end = start + member.length
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""),
              JSONScan.equal(UnsafeBufferPointer(rebasing: bytes[start..<end]),
                             UnsafeBufferPointer(rebasing: bytes[member.start..<member.start + member.length]))
        else { return nil }
        return (member.field, member.length)
    }

    @inline(__always)
    fileprivate mutating func record(_ start: Int, _ length: Int, _ field: Field?) {
        current.append(Member(start: start, length: length, field: field))
    }

    /// The object has ended: its order is the one the next object is compared with.
    fileprivate mutating func finish() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }
}

/// A member name as read with a `JSONMemberOrder`: a field its type maps, or another member to pass over.
enum JSONMember<Field: JSONField> {
    case field(Field)
    case other
}

extension JSONReader where Builder == JSONMappingState {
    /// `nextMember(_:)` for an object of a kind whose fields `table` names, guessing each name from `order`: the
    /// next member, or nil once past the closing brace. The cursor is left before the member's value.
    @inline(__always)
    mutating func nextMember<Field>(_ walk: inout JSONContainerWalk, _ table: JSONKeyTable<Field>,
                                    _ order: inout JSONMemberOrder<Field>) throws(JSONSyntaxError)
        -> JSONMember<Field>? {
        guard try nextEntry(&walk, closing: UInt8(ascii: "}")) else {
            order.finish()
            return nil
        }
        guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.unexpectedCharacter) }
        let field: Field?
        if let repeated = order.repeated(at: walk.entries - 1, in: bytes, from: index + 1) {
            // The same bytes as a name already read and checked: the same name, with the same escapes if any.
            order.record(index + 1, repeated.length, repeated.field)
            index += repeated.length + 2
            field = repeated.field
        } else {
            let key = try string()
            field = table.field(key)
            order.record(key.range.lowerBound, key.range.count, field)
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        return field.map(JSONMember.field) ?? .other
    }
}
