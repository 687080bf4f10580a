import FoundationEssentials

/// A response body checked once as JSON and kept as bytes, with a tape (`JSONTapeEntry`): one entry per value in
/// document order. Values are read where they stand (`JSONSlice`), so mapping a playlist makes only the strings and
/// numbers the values hold: no dictionary per object, no string per key. The whole body is checked first, so one
/// that is not JSON fails as a whole, as with `JSONValue(parsing:)`.
package final class JSONDocument: @unchecked Sendable {
    /// Written once in `init`, read only after, and freed with the document: safe to share. Slices point at it
    /// instead of holding the document, so reading them counts no references.
    let storage: UnsafeMutablePointer<JSONDocumentStorage>

    package init(checking body: some ContiguousBytes) throws(PlaybackJSONError) {
        let bytes = body.withUnsafeBytes { raw in
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: raw.count)
            _ = bytes.initialize(from: raw)
            return bytes
        }
        // Tape entries keep 32-bit offsets; the service refuses bodies a thousand times smaller.
        guard bytes.count < UInt32.max else {
            bytes.deallocate()
            throw .unexpectedShape("a document of 4 GiB or more")
        }
        var builder = JSONTapeBuilder(document: UnsafeBufferPointer(bytes))
        do throws(JSONSyntaxError) {
            try JSONReader.read(UnsafeBufferPointer(bytes), options: JSONValue.readingOptions, into: &builder)
        } catch {
            builder.deallocate()
            defer { bytes.deallocate() }
            throw .notJSON(prefix: PlaybackJSONError.prefix(of: bytes))
        }
        storage = .allocate(capacity: 1)
        let (tape, memberTables) = builder.finished()
        storage.initialize(to: JSONDocumentStorage(bytes: UnsafeBufferPointer(bytes), tape: tape,
                                                   memberTables: memberTables, owner: Unmanaged.passUnretained(self)))
    }

    deinit {
        storage.pointee.bytes.deallocate()
        storage.pointee.tape.deallocate()
        storage.pointee.memberTables.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Reads the document's top-level value. Slices do not keep the document, so they must not outlive `body`;
    /// `properties` keep the document itself.
    package func withRoot<Result, Failure>(_ body: (JSONSlice) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(JSONSlice(storage: storage, index: 0))
    }
}

/// What a document holds, reached through a plain pointer.
struct JSONDocumentStorage {
    let bytes: UnsafeBufferPointer<UInt8>
    let tape: UnsafeBufferPointer<JSONTapeEntry>
    /// The member tables of large objects (see `JSONTapeEntry.memberTable`), one after another.
    let memberTables: UnsafeBufferPointer<Int32>
    /// For what must keep the document alive (`JSONProperties`).
    let owner: Unmanaged<JSONDocument>

    /// The key entry of the member of the object at `object` named `wanted` (UTF-8); the first one if the name
    /// repeats, as in a parsed `JSONValue`.
    func member(of object: Int, named wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        let word = JSONScan.leadingWord(wanted)
        if let table = tape[object].memberTable {
            let mask = Int(memberTables[table])
            var slot = JSONMemberTable.slot(word, wanted.count) & mask
            while case let member = Int(memberTables[table + 1 + slot]), member > 0 {
                if isKey(at: member, wanted, word: word) { return member }
                slot = (slot + 1) & mask
            }
            return nil
        }
        var member = object + 1
        let end = tape.next(after: object)
        while member < end {
            if isKey(at: member, wanted, word: word) { return member }
            member = tape.next(after: member + 1)
        }
        return nil
    }

    /// Whether the key entry at `member` names `wanted`, whose leading word is `word`.
    private func isKey(at member: Int, _ wanted: UnsafeBufferPointer<UInt8>, word: UInt64) -> Bool {
        let name = tape[member]
        guard name.kind == .key else {
            return JSONText(document: bytes, range: name.range, hasEscapes: name.kind == .escapedString).equals(wanted)
        }
        return name.keyLength == wanted.count && name.payload == word
            && (wanted.count <= 8 || JSONScan.equal(UnsafeBufferPointer(rebasing: bytes[name.range]), wanted))
    }

    func text(_ entry: JSONTapeEntry) -> String {
        JSONText(document: bytes, range: entry.range, hasEscapes: entry.kind == .escapedString).string
    }
}
