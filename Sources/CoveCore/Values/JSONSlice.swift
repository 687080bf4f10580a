/// One value of a checked document, read only when asked: a string is decoded when its text is wanted, an object's
/// members are compared as bytes when it is looked into. A slice points at its document's storage without keeping
/// the document (mapping a playlist makes tens of thousands of slices): it exists only inside
/// `JSONDocument.withRoot`, and what outlives that (`JSONProperties`) holds the document.
package struct JSONSlice: @unchecked Sendable {
    let storage: UnsafePointer<JSONDocumentStorage>
    let index: Int

    init(storage: UnsafePointer<JSONDocumentStorage>, index: Int) {
        self.storage = storage
        self.index = index
    }

    /// The document, kept alive for as long as the caller holds it.
    var document: JSONDocument { storage.pointee.owner.takeUnretainedValue() }

    private var entry: JSONTapeEntry { storage.pointee.tape[index] }

    private func text(_ entry: JSONTapeEntry) -> String { storage.pointee.text(entry) }

    package var stringValue: String? {
        let entry = entry
        return entry.kind == .string || entry.kind == .escapedString ? text(entry) : nil
    }

    package func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let entry = entry
        switch entry.kind {
        case .string: return body(UnsafeBufferPointer(rebasing: storage.pointee.bytes[entry.range]))
        case .escapedString:
            var string = text(entry)
            return string.withUTF8(body)
        default: return nil
        }
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
package struct JSONSliceElements: Sequence, @unchecked Sendable {
    let array: JSONSlice

    package struct Iterator: IteratorProtocol {
        let storage: UnsafePointer<JSONDocumentStorage>
        var index: Int
        let end: Int

        package mutating func next() -> JSONSlice? {
            guard index < end else { return nil }
            defer { index = storage.pointee.tape.next(after: index) }
            return JSONSlice(storage: storage, index: index)
        }
    }

    package func makeIterator() -> Iterator {
        let storage = array.storage
        return Iterator(storage: storage, index: array.index + 1, end: storage.pointee.tape.next(after: array.index))
    }

    /// The count, so that mapping the elements allocates once.
    package var underestimatedCount: Int {
        var count = 0
        var iterator = makeIterator()
        while iterator.next() != nil { count += 1 }
        return count
    }
}

/// An object of a checked document. Its keys stay bytes on the tape: a key of up to eight bytes is compared as one
/// word, and a large object is looked into through its member table.
package struct JSONSliceObject: @unchecked Sendable {
    let slice: JSONSlice

    /// The first member named `key`: a repeated key keeps its first value, as in a parsed `JSONValue`.
    package subscript(key: JSONKey) -> JSONSlice? {
        let storage = slice.storage
        let member = key.withUTF8 { storage.pointee.member(of: slice.index, named: $0) }
        return member.map { JSONSlice(storage: storage, index: $0 + 1) }
    }

    package func compactMapMembers<Result>(_ transform: (JSONSlice) -> Result?) -> [String: Result] {
        let storage = slice.storage
        let tape = storage.pointee.tape
        let end = tape.next(after: slice.index)
        var members: [String: Result] = [:]
        var member = slice.index + 1
        while member < end {
            if let value = transform(JSONSlice(storage: storage, index: member + 1)) {
                let key = storage.pointee.text(tape[member])
                // A repeated key keeps its first value, as JSONDecoder does.
                if members.index(forKey: key) == nil { members[key] = value }
            }
            member = tape.next(after: member + 1)
        }
        return members
    }
}
