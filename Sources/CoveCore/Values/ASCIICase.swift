/// Whether `text` is `name` in any ASCII letter case: the API's enumerated values ("FREE", "MP4", "before", MIME
/// types) are compared without making a case-folded copy of each.
func equalsIgnoringASCIICase(_ text: String, _ name: StaticString) -> Bool {
    var text = text
    return text.withUTF8 { text in name.withUTF8Buffer { equalsIgnoringASCIICase(text, $0) } }
}

func equalsIgnoringASCIICase(_ text: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count == name.count else { return false }
    for index in 0..<text.count where text[index] != name[index] {
        // Letters differ only in bit 0x20; nothing else may.
        let folded = text[index] | 0x20
        guard folded == name[index] | 0x20, folded >= UInt8(ascii: "a"), folded <= UInt8(ascii: "z") else {
            return false
        }
    }
    return true
}
