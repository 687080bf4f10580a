import CGtk
import CoveCore

/// Captions as Pango markup: the words escaped, WebVTT bold, italic and underline kept.
enum CaptionMarkup {
    static func markup(for cues: [CaptionCue]) -> String {
        cues.map { cue in cue.spans.map(markup(for:)).joined() }.joined(separator: "\n")
    }

    private static func markup(for span: CaptionSpan) -> String {
        var text = escape(span.text)
        if span.style.contains(.underline) { text = "<u>" + text + "</u>" }
        if span.style.contains(.italic) { text = "<i>" + text + "</i>" }
        if span.style.contains(.bold) { text = "<b>" + text + "</b>" }
        return text
    }

    static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
