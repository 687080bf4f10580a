/// The short strings a cursor made last, by their bytes. A response repeats its short values over and over (the
/// account, MIME types, codecs, languages, kinds, labels, cue point types), and making a string costs far more
/// than finding the same bytes again: a repeat gets the string already made.
struct JSONStringCache {
    private struct Entry {
        /// Where the bytes the string was made from are in the body; a length of -1 marks an empty slot.
        var start = 0
        var length = -1
        var string = ""
    }

    /// Longer strings are names, descriptions, dates and addresses, which seldom repeat.
    static let longest = 22
    private static let slots = 256

    private var entries = [Entry](repeating: Entry(), count: slots)

    /// The string of `text`, a string of the body `text.document`: made now, or found.
    @inline(__always)
    mutating func string(_ text: JSONText) -> String {
        let bytes = text.bytes
        guard !text.hasEscapes, bytes.count <= Self.longest, let base = bytes.baseAddress else { return text.string }
        let head = JSONScan.leadingWord(bytes)
        let tail = bytes.count > 8 ? JSONScan.leadingWord(UnsafeBufferPointer(start: base + bytes.count - 8, count: 8))
            : 0
        let hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(bytes.count)
        let slot = Int(truncatingIfNeeded: hash >> 56)
        return entries.withUnsafeMutableBufferPointer { entries in
            let entry = entries[slot]
            if entry.length == bytes.count,
               JSONScan.equal(UnsafeBufferPointer(rebasing: text.document[entry.start..<entry.start + entry.length]),
                              bytes) {
                return entry.string
            }
            let string = text.string
            entries[slot] = Entry(start: text.range.lowerBound, length: bytes.count, string: string)
            return string
        }
    }
}
