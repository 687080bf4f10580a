/// A chapter of a video, from its `chapters` text track (a WebVTT cue each: the cue's text is its name).
public struct Chapter: Sendable, Equatable {
    /// 0-based, in time order.
    public var index: Int
    public var name: String
    public var start: Double
    public var end: Double

    public init(index: Int, name: String, start: Double, end: Double) {
        self.index = index
        self.name = name
        self.start = start
        self.end = end
    }
}

public enum Chapters {
    /// The chapters the cues of a chapters track make, in time order; cues without text are left out.
    public static func from(_ cues: CaptionCues) -> [Chapter] {
        let named = cues.cues.compactMap { cue -> (CaptionCue, String)? in
            let name = cue.text.split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingPrefix(while: \.isWhitespace)
            return name.isEmpty ? nil : (cue, String(name))
        }.sorted { $0.0.start < $1.0.start }
        return named.enumerated().map { index, pair in
            Chapter(index: index, name: pair.1, start: pair.0.start, end: pair.0.end)
        }
    }

    /// The chapter playing at `time`: the last one that started by then (a gap between two chapters belongs to
    /// the one before it); nil before the first.
    public static func index(at time: Double, in chapters: [Chapter]) -> Int? {
        chapters.lastIndex { $0.start <= time + 0.001 }
    }

    /// Where Page Down goes from `time`: the next chapter's start, nil in the last.
    public static func next(after time: Double, in chapters: [Chapter]) -> Double? {
        // A seek lands within a tenth of a second of a start: from there, the next start is the following chapter's.
        chapters.first { $0.start > time + 0.15 }?.start
    }

    /// Where Page Up goes from `time`: the start of this chapter, or of the one before when within the first
    /// three seconds of this one (as a CD player's previous-track button does).
    public static func previous(before time: Double, in chapters: [Chapter]) -> Double? {
        guard let current = index(at: time, in: chapters) else { return nil }
        if time - chapters[current].start > 3 || current == 0 { return chapters[current].start }
        return chapters[current - 1].start
    }
}
