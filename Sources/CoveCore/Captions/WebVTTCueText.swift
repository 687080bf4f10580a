/// The cue text syntax of WebVTT: tags (<b>, <i>, <u>, <c.class>, <v Speaker>, <lang>, <ruby>, <rt>, timestamps)
/// and character references. Bold, italic and underline become span styles; the other tags only delimit text.
/// Unknown or unclosed tags are dropped, never shown as text.
enum WebVTTCueText {
    static func parse(_ payload: String) -> (spans: [CaptionSpan], voice: String?) {
        var spans: [CaptionSpan] = []
        var voice: String?
        var open = OpenTags()
        var pending = ""
        // Once a "<" has no ">" after it, no later one has: the rest is text (else "<<<<…" takes quadratic time).
        var closingBracketAhead = true
        func flush() {
            guard !pending.isEmpty else { return }
            let current = open.style
            if let last = spans.last, last.style == current { spans[spans.count - 1].text += pending }
            else { spans.append(CaptionSpan(pending, style: current)) }
            pending = ""
        }
        var index = payload.startIndex
        while index < payload.endIndex {
            let character = payload[index]
            let close = character == "<" && closingBracketAhead ? payload[index...].firstIndex(of: ">") : nil
            if character == "<", close == nil { closingBracketAhead = false }
            if let close {
                let tag = payload[payload.index(after: index)..<close]
                index = payload.index(after: close)
                flush()
                if tag.hasPrefix("/") {
                    open.close(tagName(tag.dropFirst()))
                } else if let first = tag.first, first.isLetter {
                    let name = tagName(tag)
                    if name == "v", voice == nil {
                        let annotation = tag.drop { !$0.isWhitespace }.trimmingPrefix(while: \.isWhitespace)
                        if !annotation.isEmpty { voice = decodeReferences(String(annotation)) }
                    }
                    open.push(name, styleOf(name))
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

    /// The tags open at a point of the cue text, innermost last. Each knows the style of it and every tag around
    /// it, and each name its open positions, so that opening and closing cost the same at any depth (a hostile
    /// cue nests hundreds of thousands of tags).
    private struct OpenTags {
        private var tags: [(name: String, style: CaptionStyle)] = []
        private var positions: [String: [Int]] = [:]

        var style: CaptionStyle { tags.last?.style ?? [] }

        mutating func push(_ name: String, _ own: CaptionStyle) {
            positions[name, default: []].append(tags.count)
            tags.append((name, style.union(own)))
        }

        /// Closes the innermost open tag of that name and every tag inside it; a name not open is ignored.
        mutating func close(_ name: String) {
            guard let position = positions[name]?.last else { return }
            while tags.count > position {
                let inner = tags.removeLast()
                positions[inner.name]?.removeLast()
                if positions[inner.name]?.isEmpty == true { positions[inner.name] = nil }
            }
        }
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
