/// A stitched stream's ad breaks, and the one conversion between the stream's time and the content's (SDK
/// `ssai_contentTimeAtAbsoluteTime:` / `ssai_absoluteTimeAtContentTime:`): a break starts in the stream at its
/// content offset plus the length of every earlier break.
public struct AdTimeline: Sendable, Equatable {
    /// Ordered by content offset (the VMAP's order among equal offsets).
    public let breaks: [AdBreak]

    public init(breaks: [AdBreak]) {
        self.breaks = breaks.enumerated()
            .sorted { ($0.element.contentOffset, $0.offset) < ($1.element.contentOffset, $1.offset) }
            .map(\.element)
    }

    public static let empty = AdTimeline(breaks: [])

    public var totalAdDuration: Double { breaks.reduce(0) { $0 + $1.duration } }

    /// Where break `index` begins and ends in the stream.
    public func streamRange(ofBreak index: Int) -> ClosedRange<Double> {
        let start = breaks[index].contentOffset + breaks[..<index].reduce(0) { $0 + $1.duration }
        return start...(start + breaks[index].duration)
    }

    /// The stream time of a content time: after every break at or before it (content 0 follows a pre-roll).
    public func streamTime(atContent seconds: Double) -> Double {
        seconds + breaks.lazy.filter { $0.contentOffset <= seconds }.reduce(0) { $0 + $1.duration }
    }

    /// The content time of a stream time; inside a break, the break's content offset.
    public func contentTime(atStream seconds: Double) -> Double {
        var before = 0.0
        for (index, adBreak) in breaks.enumerated() {
            let range = streamRange(ofBreak: index)
            if seconds < range.lowerBound { break }
            if seconds < range.upperBound { return adBreak.contentOffset }
            before += adBreak.duration
        }
        return max(0, seconds - before)
    }

    /// What plays at a stream time, inside a break: the break, the ad, and the seconds into each.
    public struct Position: Sendable, Equatable {
        public var breakIndex: Int
        public var adIndex: Int
        public var secondsIntoBreak: Double
        public var secondsIntoAd: Double

        public init(breakIndex: Int, adIndex: Int, secondsIntoBreak: Double, secondsIntoAd: Double) {
            self.breakIndex = breakIndex
            self.adIndex = adIndex
            self.secondsIntoBreak = secondsIntoBreak
            self.secondsIntoAd = secondsIntoAd
        }
    }

    public func adPosition(atStream seconds: Double) -> Position? {
        for index in breaks.indices {
            let range = streamRange(ofBreak: index)
            guard seconds >= range.lowerBound, seconds < range.upperBound else { continue }
            var into = seconds - range.lowerBound
            for (adIndex, ad) in breaks[index].ads.enumerated() {
                if into < ad.duration || adIndex == breaks[index].ads.count - 1 {
                    return Position(breakIndex: index, adIndex: adIndex, secondsIntoBreak: seconds - range.lowerBound,
                                    secondsIntoAd: into)
                }
                into -= ad.duration
            }
        }
        return nil
    }

    /// The content's length in a stream of `streamLength` seconds.
    public func contentLength(ofStream streamLength: Double) -> Double {
        max(0, streamLength - totalAdDuration)
    }
}
