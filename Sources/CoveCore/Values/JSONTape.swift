/// One value on a document's tape: 16 bytes. Objects are followed by their members, each a key entry and then its
/// value; arrays by their elements.
struct JSONTapeEntry {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, escapedString, object, array
        /// A member's name without escapes, shorter than 64 KiB: `payload` holds its first eight bytes.
        case key
    }

    let kind: Kind
    /// A key's length in bytes; for an object with a member table, the table's number plus one.
    var small: UInt16
    /// Where the value starts: a container's bracket, the first byte after a string's opening quote.
    let start: UInt32
    /// A number's bits; a key's first eight bytes; otherwise where the value ends (a string's closing quote, past
    /// a container's closing bracket) in the low half, and for a container the tape index past its members in the
    /// high half.
    var payload: UInt64

    init(_ kind: Kind, start: Int, small: Int = 0, payload: UInt64 = 0) {
        self.kind = kind
        self.small = UInt16(truncatingIfNeeded: small)
        self.start = UInt32(truncatingIfNeeded: start)
        self.payload = payload
    }

    var keyLength: Int { Int(small) }
    var end: Int { kind == .key ? Int(start) + keyLength : Int(UInt32(truncatingIfNeeded: payload)) }
    var range: Range<Int> { Int(start)..<end }
    var number: Double { Double(bitPattern: payload) }

    /// Where an object's member table starts in `JSONDocumentStorage.memberTables`; nil for an object walked
    /// instead.
    var memberTable: Int? {
        kind == .object && small > 0 ? JSONMemberTable.start(Int(small) - 1) : nil
    }

    /// Where the value after this one (at `index`) and everything inside it is.
    @inline(__always)
    func next(after index: Int) -> Int {
        kind == .object || kind == .array ? Int(payload >> 32) : index + 1
    }

    static func ending(at end: Int, next: Int = 0) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: end)) | UInt64(UInt32(truncatingIfNeeded: next)) << 32
    }
}

extension UnsafeBufferPointer where Element == JSONTapeEntry {
    /// The tape index of the value after the one at `index` and everything inside it.
    func next(after index: Int) -> Int { self[index].next(after: index) }
}

extension JSONGrowingBuffer where Element == JSONTapeEntry {
    func next(after index: Int) -> Int { self[index].next(after: index) }
}

/// An object of a few members or more (a video has twenty-odd and is asked for thirty fields, many absent; a source
/// has eight and is asked for twelve) gets an open addressing table of its key entries, by key length and leading
/// word; a smaller one is walked. A table is its mask, then the tape indexes of its key entries, 0 where empty;
/// tables are a power of two in size and at least twice the members, and start on a 16-slot boundary so an
/// object's entry can name one in 16 bits.
enum JSONMemberTable {
    static let smallestIndexed = 4
    static let alignment = 16

    static func start(_ number: Int) -> Int { number * alignment }

    static func slot(_ word: UInt64, _ length: Int) -> Int {
        Int(truncatingIfNeeded: ((word ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}

/// Checks a document and writes its tape and member tables, into storage the document takes over.
struct JSONTapeBuilder: JSONBuilder {
    private let document: UnsafeBufferPointer<UInt8>
    private var tape: JSONGrowingBuffer<JSONTapeEntry>
    private var tables: JSONGrowingBuffer<Int32>

    init(document: UnsafeBufferPointer<UInt8>) {
        self.document = document
        // Typical JSON has a value every ten bytes or so, and an object with a table every hundred or so; pages
        // reserved beyond what is written are never touched.
        tape = JSONGrowingBuffer(capacity: document.count / 6)
        tables = JSONGrowingBuffer(capacity: document.count / 4)
    }

    /// The tape and the tables, for the document to own.
    func finished() -> (UnsafeBufferPointer<JSONTapeEntry>, UnsafeBufferPointer<Int32>) {
        (tape.finished(), tables.finished())
    }

    func deallocate() {
        tape.deallocate()
        tables.deallocate()
    }

    @inline(__always)
    mutating func scalar(_ scalar: JSONScalar, at range: Range<Int>) {
        switch scalar {
        case .null: append(JSONTapeEntry(.null, start: range.lowerBound))
        case .bool(let value): append(JSONTapeEntry(value ? .true : .false, start: range.lowerBound))
        case .number(let value): append(JSONTapeEntry(.number, start: range.lowerBound, payload: value.bitPattern))
        case .string(let text): append(text)
        }
    }

    @inline(__always)
    mutating func beginObject(at offset: Int) -> Int { begin(.object, at: offset) }

    @inline(__always)
    mutating func key(_ key: JSONText, at offset: Int) {
        guard !key.hasEscapes, key.range.count <= Int(UInt16.max) else { return append(key) }
        append(JSONTapeEntry(.key, start: key.range.lowerBound, small: key.range.count,
                             payload: JSONScan.leadingWord(key.bytes)))
    }

    func addMember(_ key: Void, _ value: Void) {}

    @inline(__always)
    mutating func endObject(_ object: Int, at end: Int) {
        finish(object, at: end)
        // At least two tape entries a member: an object this short cannot need a table.
        if tape.count - object > 2 * JSONMemberTable.smallestIndexed { indexMembers(of: object) }
    }

    @inline(__always)
    mutating func beginArray(at offset: Int) -> Int { begin(.array, at: offset) }

    func addElement(_ value: Void) {}

    @inline(__always)
    mutating func endArray(_ array: Int, at end: Int) { finish(array, at: end) }

    @inline(__always)
    private mutating func append(_ text: JSONText) {
        append(JSONTapeEntry(text.hasEscapes ? .escapedString : .string, start: text.range.lowerBound,
                             payload: JSONTapeEntry.ending(at: text.range.upperBound)))
    }

    @inline(__always)
    private mutating func begin(_ kind: JSONTapeEntry.Kind, at offset: Int) -> Int {
        append(JSONTapeEntry(kind, start: offset))
        return tape.count - 1
    }

    @inline(__always)
    private mutating func finish(_ container: Int, at end: Int) {
        tape[container].payload = JSONTapeEntry.ending(at: end, next: tape.count)
    }

    @inline(__always)
    private mutating func append(_ entry: JSONTapeEntry) {
        tape.append(entry)
    }

    /// Writes the object's member table. An object with an escaped or very long key, or past what 16 bits can
    /// number (or 32 bits can place), is walked instead.
    private mutating func indexMembers(of object: Int) {
        let number = tables.count / JSONMemberTable.alignment
        let end = tape.next(after: object)
        guard number < Int(UInt16.max), end <= Int(Int32.max) else { return }
        var members = 0
        var member = object + 1
        while member < end {
            guard tape[member].kind == .key else { return }
            members += 1
            member = tape.next(after: member + 1)
        }
        guard members >= JSONMemberTable.smallestIndexed else { return }
        var size = 8
        while size < members * 2 { size *= 2 }
        let start = tables.count
        // The mask, then the slots, padded to the next table's boundary.
        let alignment = JSONMemberTable.alignment
        tables.append(Int32(size - 1))
        tables.append(repeating: 0, count: ((1 + size + alignment - 1) & -alignment) - 1)
        member = object + 1
        while member < end {
            let name = tape[member]
            var slot = JSONMemberTable.slot(name.payload, name.keyLength) & (size - 1)
            while case let taken = Int(tables[start + 1 + slot]), taken > 0 {
                // A repeated key keeps its first value.
                if sameKey(tape[taken], name) { break }
                slot = (slot + 1) & (size - 1)
            }
            if tables[start + 1 + slot] == 0 { tables[start + 1 + slot] = Int32(member) }
            member = tape.next(after: member + 1)
        }
        tape[object].small = UInt16(number + 1)
    }

    private func sameKey(_ first: JSONTapeEntry, _ second: JSONTapeEntry) -> Bool {
        first.small == second.small && first.payload == second.payload
            && document[first.range].elementsEqual(document[second.range])
    }
}
