/// A minimal ordered JSON writer for event lines (JSONEncoder sorts or scrambles keys).
public enum JSONLine {
    public enum Value: Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case array([Value])
        /// Keys in the given order.
        case object([(String, Value)])

        /// A string, or null when absent.
        public static func optional(_ text: String?) -> Value { text.map(Value.string) ?? .null }
        /// A number, or null when absent.
        public static func optional(_ number: Double?) -> Value { number.map(Value.number) ?? .null }
    }

    public static func object(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { "\(quote($0.0)):\(render($0.1))" }.joined(separator: ",") + "}"
    }

    static func render(_ value: Value) -> String {
        switch value {
        case .string(let text): return quote(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let fields): return object(fields)
        case .number(let number):
            guard number.isFinite else { return "null" }
            // Millisecond precision is all a viewer-facing time needs, and keeps lines short.
            let rounded = (number * 1000).rounded() / 1000
            if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
            return String(rounded)
        }
    }

    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
