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
    /// The classes of every tag the run is in (`<c.yellow.bg_blue>`: "yellow", "bg_blue"), outermost first: the
    /// specification's colour classes, and the publisher's own for its style sheet.
    public var classes: [String]
    /// The language of the innermost `<lang>` the run is in.
    public var language: String?
    /// Ruby text (`<rt>`), drawn above the base text it follows where the renderer can.
    public var isRubyText: Bool

    public init(_ text: String, style: CaptionStyle = [], classes: [String] = [], language: String? = nil,
                isRubyText: Bool = false) {
        self.text = text
        self.style = style
        self.classes = classes
        self.language = language
        self.isRubyText = isRubyText
    }
}

/// One caption on the presentation timeline: shown from `start` (inclusive) to `end` (exclusive), seconds.
public struct CaptionCue: Sendable, Hashable {
    public var start: Double
    public var end: Double
    public var spans: [CaptionSpan]
    /// The speaker of a `<v Speaker>` cue; not shown, as WebVTT renderers do not show it.
    public var voice: String?
    /// Where and how it is laid out.
    public var settings: CueSettings
    /// The region it scrolls in, when its settings name one the file defines.
    public var region: CueRegion?

    public init(start: Double, end: Double, spans: [CaptionSpan], voice: String? = nil,
                settings: CueSettings = CueSettings(), region: CueRegion? = nil) {
        self.start = start
        self.end = end
        self.spans = spans
        self.voice = voice
        self.settings = settings
        self.region = region
    }

    public init(start: Double, end: Double, text: String) {
        self.init(start: start, end: end, spans: [CaptionSpan(text)])
    }

    /// The words without styling, lines separated by "\n" (what assistive technology reads).
    public var text: String { spans.map(\.text).joined() }
}
