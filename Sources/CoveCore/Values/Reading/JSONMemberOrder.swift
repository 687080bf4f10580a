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

    // Both lists keep their storage from object to object; only their counts start again.
    private var previous: [Member] = []
    private var previousCount = 0
    private var current: [Member] = []
    private var currentCount = 0

    /// The member at `position` in the last object, if its name is also at `start` (and ends there).
    @inline(__always)
    fileprivate func repeated(at position: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
        -> (field: Field?, length: Int)? {
        guard position < previousCount else { return nil }
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
        let member = Member(start: start, length: length, field: field)
        if currentCount < current.count {
            current[currentCount] = member
        } else {
            current.append(member)
        }
        currentCount += 1
    }

    /// The object has ended: its order is the one the next object is compared with.
    fileprivate mutating func finish() {
        swap(&previous, &current)
        previousCount = currentCount
        currentCount = 0
    }
}

/// The fields of one kind of object whose member orders a cursor keeps (in `JSONMappingState`).
protocol JSONOrderedField: JSONField {
    static var table: JSONKeyTable<Self> { get }
    /// Exchanges `order` with the cursor's order for this kind.
    static func swapOrder(_ order: inout JSONMemberOrder<Self>, _ state: inout JSONMappingState)
}

/// Where a cursor is in an object whose fields it maps: the object, its kind's member order (taken out of the
/// cursor while the object is read, so the two are never borrowed at once) and the fields already read.
struct JSONFieldWalk<Field: JSONOrderedField> {
    fileprivate var walk: JSONContainerWalk
    fileprivate var order = JSONMemberOrder<Field>()
    fileprivate var seen = JSONFieldSet()

    /// The object's bytes, bracket to bracket, once walked.
    var range: Range<Int> { walk.range }
}

extension JSONReader where Builder == JSONMappingState {
    /// Enters the object at the cursor to read its `Field`s; nil, with the value skipped, for anything else.
    @inline(__always)
    mutating func openFields<Field>(_: Field.Type) throws(JSONSyntaxError) -> JSONFieldWalk<Field>? {
        guard let walk = try openObject() else { return nil }
        var fields = JSONFieldWalk<Field>(walk: walk)
        Field.swapOrder(&fields.order, &builder)
        return fields
    }

    /// The next field to read, with the cursor before its value; members the kind does not map, and repeats of a
    /// name already read (the first counts, as in a parsed `JSONValue`), are passed over. Nil once past the
    /// closing brace, when the member order goes back to the cursor.
    @inline(__always)
    mutating func nextField<Field>(_ fields: inout JSONFieldWalk<Field>) throws(JSONSyntaxError) -> Field? {
        while let field = try nextMember(&fields.walk, Field.table, &fields.order) {
            if let field, fields.seen.insert(field) { return field }
            try skipValue()
        }
        Field.swapOrder(&fields.order, &builder)
        return nil
    }

    /// `nextMember(_:)` for an object whose fields `table` names, guessing each name from `order`: `.some(field)`
    /// for the next member (`nil` for a name the kind does not map), or nil once past the closing brace. The
    /// cursor is left before the member's value.
    @inline(__always)
    private mutating func nextMember<Field>(_ walk: inout JSONContainerWalk, _ table: JSONKeyTable<Field>,
                                            _ order: inout JSONMemberOrder<Field>) throws(JSONSyntaxError)
        -> Field?? {
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
        return .some(field)
    }
}
