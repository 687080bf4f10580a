import FoundationEssentials

/// The block structure of a WebVTT file as the thumbnails track reads it: the header, then cues (an optional
/// identifier line, a timing line, payload lines). Lenient, as a preview can be: a malformed block is counted, never
/// fatal. Captions are read by the specification's algorithm instead (`WebVTTParser`, `WebVTTCueTextParser`). Accepts a byte order mark, CRLF or CR line ends, timestamps with or without hours, a
/// missing "WEBVTT" header, and NOTE, STYLE and REGION blocks (ignored).
public enum WebVTT {
    /// One cue as written: its times and its payload lines, unparsed.
    public struct RawCue: Sendable, Hashable {
        public var identifier: String?
        public var start: Double
        public var end: Double
        public var payload: [Substring]
    }

    public struct Document: Sendable {
        /// The header block's lines after the "WEBVTT" line (e.g. HLS's X-TIMESTAMP-MAP).
        public var header: [Substring] = []
        /// In file order.
        public var cues: [RawCue] = []
        /// Blocks that were neither a cue, the header nor a comment, style or region; and cues whose end is
        /// before their start.
        public var malformedCount = 0
    }

    public static func read(_ vtt: String) -> Document {
        var text = vtt
        if text.first == "\u{FEFF}" { text.removeFirst() }
        var document = Document()
        for (index, block) in blocks(of: text).enumerated() {
            guard let first = block.first else { continue }
            if index == 0, first.hasPrefix("WEBVTT") {
                document.header = Array(block.dropFirst())
                continue
            }
            if isIgnoredBlock(first) { continue }
            guard let timingIndex = block.prefix(2).firstIndex(where: { $0.contains("-->") }),
                  let (start, end) = timing(block[timingIndex]), end >= start else {
                document.malformedCount += 1
                continue
            }
            let identifier = timingIndex > 0 ? String(block[0]) : nil
            document.cues.append(RawCue(identifier: identifier, start: start, end: end,
                                        payload: Array(block[(timingIndex + 1)...])))
        }
        return document
    }

    /// Comments, styles and regions: a keyword alone or followed by a space or tab.
    private static func isIgnoredBlock(_ firstLine: Substring) -> Bool {
        ["NOTE", "STYLE", "REGION"].contains { keyword in
            guard firstLine.hasPrefix(keyword) else { return false }
            let next = firstLine.dropFirst(keyword.count).first
            return next == nil || next == " " || next == "\t"
        }
    }

    /// The text split into blocks of non-blank lines. Swift treats "\r\n" as one Character, so splitting on
    /// newline characters handles LF, CRLF and CR alike.
    private static func blocks(of text: String) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { blocks.append(current); current = [] }
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    /// "00:01.000 --> 00:05.000" with optional cue settings after the end time.
    private static func timing(_ line: Substring) -> (Double, Double)? {
        guard let arrow = line.firstRange(of: "-->") else { return nil }
        let startText = trimmingWhitespace(String(line[..<arrow.lowerBound]))[...]
        let endText = line[arrow.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""
        guard let start = timestamp(startText), let end = timestamp(endText) else { return nil }
        return (start, end)
    }

    /// "[hh:]mm:ss.ttt". A comma before the milliseconds (SubRip style) is accepted, as some generators write it.
    public static func timestamp(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let secondsParts = parts[parts.count - 1].split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard secondsParts.count <= 2,
              let seconds = digits(secondsParts[0], count: 2), seconds < 60,
              let minutes = digits(parts[parts.count - 2], count: 2), minutes < 60 else { return nil }
        var hours = 0
        if parts.count == 3 {
            guard let value = digits(parts[0], count: nil) else { return nil }
            hours = value
        }
        var fraction = 0.0
        if secondsParts.count == 2 {
            guard digits(secondsParts[1], count: nil) != nil, let value = Double("0." + secondsParts[1]) else {
                return nil
            }
            fraction = value
        }
        return Double(hours * 3600 + minutes * 60 + seconds) + fraction
    }

    /// A run of ASCII digits (exactly `count` of them when given); at most nine, so the value cannot overflow.
    static func digits(_ text: Substring, count: Int?) -> Int? {
        guard !text.isEmpty, text.count <= 9, count == nil || text.count == count,
              text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
