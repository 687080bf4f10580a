import FoundationEssentials

/// A response body checked once as JSON and kept as bytes, with a tape: one entry per value in document order,
/// where each object and array knows where its members end. Values are read where they stand (`JSONSlice`), so
/// mapping a playlist makes only the strings and numbers the values hold: no dictionary per object, no string per
/// key. The whole body is checked first, so one that is not JSON fails as a whole, as with `JSONValue(parsing:)`.
package final class JSONDocument: @unchecked Sendable {
    // Both buffers are owned by the document and never written after `init`, which makes it safe to share; they
    // are not arrays so that reading them costs no reference counting.
    let bytes: UnsafeBufferPointer<UInt8>
    let tape: UnsafeBufferPointer<JSONTapeEntry>

    package init(checking body: [UInt8]) throws(PlaybackJSONError) {
        // Tape entries keep 32-bit offsets; the service refuses bodies a thousand times smaller.
        guard body.count < UInt32.max else { throw .unexpectedShape("a document of 4 GiB or more") }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: body.count)
        _ = bytes.initialize(from: body)
        var builder = JSONTapeBuilder(capacity: body.count / 12)
        do throws(JSONSyntaxError) {
            try JSONReader.read(UnsafeBufferPointer(bytes), options: JSONValue.readingOptions, into: &builder)
        } catch {
            bytes.deallocate()
            builder.tape.deallocate()
            throw .notJSON(prefix: PlaybackJSONError.prefix(of: body))
        }
        self.bytes = UnsafeBufferPointer(bytes)
        tape = UnsafeBufferPointer(rebasing: builder.tape[..<builder.count])
    }

    package convenience init(checking data: Data) throws(PlaybackJSONError) {
        try self.init(checking: [UInt8](data))
    }

    deinit {
        bytes.deallocate()
        tape.deallocate()
    }

    /// The document's top-level value.
    package var root: JSONSlice { JSONSlice(document: self, index: 0) }
}

/// One value on a document's tape: 16 bytes.
struct JSONTapeEntry {
    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, escapedString, object, array
        /// A member's name without escapes, shorter than 64 KiB: `payload` holds its first eight bytes.
        case key
    }

    let kind: Kind
    /// A `key`'s length in bytes.
    let keyLength: UInt16
    /// Where the value starts: a container's bracket, the first byte after a string's opening quote.
    let start: UInt32
    /// A number's bits; a key's first eight bytes; otherwise where the value ends (a string's closing quote, past
    /// a container's closing bracket) in the low half, and for a container the tape index past its members in the
    /// high half.
    var payload: UInt64

    init(_ kind: Kind, start: Int, keyLength: Int = 0, payload: UInt64 = 0) {
        self.kind = kind
        self.keyLength = UInt16(truncatingIfNeeded: keyLength)
        self.start = UInt32(truncatingIfNeeded: start)
        self.payload = payload
    }

    var end: Int { kind == .key ? Int(start) + Int(keyLength) : Int(UInt32(truncatingIfNeeded: payload)) }
    var range: Range<Int> { Int(start)..<end }
    var number: Double { Double(bitPattern: payload) }

    static func ending(at end: Int, next: Int = 0) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: end)) | UInt64(UInt32(truncatingIfNeeded: next)) << 32
    }
}

extension UnsafeBufferPointer where Element == JSONTapeEntry {
    /// The tape index of the value after the one at `index` and everything inside it.
    func next(after index: Int) -> Int {
        let entry = self[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.payload >> 32) : index + 1
    }
}

/// Checks a document and writes its tape, into storage the document takes over.
private struct JSONTapeBuilder: JSONBuilder {
    private(set) var tape: UnsafeMutableBufferPointer<JSONTapeEntry>
    private(set) var count = 0

    init(capacity: Int) {
        tape = .allocate(capacity: max(capacity, 16))
    }

    mutating func scalar(_ scalar: JSONScalar, at range: Range<Int>) {
        switch scalar {
        case .null: append(JSONTapeEntry(.null, start: range.lowerBound))
        case .bool(let value): append(JSONTapeEntry(value ? .true : .false, start: range.lowerBound))
        case .number(let value): append(JSONTapeEntry(.number, start: range.lowerBound, payload: value.bitPattern))
        case .string(let text): append(text)
        }
    }

    mutating func beginObject(at offset: Int) -> Int { begin(.object, at: offset) }

    mutating func key(_ key: JSONText, at offset: Int) {
        guard !key.hasEscapes, key.range.count <= Int(UInt16.max) else { return append(key) }
        append(JSONTapeEntry(.key, start: key.range.lowerBound, keyLength: key.range.count,
                             payload: JSONScan.leadingWord(key.bytes)))
    }

    func addMember(_ key: Void, _ value: Void) {}

    mutating func endObject(_ object: Int, at end: Int) { finish(object, at: end) }

    mutating func beginArray(at offset: Int) -> Int { begin(.array, at: offset) }

    func addElement(_ value: Void) {}

    mutating func endArray(_ array: Int, at end: Int) { finish(array, at: end) }

    private mutating func append(_ text: JSONText) {
        append(JSONTapeEntry(text.hasEscapes ? .escapedString : .string, start: text.range.lowerBound,
                             payload: JSONTapeEntry.ending(at: text.range.upperBound)))
    }

    private mutating func begin(_ kind: JSONTapeEntry.Kind, at offset: Int) -> Int {
        append(JSONTapeEntry(kind, start: offset))
        return count - 1
    }

    private mutating func finish(_ container: Int, at end: Int) {
        tape[container].payload = JSONTapeEntry.ending(at: end, next: count)
    }

    private mutating func append(_ entry: JSONTapeEntry) {
        if count == tape.count {
            let grown = UnsafeMutableBufferPointer<JSONTapeEntry>.allocate(capacity: tape.count * 2)
            _ = grown.initialize(fromContentsOf: tape)
            tape.deallocate()
            tape = grown
        }
        tape[count] = entry
        count += 1
    }
}

/// One value of a checked document, read only when asked: a string is decoded when its text is wanted, an object's
/// members are compared as bytes when it is looked into.
package struct JSONSlice: Sendable {
    let document: JSONDocument
    let index: Int

    private var entry: JSONTapeEntry { document.tape[index] }

    private func text(_ entry: JSONTapeEntry) -> String {
        JSONText(document: document.bytes, range: entry.range, hasEscapes: entry.kind == .escapedString).string
    }

    package var stringValue: String? {
        let entry = entry
        return entry.kind == .string || entry.kind == .escapedString ? text(entry) : nil
    }

    package var doubleValue: Double? {
        let entry = entry
        return entry.kind == .number ? entry.number : nil
    }

    package var boolValue: Bool? {
        switch entry.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    package var arrayValue: JSONSliceElements? {
        entry.kind == .array ? JSONSliceElements(array: self) : nil
    }

    package var objectValue: JSONSliceObject? {
        entry.kind == .object ? JSONSliceObject(slice: self) : nil
    }

    /// Built from the tape: the document was checked, so nothing is read twice.
    package var jsonValue: JSONValue {
        let entry = entry
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(entry.number)
        case .string, .escapedString, .key: return .string(text(entry))
        case .array: return .array(arrayValue?.map(\.jsonValue) ?? [])
        case .object: return .object(JSONSliceObject(slice: self).compactMapMembers { $0.jsonValue })
        }
    }

    package var typeName: String {
        switch entry.kind {
        case .null: "null"
        case .false, .true: "boolean"
        case .number: "number"
        case .string, .escapedString, .key: "string"
        case .object: "object"
        case .array: "array"
        }
    }
}

/// The elements of an array of a checked document, in order, read off the tape as they are wanted.
package struct JSONSliceElements: Sequence, Sendable {
    let array: JSONSlice

    package struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var index: Int
        let end: Int

        package mutating func next() -> JSONSlice? {
            guard index < end else { return nil }
            defer { index = document.tape.next(after: index) }
            return JSONSlice(document: document, index: index)
        }
    }

    package func makeIterator() -> Iterator {
        Iterator(document: array.document, index: array.index + 1, end: array.document.tape.next(after: array.index))
    }

    /// The count, so that mapping the elements allocates once.
    package var underestimatedCount: Int {
        var count = 0
        var iterator = makeIterator()
        while iterator.index < iterator.end {
            count += 1
            iterator.index = array.document.tape.next(after: iterator.index)
        }
        return count
    }
}

/// An object of a checked document. Its keys stay bytes on the tape: a key of up to eight bytes is compared as one
/// word. A large object (a video has twenty-odd members and is asked for thirty fields, many absent) gets a small
/// hash index of its keys; a small one is walked.
package struct JSONSliceObject: Sendable {
    let slice: JSONSlice
    private let index: JSONMemberIndex?

    init(slice: JSONSlice) {
        self.slice = slice
        index = JSONMemberIndex.make(slice)
    }

    /// The first member named `key`: a repeated key keeps its first value, as in a parsed `JSONValue`.
    package subscript(key: String) -> JSONSlice? {
        var key = key
        let document = slice.document
        let found = key.withUTF8 { wanted -> Int? in
            let word = JSONScan.leadingWord(wanted)
            if let index { return index.member(wanted, word: word) }
            var member = slice.index + 1
            let end = document.tape.next(after: slice.index)
            while member < end {
                if document.isKey(at: member, wanted, word: word) { return member }
                member = document.tape.next(after: member + 1)
            }
            return nil
        }
        return found.map { JSONSlice(document: document, index: $0 + 1) }
    }

    package func compactMapMembers<Result>(_ transform: (JSONSlice) -> Result?) -> [String: Result] {
        let document = slice.document
        let tape = document.tape
        let end = tape.next(after: slice.index)
        var members: [String: Result] = [:]
        var member = slice.index + 1
        while member < end {
            if let value = transform(JSONSlice(document: document, index: member + 1)) {
                let name = tape[member]
                let key = JSONText(document: document.bytes, range: name.range, hasEscapes: name.kind == .escapedString)
                // A repeated key keeps its first value, as JSONDecoder does.
                if members.index(forKey: key.string) == nil { members[key.string] = value }
            }
            member = tape.next(after: member + 1)
        }
        return members
    }
}

extension JSONDocument {
    /// Whether the key entry at `member` names `wanted`, whose leading word is `word`.
    func isKey(at member: Int, _ wanted: UnsafeBufferPointer<UInt8>, word: UInt64) -> Bool {
        let name = tape[member]
        guard name.kind == .key else {
            return JSONText(document: bytes, range: name.range, hasEscapes: name.kind == .escapedString).equals(wanted)
        }
        return Int(name.keyLength) == wanted.count && name.payload == word
            && (wanted.count <= 8 || JSONScan.equal(UnsafeBufferPointer(rebasing: bytes[name.range]), wanted))
    }
}

/// Open addressing over an object's key entries, by key length and leading word: tape indexes of key entries, -1
/// where empty, in a table a power of two at least twice the members. One allocation.
private final class JSONMemberIndex: ManagedBuffer<JSONMemberIndex.Header, Int32>, @unchecked Sendable {
    struct Header {
        let document: JSONDocument
        /// The table's size less one.
        let mask: Int
    }

    /// Nil for an object small enough to walk, or with a key that is escaped or very long (rare enough to walk).
    static func make(_ object: JSONSlice) -> JSONMemberIndex? {
        let document = object.document
        let tape = document.tape
        let end = tape.next(after: object.index)
        var count = 0
        var member = object.index + 1
        while member < end {
            guard tape[member].kind == .key else { return nil }
            count += 1
            member = tape.next(after: member + 1)
        }
        guard count > 8 else { return nil }
        var size = 16
        while size < count * 2 { size *= 2 }
        let buffer = create(minimumCapacity: size) { _ in Header(document: document, mask: size - 1) }
        let index = unsafeDowncast(buffer, to: JSONMemberIndex.self)
        index.withUnsafeMutablePointerToElements { slots in
            slots.initialize(repeating: -1, count: size)
            member = object.index + 1
            while member < end {
                let name = tape[member]
                let wanted = UnsafeBufferPointer(rebasing: document.bytes[name.range])
                var slot = hash(name.payload, name.keyLength) & (size - 1)
                // A repeated key keeps its first value.
                while slots[slot] >= 0, !document.isKey(at: Int(slots[slot]), wanted, word: name.payload) {
                    slot = (slot + 1) & (size - 1)
                }
                if slots[slot] < 0 { slots[slot] = Int32(truncatingIfNeeded: member) }
                member = tape.next(after: member + 1)
            }
        }
        return index
    }

    /// The key entry of the member named `wanted`, whose leading word is `word`.
    func member(_ wanted: UnsafeBufferPointer<UInt8>, word: UInt64) -> Int? {
        guard wanted.count <= Int(UInt16.max) else { return nil }
        return withUnsafeMutablePointers { header, slots in
            let (document, mask) = (header.pointee.document, header.pointee.mask)
            var slot = Self.hash(word, UInt16(wanted.count)) & mask
            while slots[slot] >= 0 {
                if document.isKey(at: Int(slots[slot]), wanted, word: word) { return Int(slots[slot]) }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    private static func hash(_ word: UInt64, _ length: UInt16) -> Int {
        Int(truncatingIfNeeded: ((word ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}
