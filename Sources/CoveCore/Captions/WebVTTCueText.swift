/// The cue text syntax of WebVTT: tags (<b>, <i>, <u>, <c.class>, <v Speaker>, <lang>, <ruby>, <rt>, timestamps)
/// and character references. Bold, italic and underline become span styles; the other tags only delimit text.
/// Unknown or unclosed tags are dropped, never shown as text.
enum WebVTTCueText {
    static func parse(_ payload: String) -> (spans: [CaptionSpan], voice: String?) {
        var spans: [CaptionSpan] = []
        var voice: String?
        var open: [(name: String, style: CaptionStyle)] = []
        var pending = ""
        var style: CaptionStyle { open.reduce(into: []) { $0.formUnion($1.style) } }
        func flush() {
            guard !pending.isEmpty else { return }
            let current = style
            if let last = spans.last, last.style == current { spans[spans.count - 1].text += pending }
            else { spans.append(CaptionSpan(pending, style: current)) }
            pending = ""
        }
        var index = payload.startIndex
        while index < payload.endIndex {
            let character = payload[index]
            if character == "<", let close = payload[index...].firstIndex(of: ">") {
                let tag = payload[payload.index(after: index)..<close]
                index = payload.index(after: close)
                flush()
                if tag.hasPrefix("/") {
                    let name = tagName(tag.dropFirst())
                    if let position = open.lastIndex(where: { $0.name == name }) { open.removeSubrange(position...) }
                } else if let first = tag.first, first.isLetter {
                    let name = tagName(tag)
                    if name == "v", voice == nil {
                        let annotation = tag.drop { !$0.isWhitespace }.trimmingPrefix(while: \.isWhitespace)
                        if !annotation.isEmpty { voice = decodeReferences(String(annotation)) }
                    }
                    open.append((name, styleOf(name)))
                }
                // Anything else (a timestamp tag, a lone "<>") carries no text.
            } else if character == "&" {
                let (decoded, next) = reference(in: payload, at: index)
                pending += decoded
                index = next
            } else {
                pending.append(character)
                index = payload.index(after: index)
            }
        }
        flush()
        return (spans, voice)
    }

    /// "c.yellow.loud" → "c"; "v Bob" → "v".
    private static func tagName(_ tag: Substring) -> String {
        String(tag.prefix { $0 != "." && !$0.isWhitespace }).lowercased()
    }

    private static func styleOf(_ name: String) -> CaptionStyle {
        switch name {
        case "b": .bold
        case "i": .italic
        case "u": .underline
        default: []
        }
    }

    private static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "lrm": "\u{200E}",
        "rlm": "\u{200F}",
    ]

    /// A character reference at `index` ("&amp;", "&#233;", "&#xE9;"); a lone "&" stays as it is.
    private static func reference(in text: String, at index: String.Index) -> (String, String.Index) {
        let after = text.index(after: index)
        guard let semicolon = text[after...].prefix(10).firstIndex(of: ";") else { return ("&", after) }
        let body = text[after..<semicolon]
        var decoded: String?
        if let name = named[body] {
            decoded = name
        } else if body.hasPrefix("#") {
            let number = body.dropFirst()
            let value = number.first == "x" || number.first == "X"
                ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
            decoded = value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        guard let decoded else { return ("&", after) }
        return (decoded, text.index(after: semicolon))
    }

    static func decodeReferences(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "&" {
                let (decoded, next) = reference(in: text, at: index)
                result += decoded
                index = next
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
