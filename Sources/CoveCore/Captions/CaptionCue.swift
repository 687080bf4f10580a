/// How a run of caption text is set: the WebVTT <b>, <i> and <u> tags.
public struct CaptionStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CaptionStyle(rawValue: 1)
    public static let italic = CaptionStyle(rawValue: 2)
    public static let underline = CaptionStyle(rawValue: 4)
}

/// A run of caption text in one style; line breaks are "\n" inside the text.
public struct CaptionSpan: Sendable, Hashable {
    public var text: String
    public var style: CaptionStyle

    public init(_ text: String, style: CaptionStyle = []) {
        self.text = text
        self.style = style
    }
}

/// One caption on the presentation timeline: shown from `start` (inclusive) to `end` (exclusive), seconds.
public struct CaptionCue: Sendable, Hashable {
    public var start: Double
    public var end: Double
    public var spans: [CaptionSpan]
    /// The speaker of a `<v Speaker>` cue; not shown, as WebVTT renderers do not show it.
    public var voice: String?

    public init(start: Double, end: Double, spans: [CaptionSpan], voice: String? = nil) {
        self.start = start
        self.end = end
        self.spans = spans
        self.voice = voice
    }

    public init(start: Double, end: Double, text: String) {
        self.init(start: start, end: end, spans: [CaptionSpan(text)])
    }

    /// The words without styling, lines separated by "\n" (what assistive technology reads).
    public var text: String { spans.map(\.text).joined() }
}
