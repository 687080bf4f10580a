import FoundationEssentials

/// An ad break as its lifecycle events describe it (SDK `BCOVAdSequence`).
public struct AdSequenceInfo: Sendable, Equatable {
    /// Its place among the video's breaks, from 0.
    public var index: Int
    public var id: String?
    /// Where it sits in the content, and where it begins in the stitched stream.
    public var contentTime: Double
    public var streamTime: Double
    public var duration: Double
    public var adCount: Int

    public init(index: Int, id: String?, contentTime: Double, streamTime: Double, duration: Double, adCount: Int) {
        self.index = index
        self.id = id
        self.contentTime = contentTime
        self.streamTime = streamTime
        self.duration = duration
        self.adCount = adCount
    }

    var jsonLineValue: JSONLine.Value {
        .object([("index", .number(Double(index))), ("id", .optional(id)), ("content_time", .number(contentTime)),
                 ("stream_time", .number(streamTime)), ("duration", .number(duration)),
                 ("ads", .number(Double(adCount)))])
    }
}

/// One ad as its lifecycle events describe it (SDK `BCOVAd`: title, id, duration), with its place in the break.
public struct AdInfo: Sendable, Equatable {
    public var id: String?
    public var title: String?
    public var duration: Double
    /// Its place in its break, from 0, and how many ads the break has.
    public var index: Int
    public var count: Int
    /// Seconds into the ad after which the viewer may skip it; nil when it cannot be skipped.
    public var skipOffset: Double?

    public init(id: String?, title: String?, duration: Double, index: Int, count: Int, skipOffset: Double? = nil) {
        self.id = id
        self.title = title
        self.duration = duration
        self.index = index
        self.count = count
        self.skipOffset = skipOffset
    }

    var jsonLineValue: JSONLine.Value {
        .object([("id", .optional(id)), ("title", .optional(title)), ("duration", .number(duration)),
                 ("index", .number(Double(index))), ("count", .number(Double(count))),
                 ("skip_offset", .optional(skipOffset))])
    }
}
