/// The WebVTT specification's *WebVTT cue text parsing rules* (https://w3c.github.io/webvtt/#cue-text-parsing-rules):
/// the tokenizer (data, HTML character reference, tag, start tag, start tag class, start tag annotation, end tag and
/// timestamp tag states) and the tree building, into a `WebVTTCueFragment`. Character references are HTML's: every
/// named one (`HTMLCharacterReferences`) and numeric ones. Linear time: a tag closes only the current node, so even
/// hundreds of thousands of nested or stray tags cost a constant each, and nothing recurses.
public enum WebVTTCueTextParser {
    public static func parse(_ text: String) -> WebVTTCueFragment {
        var fragment = WebVTTCueFragment()
        var tokenizer = Tokenizer(Array(text.unicodeScalars))
        var current = 0
        var pendingText = ""
        func flushText() {
            guard !pendingText.isEmpty else { return }
            fragment.append(.text(pendingText), to: current)
            pendingText = ""
        }
        while let token = tokenizer.next() {
            switch token {
            case .string(let text):
                // Each string token is a text node of its own, as in the DOM (an ignored tag splits the text).
                pendingText = text
                flushText()
            case .startTag(let name, let classes, let annotation):
                let element: WebVTTCueFragment.Element
                switch name {
                case "c": element = .c
                case "i": element = .i
                case "b": element = .b
                case "u": element = .u
                case "ruby": element = .ruby
                case "rt":
                    guard fragment.nodes[current].element == .ruby else { continue }
                    element = .rt
                case "v": element = .v
                case "lang": element = .lang
                default: continue
                }
                flushText()
                let value: String? = element == .v || element == .lang ? (annotation ?? "") : nil
                current = fragment.append(.element(element, classes: classes.filter { !$0.isEmpty },
                                                   annotation: value), to: current)
            case .endTag(let name):
                let node = fragment.nodes[current]
                if let element = node.element, element.rawValue == name {
                    flushText()
                    current = node.parent
                } else if name == "ruby", node.element == .rt {
                    flushText()
                    current = fragment.nodes[node.parent].parent
                }
            case .timestamp(let text):
                guard let seconds = WebVTTParser.timestamp(text) else { continue }
                flushText()
                fragment.append(.timestamp(seconds), to: current)
            }
        }
        flushText()
        return fragment
    }

    /// The cue text as the player draws it: a run per stretch of text in the same style, classes (outermost first,
    /// at most `maximumClasses`), language (the innermost `<lang>`) and ruby-ness; the voice of the first `<v>` with
    /// one. Timestamps carry no text.
    public static func spans(_ text: String) -> (spans: [CaptionSpan], voice: String?) {
        parse(text).spans()
    }

    /// Classes kept per run: a hostile cue nests thousands of classed tags, and each run would carry them all.
    public static let maximumClasses = 32
}

/// The DOM of a cue's text: node 0 is the fragment itself; every other node knows its parent and children, so the tree
/// is walked without recursion.
public struct WebVTTCueFragment: Sendable, Hashable {
    public enum Element: String, Sendable, Hashable {
        case c, i, b, u, ruby, rt, v, lang
    }

    public enum Content: Sendable, Hashable {
        case fragment
        /// A text object, references decoded.
        case text(String)
        /// A timestamp object: seconds.
        case timestamp(Double)
        /// An internal node object; `annotation` is the voice of a `v` and the language of a `lang` ("" if none),
        /// nil for the others. Classes without empty ones.
        case element(Element, classes: [String], annotation: String?)
    }

    public struct Node: Sendable, Hashable {
        public var content: Content
        public var parent: Int
        public var children: [Int] = []

        public var element: Element? {
            if case .element(let element, _, _) = content { element } else { nil }
        }
    }

    public private(set) var nodes = [Node(content: .fragment, parent: 0)]

    /// The fragment's child nodes.
    public var children: [Int] { nodes[0].children }

    @discardableResult
    mutating func append(_ content: Content, to parent: Int) -> Int {
        nodes.append(Node(content: content, parent: parent))
        nodes[parent].children.append(nodes.count - 1)
        return nodes.count - 1
    }

    /// The runs of text for the player (see `WebVTTCueTextParser.spans`).
    public func spans() -> (spans: [CaptionSpan], voice: String?) {
        struct Context {
            var style: CaptionStyle = []
            var classes: [String] = []
            var language: String?
            var isRubyText = false
        }
        var spans: [CaptionSpan] = []
        var voice: String?
        // Depth-first, in document order: (node, its context, index of the next child to visit).
        var stack: [(node: Int, context: Context, next: Int)] = [(0, Context(), 0)]
        while let top = stack.last {
            let node = nodes[top.node]
            guard top.next < node.children.count else { stack.removeLast(); continue }
            stack[stack.count - 1].next += 1
            let childIndex = node.children[top.next]
            let child = nodes[childIndex]
            var context = top.context
            switch child.content {
            case .fragment, .timestamp:
                continue
            case .text(let text):
                let span = CaptionSpan(text, style: context.style, classes: context.classes,
                                       language: context.language, isRubyText: context.isRubyText)
                if let last = spans.last, last.style == span.style, last.classes == span.classes,
                   last.language == span.language, last.isRubyText == span.isRubyText {
                    spans[spans.count - 1].text += text
                } else {
                    spans.append(span)
                }
                continue
            case .element(let element, let classes, let annotation):
                switch element {
                case .b: context.style.insert(.bold)
                case .i: context.style.insert(.italic)
                case .u: context.style.insert(.underline)
                case .rt: context.isRubyText = true
                case .lang: context.language = annotation.flatMap { $0.isEmpty ? nil : $0 }
                case .v: if voice == nil, let annotation, !annotation.isEmpty { voice = annotation }
                case .c, .ruby: break
                }
                let room = WebVTTCueTextParser.maximumClasses - context.classes.count
                if room > 0 { context.classes += classes.prefix(room) }
            }
            stack.append((childIndex, context, 0))
        }
        return (spans, voice)
    }
}

private enum Token {
    case string(String)
    case startTag(String, classes: [String], annotation: String?)
    case endTag(String)
    case timestamp(String)
}

/// The *WebVTT cue text tokenizer*.
private struct Tokenizer {
    let input: [Unicode.Scalar]
    var position = 0

    init(_ input: [Unicode.Scalar]) { self.input = input }

    private enum State {
        case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag
    }

    mutating func next() -> Token? {
        guard position < input.count else { return nil }
        var state = State.data
        var result = String.UnicodeScalarView()
        var buffer = String.UnicodeScalarView()
        var classes: [String] = []
        func string(_ view: String.UnicodeScalarView) -> String { String(view) }
        while true {
            let c: Unicode.Scalar? = position < input.count ? input[position] : nil
            switch state {
            case .data:
                switch c {
                case "&":
                    position += 1
                    result.append(contentsOf: HTMLCharacterReferences.consume(input, at: &position,
                                                                               inAttribute: false).unicodeScalars)
                    continue
                case "<":
                    if result.isEmpty { state = .tag } else { return .string(String(result)) }
                case nil:
                    return .string(String(result))
                case let c?:
                    result.append(c)
                }
            case .tag:
                switch c {
                case "\t", "\n", "\u{C}", " ": state = .startTagAnnotation
                case ".": state = .startTagClass
                case "/": state = .endTag
                case let c? where c.isASCIIDigit: result = Self.view(c); state = .timestampTag
                case ">": position += 1; return .startTag("", classes: [], annotation: nil)
                case nil: return .startTag("", classes: [], annotation: nil)
                case let c?: result = Self.view(c); state = .startTag
                }
            case .startTag:
                switch c {
                case "\t", "\u{C}", " ": state = .startTagAnnotation
                case "\n": buffer = Self.view("\n"); state = .startTagAnnotation
                case ".": state = .startTagClass
                case ">": position += 1; return .startTag(String(result), classes: [], annotation: nil)
                case nil: return .startTag(String(result), classes: [], annotation: nil)
                case let c?: result.append(c)
                }
            case .startTagClass:
                switch c {
                case "\t", "\u{C}", " ":
                    classes.append(String(buffer)); buffer = Self.view(); state = .startTagAnnotation
                case "\n":
                    classes.append(String(buffer)); buffer = Self.view("\n"); state = .startTagAnnotation
                case ".":
                    classes.append(String(buffer)); buffer = Self.view()
                case ">":
                    position += 1
                    classes.append(String(buffer))
                    return .startTag(String(result), classes: classes, annotation: nil)
                case nil:
                    classes.append(String(buffer))
                    return .startTag(String(result), classes: classes, annotation: nil)
                case let c?:
                    buffer.append(c)
                }
            case .startTagAnnotation:
                switch c {
                case "&":
                    position += 1
                    buffer.append(contentsOf: HTMLCharacterReferences.consume(input, at: &position,
                                                                               inAttribute: true).unicodeScalars)
                    continue
                case ">", nil:
                    if c != nil { position += 1 }
                    return .startTag(String(result), classes: classes, annotation: Self.collapse(buffer))
                case let c?:
                    buffer.append(c)
                }
            case .endTag:
                switch c {
                case ">": position += 1; return .endTag(String(result))
                case nil: return .endTag(String(result))
                case let c?: result.append(c)
                }
            case .timestampTag:
                switch c {
                case ">": position += 1; return .timestamp(String(result))
                case nil: return .timestamp(String(result))
                case let c?: result.append(c)
                }
            }
            position += 1
        }
    }

    static func view(_ scalars: Unicode.Scalar...) -> String.UnicodeScalarView {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return view
    }

    /// Leading and trailing ASCII whitespace removed, every run of it inside made one space.
    static func collapse(_ text: String.UnicodeScalarView) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text {
            if scalar.isASCIIWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" "); pendingSpace = false }
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// HTML's named and numeric character references, as HTML's tokenizer consumes them after a "&".
public enum HTMLCharacterReferences {
    /// Name (with its ";" when it has one) → the characters.
    static let table: [String: String] = {
        var table: [String: String] = [:]
        table.reserveCapacity(count)
        for line in encodedTable.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            var value = String.UnicodeScalarView()
            for hex in line[line.index(after: equals)...].split(separator: ".") {
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) { value.append(scalar) }
            }
            table[String(line[..<equals])] = String(value)
        }
        return table
    }()

    /// The characters a named reference stands for ("amp;" → "&", "not" → "¬"), nil if HTML has no such name.
    public static func named(_ name: String) -> String? { table[name] }

    /// Windows-1252's meaning of the C1 code points, which HTML gives numeric references to them.
    private static let c1: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// Consumes a reference at `position` (just after the "&") and returns what it stands for; when there is none,
    /// returns "&" and leaves `position` where it was. In an attribute (a tag's annotation), a named reference
    /// without its ";" followed by "=" or an alphanumeric is not one, as HTML has it.
    static func consume(_ input: [Unicode.Scalar], at position: inout Int, inAttribute: Bool) -> String {
        guard position < input.count else { return "&" }
        if input[position] == "#" { return numeric(input, at: &position) }
        // The longest name in the table that the input starts with.
        var end = position
        while end < input.count, end - position < longestName, input[end].isASCIIAlphanumeric { end += 1 }
        var length = end - position
        while length > 0 {
            let name = String(String.UnicodeScalarView(input[position..<(position + length)]))
            let after = position + length
            if after < input.count, input[after] == ";", let value = table[name + ";"] {
                position = after + 1
                return value
            }
            if let value = table[name] {
                if inAttribute, after < input.count, input[after] == "=" || input[after].isASCIIAlphanumeric {
                    return "&"
                }
                position = after
                return value
            }
            length -= 1
        }
        return "&"
    }

    private static func numeric(_ input: [Unicode.Scalar], at position: inout Int) -> String {
        var index = position + 1
        var radix: UInt32 = 10
        if index < input.count, input[index] == "x" || input[index] == "X" { radix = 16; index += 1 }
        var value: UInt32 = 0
        var digits = 0
        while index < input.count, let digit = Self.digit(input[index], radix: radix) {
            value = min(value * radix + digit, 0x110000)
            digits += 1
            index += 1
        }
        guard digits > 0 else { return "&" }
        if index < input.count, input[index] == ";" { index += 1 }
        position = index
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return "\u{FFFD}" }
        let code = c1[value] ?? value
        return Unicode.Scalar(code).map { String(Character($0)) } ?? "\u{FFFD}"
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46 where radix == 16: scalar.value - 0x41 + 10
        case 0x61...0x66 where radix == 16: scalar.value - 0x61 + 10
        default: nil
        }
    }
}

extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool {
        isASCIIDigit || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
    }
}
