/// A caption track's cues and the lookup of what is on screen at a moment, fast for thousands of cues: a binary
/// search for the last cue to have started, then a walk back that stops as soon as no earlier cue can still be
/// showing (the running maximum of end times says so).
public struct CaptionCues: Sendable, Equatable {
    /// Ordered by start time (file order among equal starts).
    public let cues: [CaptionCue]
    /// `latestEnd[i]` is the largest end among `cues[0...i]`.
    private let latestEnd: [Double]

    public init(_ cues: [CaptionCue]) {
        self.cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        var latest = -Double.infinity
        latestEnd = self.cues.map { cue in
            latest = max(latest, cue.end)
            return latest
        }
    }

    public static let empty = CaptionCues([])

    public var isEmpty: Bool { cues.isEmpty }

    /// The cues showing at `seconds` (start ≤ seconds < end), in start order.
    public func active(at seconds: Double) -> [CaptionCue] {
        guard seconds.isFinite else { return [] }
        let low = firstIndex(startingAfter: seconds)
        var showing: [CaptionCue] = []
        var index = low - 1
        while index >= 0, latestEnd[index] > seconds {
            if cues[index].end > seconds { showing.append(cues[index]) }
            index -= 1
        }
        return showing.reversed()
    }

    /// The next moment after `seconds` at which what `active(at:)` gives changes: a cue starts or one showing ends.
    public func nextChange(after seconds: Double) -> Double? {
        guard seconds.isFinite else { return nil }
        let low = firstIndex(startingAfter: seconds)
        let nextStart = low < cues.count ? cues[low].start : nil
        let nextEnd = active(at: seconds).map(\.end).min()
        return [nextStart, nextEnd].compactMap { $0 }.min()
    }

    /// The index of the first cue that starts after `seconds` (binary search over the start order).
    private func firstIndex(startingAfter seconds: Double) -> Int {
        var low = 0, high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if cues[middle].start <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The text on screen at `seconds`: the active cues' texts, one below the other.
    public func text(at seconds: Double) -> String {
        active(at: seconds).map(\.text).joined(separator: "\n")
    }
}

extension CaptionCues {
    /// Reads a WebVTT caption file by the specification's parser; cue times are taken as presentation times (a
    /// sidecar). A file without the WebVTT signature has no cues, as a browser shows none.
    public static func parse(vtt: String) -> CaptionCues {
        guard case .success(let file) = WebVTTParser.parse(vtt) else { return .empty }
        return CaptionCues(cues(in: file, offset: 0))
    }

    /// Reads the WebVTT segments of an HLS subtitle rendition, in playlist order. Each segment's
    /// X-TIMESTAMP-MAP ties its cue times to the MPEG-TS clock; the first segment's mapping is taken as the
    /// presentation start (packagers map LOCAL 0 to the first video timestamp), so cue times come out relative
    /// to the start of the stream as the player's position counts it. Segments without a map use their cue times
    /// as they are. A cue repeated across a segment boundary is kept once. A segment that is not WebVTT is skipped.
    public static func parse(segments: [String]) -> CaptionCues {
        var all: [CaptionCue] = []
        var seen = Set<CaptionCue>()
        var base: WebVTTTimestampMap?
        for segment in segments {
            guard case .success(let file) = WebVTTParser.parse(segment) else { continue }
            var offset = 0.0
            if let map = WebVTTTimestampMap(header: file.header.map { $0[...] }) {
                if base == nil { base = map }
                offset = map.offset(from: base ?? map)
            }
            for cue in cues(in: file, offset: offset) where seen.insert(cue).inserted { all.append(cue) }
        }
        return CaptionCues(all)
    }

    /// The cues a player can show: those that do not end before they start and have visible text.
    private static func cues(in file: WebVTTFile, offset: Double) -> [CaptionCue] {
        file.cues.compactMap { raw in
            guard raw.end >= raw.start else { return nil }
            let (spans, voice) = WebVTTCueTextParser.spans(raw.text)
            guard spans.contains(where: { !$0.text.allSatisfy(\.isWhitespace) }) else { return nil }
            let start = raw.start + offset, end = raw.end + offset
            guard start.isFinite, end.isFinite else { return nil }
            return CaptionCue(start: start, end: end, spans: spans, voice: voice, settings: raw.settings,
                              region: file.region(of: raw))
        }
    }
}
