/// The WebVTT specification's *WebVTT parser algorithm* (https://w3c.github.io/webvtt/#file-parsing), step by step:
/// the signature, the header, then blocks: cues (identifier, timings, settings, raw text), REGION blocks and STYLE
/// blocks (before the first cue only); NUL becomes U+FFFD and CR and CRLF become LF first. It runs in time linear in
/// the input: every step looks at each code point a bounded number of times.
///
/// Cues are kept as the specification keeps them, including those that end before they start or have no text; what
/// a player shows is `CaptionCues`' business. The cue text is kept raw (see `WebVTTCueTextParser`).
public enum WebVTTParser {
    /// Why a file is not WebVTT: the algorithm aborts, and a browser fires `error` at the track.
    public enum Rejection: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fewer than six code points, or not "WEBVTT" followed by a space, tab, LF or the end.
        case noSignature

        public var description: String {
            switch self {
            case .noSignature: "no WebVTT signature (\"WEBVTT\" then a space, tab or line end) at the start"
            }
        }
    }

    /// Parses a whole file (already decoded from UTF-8; a leading byte order mark is skipped).
    public static func parse(_ text: String) -> Result<WebVTTFile, Rejection> {
        var scalars = Scanner.preprocess(text)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var scanner = Scanner(scalars)
        return scanner.parseFile()
    }

    /// The *collect a WebVTT timestamp* algorithm over a whole string ("[h…h:]mm:ss.ttt"): nil unless it succeeds
    /// and consumes everything. Hours of any length; a time too large for a Double is refused.
    public static func timestamp<S: StringProtocol>(_ text: S) -> Double? {
        var scanner = Scanner(Array(text.unicodeScalars))
        guard let value = scanner.collectTimestamp(), scanner.atEnd else { return nil }
        return value
    }

    /// *Parse a percentage string*: `^\d+(\.\d+)?%$` with a value from 0 to 100.
    static func percentage(_ text: ArraySlice<Unicode.Scalar>) -> Double? {
        guard text.last == "%" else { return nil }
        let number = text.dropLast()
        var index = number.startIndex
        var integerDigits = 0
        while index < number.endIndex, number[index].isASCIIDigit { index += 1; integerDigits += 1 }
        guard integerDigits > 0 else { return nil }
        if index < number.endIndex {
            guard number[index] == "." else { return nil }
            index += 1
            var fractionDigits = 0
            while index < number.endIndex, number[index].isASCIIDigit { index += 1; fractionDigits += 1 }
            guard fractionDigits > 0, index == number.endIndex else { return nil }
        }
        guard let value = Double(String(String.UnicodeScalarView(number))), value >= 0, value <= 100 else {
            return nil
        }
        return value
    }
}

/// What the WebVTT parser algorithm makes of a file: the track's cues in file order, its regions in file order, and
/// its style sheets.
public struct WebVTTFile: Sendable, Hashable {
    public struct Cue: Sendable, Hashable {
        /// The cue identifier, "" if none.
        public var id: String
        public var start: Double
        public var end: Double
        /// The raw cue text: its lines joined by LF, tags and character references as written.
        public var text: String
        /// `settings.region` is the id of the region the cue is in, when the parser put it in one.
        public var settings: CueSettings
        /// The index in `regions` of the cue's region (the last one with that id defined before the cue).
        public var regionIndex: Int?
    }

    /// The header block's lines after the signature line (e.g. HLS's X-TIMESTAMP-MAP).
    public var header: [String] = []
    public var cues: [Cue] = []
    public var regions: [WebVTTRegion] = []
    /// The text of each STYLE block after its "STYLE" line, LF-separated.
    public var styleSheets: [String] = []

    /// The region a cue is in, as the player's model has it.
    public func region(of cue: Cue) -> CueRegion? {
        cue.regionIndex.map { regions[$0].cueRegion }
    }
}

/// A REGION block's settings, with the specification's defaults; numbers as VTTRegion exposes them.
public struct WebVTTRegion: Sendable, Hashable {
    public var id = ""
    public var width = 100.0
    /// VTTRegion.lines is an unsigned long; a huge value is kept as written.
    public var lines = 3.0
    public var regionAnchorX = 0.0
    public var regionAnchorY = 100.0
    public var viewportAnchorX = 0.0
    public var viewportAnchorY = 100.0
    public var scrollsUp = false

    public init() {}

    /// As the player's model has it (lines capped to what an Int holds).
    public var cueRegion: CueRegion {
        var region = CueRegion(id: id)
        region.width = width
        region.lines = lines < 1_000_000 ? Int(lines) : 1_000_000
        region.regionAnchorX = regionAnchorX
        region.regionAnchorY = regionAnchorY
        region.viewportAnchorX = viewportAnchorX
        region.viewportAnchorY = viewportAnchorY
        region.scrollsUp = scrollsUp
        return region
    }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }
    /// ASCII whitespace as WebVTT counts it: tab, LF, FF, CR, space.
    var isASCIIWhitespace: Bool { value == 0x09 || value == 0x0A || value == 0x0C || value == 0x0D || value == 0x20 }
}

private struct Scanner {
    let input: [Unicode.Scalar]
    var position = 0

    init(_ input: [Unicode.Scalar]) { self.input = input }

    var atEnd: Bool { position >= input.count }
    var current: Unicode.Scalar? { position < input.count ? input[position] : nil }

    /// NUL → U+FFFD, CRLF and CR → LF.
    static func preprocess(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.utf8.count)
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": result.append("\n"); afterCR = true; continue
            case "\n": if !afterCR { result.append("\n") }
            case "\0": result.append("\u{FFFD}")
            default: result.append(scalar)
            }
            afterCR = false
        }
        return result
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    mutating func collectLine() -> ArraySlice<Unicode.Scalar> {
        let start = position
        while position < input.count, input[position] != "\n" { position += 1 }
        return input[start..<position]
    }

    mutating func skipWhitespace() {
        while let scalar = current, scalar.isASCIIWhitespace { position += 1 }
    }

    mutating func parseFile() -> Result<WebVTTFile, WebVTTParser.Rejection> {
        // Signature.
        let signature: [Unicode.Scalar] = ["W", "E", "B", "V", "T", "T"]
        guard input.count >= 6, Array(input[0..<6]) == signature else { return .failure(.noSignature) }
        if input.count > 6 {
            let next = input[6]
            guard next == " " || next == "\t" || next == "\n" else { return .failure(.noSignature) }
        }
        var file = WebVTTFile()
        _ = collectLine()
        guard !atEnd else { return .success(file) }
        if current == "\n" { position += 1 }
        // Header.
        var seenCue = false
        var regionIDs: [String: Int] = [:]
        if current == "\n" {
            position += 1
        } else if !atEnd {
            if case .header(let lines) = collectBlock(inHeader: true, seenCue: &seenCue, regions: regionIDs) {
                file.header = lines
            }
        }
        while current == "\n" { position += 1 }
        // Blocks.
        while !atEnd {
            switch collectBlock(inHeader: false, seenCue: &seenCue, regions: regionIDs) {
            case .cue(let cue): file.cues.append(cue)
            case .styleSheet(let text): file.styleSheets.append(text)
            case .region(let region):
                regionIDs[region.id] = file.regions.count
                file.regions.append(region)
            case .header, .nothing: break
            }
            while current == "\n" { position += 1 }
        }
        return .success(file)
    }

    enum Block {
        case cue(WebVTTFile.Cue)
        case styleSheet(String)
        case region(WebVTTRegion)
        case header([String])
        case nothing
    }

    /// *Collect a WebVTT block*.
    mutating func collectBlock(inHeader: Bool, seenCue: inout Bool, regions: [String: Int]) -> Block {
        var lineCount = 0
        var previousPosition = position
        var buffer: [ArraySlice<Unicode.Scalar>] = []
        var seenArrow = false
        var cue: WebVTTFile.Cue?
        var isStyle = false
        var isRegion = false
        while true {
            let line = collectLine()
            lineCount += 1
            let seenEOF = atEnd
            if !seenEOF { position += 1 }
            if Self.containsArrow(line) {
                if !inHeader, lineCount == 1 || (lineCount == 2 && !seenArrow) {
                    seenArrow = true
                    previousPosition = position
                    let id = Self.string(buffer.first ?? [])
                    if var parsed = Self.timingsAndSettings(line, regions: regions) {
                        parsed.id = buffer.isEmpty ? "" : id
                        cue = parsed
                        buffer = []
                        seenCue = true
                    } else {
                        cue = nil
                    }
                } else {
                    position = previousPosition
                    break
                }
            } else if line.isEmpty {
                break
            } else {
                if !inHeader, lineCount == 2, !seenCue, buffer.count == 1 {
                    if Self.isKeywordLine(buffer[0], "STYLE") {
                        isStyle = true
                        buffer = []
                    } else if Self.isKeywordLine(buffer[0], "REGION") {
                        isRegion = true
                        buffer = []
                    }
                }
                buffer.append(line)
                previousPosition = position
            }
            if seenEOF { break }
        }
        if var cue {
            cue.text = buffer.map(Self.string).joined(separator: "\n")
            return .cue(cue)
        }
        if isStyle { return .styleSheet(buffer.map(Self.string).joined(separator: "\n")) }
        if isRegion { return .region(Self.regionSettings(buffer)) }
        if inHeader { return .header(buffer.map(Self.string)) }
        return .nothing
    }

    /// "STYLE" or "REGION" alone, or followed by ASCII whitespace only.
    static func isKeywordLine(_ line: ArraySlice<Unicode.Scalar>, _ keyword: String) -> Bool {
        let keyword = Array(keyword.unicodeScalars)
        guard line.count >= keyword.count, Array(line.prefix(keyword.count)) == keyword else { return false }
        return line.dropFirst(keyword.count).allSatisfy(\.isASCIIWhitespace)
    }

    static func containsArrow(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        var index = line.startIndex
        while index + 2 < line.endIndex {
            if line[index] == "-", line[index + 1] == "-", line[index + 2] == ">" { return true }
            index += 1
        }
        return false
    }

    /// *Collect WebVTT cue timings and settings*.
    static func timingsAndSettings(_ line: ArraySlice<Unicode.Scalar>, regions: [String: Int]) -> WebVTTFile.Cue? {
        var scanner = Scanner(Array(line))
        scanner.skipWhitespace()
        guard let start = scanner.collectTimestamp() else { return nil }
        scanner.skipWhitespace()
        for expected in ["-", "-", ">"] as [Unicode.Scalar] {
            guard scanner.current == expected else { return nil }
            scanner.position += 1
        }
        scanner.skipWhitespace()
        guard let end = scanner.collectTimestamp() else { return nil }
        var cue = WebVTTFile.Cue(id: "", start: start, end: end, text: "", settings: CueSettings(), regionIndex: nil)
        cue.regionIndex = settings(scanner.input[scanner.position...], into: &cue.settings, regions: regions)
        return cue
    }

    /// *Collect a WebVTT timestamp* from the current position.
    mutating func collectTimestamp() -> Double? {
        var hoursFirst = false
        guard let first = current, first.isASCIIDigit else { return nil }
        let (value1, count1) = collectDigits()
        if count1 != 2 || value1 > 59 { hoursFirst = true }
        guard current == ":" else { return nil }
        position += 1
        let (value2Read, count2) = collectDigits()
        guard count2 == 2 else { return nil }
        var hours = 0.0, minutes = 0.0, seconds = 0.0
        if hoursFirst || current == ":" {
            guard current == ":" else { return nil }
            position += 1
            let (value3, count3) = collectDigits()
            guard count3 == 2 else { return nil }
            hours = value1
            minutes = value2Read
            seconds = value3
        } else {
            minutes = value1
            seconds = value2Read
        }
        guard current == "." else { return nil }
        position += 1
        let (milliseconds, count4) = collectDigits()
        guard count4 == 3, minutes <= 59, seconds <= 59 else { return nil }
        let result = hours * 3600 + minutes * 60 + seconds + milliseconds / 1000
        return result.isFinite ? result : nil
    }

    /// A run of ASCII digits: its value (as a Double, so no run overflows) and its length.
    mutating func collectDigits() -> (Double, Int) {
        var value = 0.0
        var count = 0
        while let scalar = current, scalar.isASCIIDigit {
            value = value * 10 + Double(scalar.value - 0x30)
            count += 1
            position += 1
        }
        return (value, count)
    }

    static func splitOnWhitespace(_ text: ArraySlice<Unicode.Scalar>) -> [ArraySlice<Unicode.Scalar>] {
        text.split(whereSeparator: \.isASCIIWhitespace)
    }

    /// A "name:value" setting, nil when there is no colon or it is the first or last code point.
    static func nameAndValue(_ setting: ArraySlice<Unicode.Scalar>)
        -> (name: String, value: ArraySlice<Unicode.Scalar>)? {
        guard let colon = setting.firstIndex(of: ":"), colon != setting.startIndex,
              colon != setting.index(before: setting.endIndex) else { return nil }
        return (string(setting[..<colon]), setting[(colon + 1)...])
    }

    /// *Parse the WebVTT cue settings*; returns the index of the cue's region.
    static func settings(_ text: ArraySlice<Unicode.Scalar>, into settings: inout CueSettings,
                         regions: [String: Int]) -> Int? {
        var regionIndex: Int?
        var regionID = ""
        for setting in splitOnWhitespace(text) {
            guard let (name, value) = nameAndValue(setting) else { continue }
            let valueString = string(value)
            switch name {
            case "region":
                regionID = valueString
                regionIndex = regions[valueString]
            case "vertical":
                if valueString == "rl" { settings.vertical = .rightToLeft }
                else if valueString == "lr" { settings.vertical = .leftToRight }
            case "line":
                let comma = value.firstIndex(of: ",")
                let linePosition = comma.map { value[..<$0] } ?? value
                let lineAlign = comma.map { string(value[($0 + 1)...]) }
                guard linePosition.contains(where: \.isASCIIDigit) else { continue }
                let number: Double
                let isPercentage: Bool
                if linePosition.last == "%" {
                    guard let percent = WebVTTParser.percentage(linePosition) else { continue }
                    number = percent
                    isPercentage = true
                } else {
                    guard let real = signedReal(linePosition) else { continue }
                    number = real
                    isPercentage = false
                }
                switch lineAlign {
                case nil: break
                case "start": settings.lineAlign = .start
                case "center": settings.lineAlign = .center
                case "end": settings.lineAlign = .end
                default: continue
                }
                settings.line = number
                settings.snapToLines = !isPercentage
            case "position":
                let comma = value.firstIndex(of: ",")
                let columnPosition = comma.map { value[..<$0] } ?? value
                let columnAlign = comma.map { string(value[($0 + 1)...]) }
                guard let number = WebVTTParser.percentage(columnPosition) else { continue }
                switch columnAlign {
                case nil: break
                case "line-left": settings.positionAlign = .lineLeft
                case "center": settings.positionAlign = .center
                case "line-right": settings.positionAlign = .lineRight
                default: continue
                }
                settings.position = number
            case "size":
                guard let number = WebVTTParser.percentage(value) else { continue }
                settings.size = number
            case "align":
                guard let align = CueSettings.TextAlign(rawValue: valueString) else { continue }
                settings.align = align
            default:
                continue
            }
        }
        // A cue is only laid out in a region when it is horizontal, has no line and is full width.
        if settings.vertical != .horizontal || settings.line != nil || settings.size != 100 { regionIndex = nil }
        settings.region = regionIndex == nil ? nil : regionID
        return regionIndex
    }

    /// "-", digits and at most one "." between digits: a line number such as "-1" or "0.5".
    static func signedReal(_ text: ArraySlice<Unicode.Scalar>) -> Double? {
        var seenDot = false
        for (offset, scalar) in text.enumerated() {
            if scalar == "-" {
                guard offset == 0 else { return nil }
            } else if scalar == "." {
                guard !seenDot else { return nil }
                seenDot = true
                let index = text.startIndex + offset
                guard index > text.startIndex, text[index - 1].isASCIIDigit, index + 1 < text.endIndex,
                      text[index + 1].isASCIIDigit else { return nil }
            } else if !scalar.isASCIIDigit {
                return nil
            }
        }
        guard let value = Double(string(text)), value.isFinite else { return nil }
        return value + 0 // "-0" is the line 0, as browsers read it (not negative zero)
    }

    /// *Collect WebVTT region settings* from a REGION block's lines.
    static func regionSettings(_ lines: [ArraySlice<Unicode.Scalar>]) -> WebVTTRegion {
        var region = WebVTTRegion()
        for line in lines {
            for setting in splitOnWhitespace(line) {
                guard let (name, value) = nameAndValue(setting) else { continue }
                switch name {
                case "id":
                    region.id = string(value)
                case "width":
                    if let width = WebVTTParser.percentage(value) { region.width = width }
                case "lines":
                    guard value.allSatisfy(\.isASCIIDigit), let lines = Double(string(value)), lines.isFinite else {
                        continue
                    }
                    region.lines = lines
                case "regionanchor", "viewportanchor":
                    guard let comma = value.firstIndex(of: ","),
                          let x = WebVTTParser.percentage(value[..<comma]),
                          let y = WebVTTParser.percentage(value[(comma + 1)...]) else { continue }
                    if name == "regionanchor" {
                        region.regionAnchorX = x
                        region.regionAnchorY = y
                    } else {
                        region.viewportAnchorX = x
                        region.viewportAnchorY = y
                    }
                case "scroll":
                    if string(value) == "up" { region.scrollsUp = true }
                default:
                    continue
                }
            }
        }
        return region
    }
}
