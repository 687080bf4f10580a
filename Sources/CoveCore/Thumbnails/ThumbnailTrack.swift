import FoundationEssentials

/// A rectangle of a sprite sheet, in the image's pixels (a WebVTT media fragment `#xywh=x,y,w,h`).
public struct SpriteRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One thumbnail: the image to show while the pointer is between `start` and `end` seconds.
public struct ThumbnailCue: Sendable, Hashable {
    public var start: Double
    public var end: Double
    /// The image to fetch, resolved against the track's URL, without the `#xywh` fragment: cues cut from one sprite
    /// sheet share it, so it is fetched once.
    public var imageURL: URL
    /// The part of the image to show; nil for the whole image.
    public var spriteRect: SpriteRect?

    public init(start: Double, end: Double, imageURL: URL, spriteRect: SpriteRect? = nil) {
        self.start = start
        self.end = end
        self.imageURL = imageURL
        self.spriteRect = spriteRect
    }
}

/// The video's thumbnails track (a `text_tracks` entry labelled "thumbnails", SDK notes, “Thumbnails track”), for the
/// preview above the progress slider.
public struct ThumbnailTrack: Sendable, Hashable {
    /// Ordered by start time.
    public let cues: [ThumbnailCue]
    /// Cues that could not be read and were left out (bad timing, no image, bad sprite rectangle).
    public let skippedCueCount: Int

    public init(cues: [ThumbnailCue], skippedCueCount: Int = 0) {
        // A stable sort keeps the file's order among cues that start together.
        self.cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        self.skippedCueCount = skippedCueCount
    }

    /// The cue to show at `seconds`: the latest-starting cue that has begun and not ended. A cue's end counts as
    /// inside it, so the very end of the video still has a picture when the last cue ends exactly there.
    public func thumbnail(at seconds: Double) -> ThumbnailCue? {
        guard seconds.isFinite else { return nil }
        // Binary search for the first cue starting after `seconds`; the one before it is the candidate.
        var low = 0, high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if cues[middle].start <= seconds { low = middle + 1 } else { high = middle }
        }
        guard low > 0, seconds <= cues[low - 1].end else { return nil }
        return cues[low - 1]
    }
}
