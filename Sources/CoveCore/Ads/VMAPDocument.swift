import FoundationEssentials

/// What a Brightcove SSAI VMAP says: the stitched stream to play, its lengths, and the ad breaks in content time.
public struct VMAPDocument: Sendable, Equatable {
    /// The stitched stream (`bc:Brightcove/@contenturi`, or the legacy `uo:unicornOnce/@contenturi`).
    public var contentURL: URL?
    /// Seconds of content (`contentlength`) and of content plus every ad (`payloadlength`).
    public var contentLength: Double?
    public var payloadLength: Double?
    public var timeline: AdTimeline
    /// Content impression beacons (the extension's `contentImpressions`).
    public var contentImpressions: [URL]
    /// What was left out and why (an ad with two Linear elements, an offset or duration that does not read), for
    /// warning events; the rest of the document still plays.
    public var leftOut: [String]

    public init(contentURL: URL? = nil, contentLength: Double? = nil, payloadLength: Double? = nil,
                timeline: AdTimeline = .empty, contentImpressions: [URL] = [], leftOut: [String] = []) {
        self.contentURL = contentURL
        self.contentLength = contentLength
        self.payloadLength = payloadLength
        self.timeline = timeline
        self.contentImpressions = contentImpressions
        self.leftOut = leftOut
    }
}

public enum VMAPError: Error, Sendable, Equatable {
    /// Not well-formed XML, or not a VMAP document.
    case unreadable(String)
}
