/// RFC 3986 escaping for a path segment or a query value, which FoundationEssentials does not offer (it has no
/// `CharacterSet`): unreserved characters stay, and those of `keeping`; every other byte of the UTF-8 is `%XX`, so
/// "&", "=", "+", "#", quotes and spaces stay inside their value.
public enum PercentEncoding {
    /// What JavaScript's `encodeURIComponent` also leaves alone, as the IAB's macros are encoded.
    public static let uriComponent = "!*'()"

    public static func escape(_ text: String, keeping extra: String = "") -> String {
        let kept = Set(extra.utf8)
        let hex = Array("0123456789ABCDEF")
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where kept.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return out
    }
}
