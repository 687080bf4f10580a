/// The members a type maps, each named by its Playback API key.
protocol JSONField: CaseIterable, RawRepresentable, Sendable where RawValue == Int {
    var key: StaticString { get }
}

/// Finds which field a member's name is, in one probe of an open addressing table by length and leading word: a
/// member is matched against its type's few dozen names once, instead of every name being looked for in every
/// object.
struct JSONKeyTable<Field: JSONField>: Sendable {
    private struct Slot: Sendable {
        var word: UInt64 = 0
        var length = 0
        var field: Field?
    }

    private let slots: [Slot]
    private let mask: Int

    init() {
        // `JSONFieldSet` keeps one bit a field.
        precondition(Field.allCases.count <= 64, "more fields than a JSONFieldSet holds")
        var size = 8
        while size < Field.allCases.count * 4 { size *= 2 }
        var slots = [Slot](repeating: Slot(), count: size)
        for field in Field.allCases {
            let (word, length) = field.key.withUTF8Buffer { (JSONScan.leadingWord($0), $0.count) }
            var slot = Self.slot(word, length) & (size - 1)
            while slots[slot].field != nil { slot = (slot + 1) & (size - 1) }
            slots[slot] = Slot(word: word, length: length, field: field)
        }
        self.slots = slots
        mask = size - 1
    }

    /// The field a member name (its bytes between the quotes, escapes decoded if it had any) stands for.
    func field(_ key: JSONText) -> Field? {
        guard key.hasEscapes else { return field(named: key.bytes) }
        var name = key.string
        return name.withUTF8 { field(named: $0) }
    }

    @inline(__always)
    private func field(named name: UnsafeBufferPointer<UInt8>) -> Field? {
        let word = JSONScan.leadingWord(name)
        var slot = Self.slot(word, name.count) & mask
        return slots.withUnsafeBufferPointer { slots in
            while let field = slots[slot].field {
                if slots[slot].length == name.count, slots[slot].word == word,
                   name.count <= 8 || field.key.withUTF8Buffer({ JSONScan.equal($0, name) }) {
                    return field
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    private static func slot(_ word: UInt64, _ length: Int) -> Int {
        Int(truncatingIfNeeded: ((word ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}

/// Which fields of an object have been read: the first of a repeated name is the one mapped, as in a parsed
/// `JSONValue`.
struct JSONFieldSet {
    private var bits: UInt64 = 0

    /// True the first time a field is seen.
    @inline(__always)
    mutating func insert(_ field: some JSONField) -> Bool {
        let bit = UInt64(1) << UInt64(field.rawValue)
        defer { bits |= bit }
        return bits & bit == 0
    }
}
