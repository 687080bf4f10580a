/// The ad playing (stitched into the stream, or a client-side creative), as advertising mode shows it.
public struct AdPlayback: Sendable, Equatable {
    public var title: String?
    /// Its place in its break, from 0, and how many ads the break has ("Ad (1 of 2)").
    public var index: Int
    public var count: Int
    public var duration: Double
    /// Seconds into the ad at `streamTime` (the last update; `PlayerState.adPlayhead` moves on from it).
    public var elapsed: Double
    public var streamTime: Double
    /// Seconds until the content resumes: the rest of this ad and of the ads after it in the break.
    public var breakRemaining: Double
    /// Seconds into the ad after which it may be skipped; nil when it cannot be.
    public var skipOffset: Double?
    public var canClickThrough: Bool
    /// A client-side ad's industry icons (AdChoices, …) with an image, each shown over the ad from its offset for
    /// its duration; and its companion banner with an image.
    public var icons: [VASTIcon] = []
    public var companion: VASTCompanion?

    public init(title: String?, index: Int, count: Int, duration: Double, elapsed: Double, streamTime: Double,
                breakRemaining: Double, skipOffset: Double?, canClickThrough: Bool) {
        self.title = title
        self.index = index
        self.count = count
        self.duration = duration
        self.elapsed = elapsed
        self.streamTime = streamTime
        self.breakRemaining = breakRemaining
        self.skipOffset = skipOffset
        self.canClickThrough = canClickThrough
    }

    /// Seconds until Skip Ad is offered at `elapsed` seconds into the ad; 0 once it is; nil for an ad that cannot
    /// be skipped.
    public func secondsUntilSkip(at elapsed: Double) -> Double? {
        skipOffset.map { max(0, $0 - elapsed) }
    }
}

/// An ad break's place on the content slider.
public struct AdMarker: Sendable, Equatable {
    /// Content seconds.
    public var time: Double
    /// The break has begun playing once (its tick is drawn as played).
    public var played: Bool

    public init(time: Double, played: Bool) {
        self.time = time
        self.played = played
    }
}
