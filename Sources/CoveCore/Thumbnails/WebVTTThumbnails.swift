import FoundationEssentials

extension ThumbnailTrack {
    /// Reads a WebVTT thumbnails file. Lenient, as the preview is a nicety: a malformed cue is skipped and counted,
    /// never fatal. Accepts a byte order mark, CRLF or CR line ends, timestamps with or without hours, a missing
    /// "WEBVTT" header, and NOTE, STYLE and REGION blocks (ignored).
    public static func parse(vtt: String, baseURL: URL) -> ThumbnailTrack {
        var text = vtt
        if text.first == "\u{FEFF}" { text.removeFirst() }
        var cues: [ThumbnailCue] = []
        var skipped = 0
        for (index, block) in blocks(of: text).enumerated() {
            guard let first = block.first else { continue }
            if index == 0, first.hasPrefix("WEBVTT") { continue }
            if isIgnoredBlock(first) { continue }
            if let cue = cue(from: block, baseURL: baseURL) { cues.append(cue) } else { skipped += 1 }
        }
        return ThumbnailTrack(cues: cues, skippedCueCount: skipped)
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

    /// An optional identifier line, a timing line, then the image reference (its first payload line).
    private static func cue(from block: [Substring], baseURL: URL) -> ThumbnailCue? {
        guard let timingIndex = block.prefix(2).firstIndex(where: { $0.contains("-->") }),
              let (start, end) = timing(block[timingIndex]), end >= start,
              timingIndex + 1 < block.count else { return nil }
        let reference = trimmingWhitespace(String(block[timingIndex + 1]))
        var target = reference[...]
        var spriteRect: SpriteRect?
        if let hash = reference.firstIndex(of: "#") {
            target = reference[..<hash]
            let fragment = reference[reference.index(after: hash)...]
            if fragment.hasPrefix("xywh=") {
                guard let rect = sprite(fragment.dropFirst("xywh=".count)) else { return nil }
                spriteRect = rect
            }
        }
        guard !target.isEmpty, let url = URL(string: String(target), relativeTo: baseURL)?.absoluteURL else {
            return nil
        }
        return ThumbnailCue(start: start, end: end, imageURL: url, spriteRect: spriteRect)
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
    static func timestamp(_ text: Substring) -> Double? {
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
    private static func digits(_ text: Substring, count: Int?) -> Int? {
        guard !text.isEmpty, text.count <= 9, count == nil || text.count == count,
              text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// "x,y,w,h" in pixels, optionally "pixel:"-prefixed; width and height must be positive.
    private static func sprite(_ text: Substring) -> SpriteRect? {
        let values = (text.hasPrefix("pixel:") ? text.dropFirst("pixel:".count) : text)
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { digits(trimmingWhitespace(String($0))[...], count: nil) }
        guard values.count == 4, let x = values[0], let y = values[1], let width = values[2], let height = values[3],
              width > 0, height > 0 else { return nil }
        return SpriteRect(x: x, y: y, width: width, height: height)
    }
}
