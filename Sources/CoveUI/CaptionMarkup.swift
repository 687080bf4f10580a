import CGtk
import CoveCore

/// Captions as Pango markup: the words escaped; WebVTT bold, italic and underline; the specification's default
/// colour classes (`<c.yellow>`, `<c.bg_blue>`); the language of `<lang>` runs (for the right CJK glyphs); ruby
/// text inline after its base, smaller and raised (a GtkLabel cannot set it above its base). Where the viewer chose a
/// text or background colour (CVAA), the publisher's colour classes give way to it (the viewer's background is the
/// label's own, CaptionStyleSheet: GTK 4.8 draws a text shadow over Pango backgrounds of runs next to each other).
enum CaptionMarkup {
    /// The WebVTT default text colours (https://w3c.github.io/webvtt/#default-text-color) and, with "bg_", the
    /// default background colours.
    static let colors: [String: String] = [
        "white": "#FFFFFF", "lime": "#00FF00", "cyan": "#00FFFF", "red": "#FF0000",
        "yellow": "#FFFF00", "magenta": "#FF00FF", "blue": "#0000FF", "black": "#000000",
    ]

    /// All the cues, a line each (what one label would show).
    static func markup(for cues: [CaptionCue]) -> String {
        cues.map { markup(for: $0) }.joined(separator: "\n")
    }

    /// One cue; `reversingLines` for `vertical:lr` cues, drawn rotated like `rl` ones.
    static func markup(for cue: CaptionCue, appearance: CaptionAppearance = .default, fontPixels: Int = 0,
                       reversingLines: Bool = false) -> String {
        var text = cue.spans.map { markup(for: $0, appearance: appearance, fontPixels: fontPixels) }.joined()
        if reversingLines { text = text.split(separator: "\n", omittingEmptySubsequences: false).reversed()
            .joined(separator: "\n") }
        var attributes: [String] = []
        if let color = appearance.textColor {
            attributes.append("foreground=\"\(hex(color.rgb))\" fgalpha=\"\(percent(color.opacity))\"")
        }
        return attributes.isEmpty ? text : "<span \(attributes.joined(separator: " "))>" + text + "</span>"
    }

    private static func markup(for span: CaptionSpan, appearance: CaptionAppearance, fontPixels: Int) -> String {
        var text = escape(span.text)
        if span.style.contains(.underline) { text = "<u>" + text + "</u>" }
        if span.style.contains(.italic) { text = "<i>" + text + "</i>" }
        if span.style.contains(.bold) { text = "<b>" + text + "</b>" }
        var attributes: [String] = []
        if appearance.textColor == nil, let color = span.classes.last(where: { colors[$0] != nil }) {
            attributes.append("foreground=\"\(colors[color]!)\"")
        }
        if appearance.backgroundColor == nil,
           let color = span.classes.last(where: { $0.hasPrefix("bg_") && colors[String($0.dropFirst(3))] != nil }) {
            attributes.append("background=\"\(colors[String(color.dropFirst(3))]!)\"")
        }
        if let language = span.language, !language.isEmpty { attributes.append("lang=\"\(escape(language))\"") }
        if span.isRubyText {
            attributes.append("size=\"smaller\" rise=\"\(max(1, fontPixels) * Int(PANGO_SCALE) / 2)\"")
        }
        return attributes.isEmpty ? text : "<span \(attributes.joined(separator: " "))>" + text + "</span>"
    }

    static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb & 0xFFFFFF, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    static func percent(_ opacity: Double) -> String {
        "\(Int((min(1, max(0, opacity)) * 100).rounded()))%"
    }

    static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
