import FoundationEssentials

/// One linear ad of a break, as its VAST says (the stream already carries it: server-side ad insertion).
public struct LinearAd: Sendable, Equatable {
    public var id: String?
    public var title: String?
    /// Seconds of stream the ad fills.
    public var duration: Double
    /// Seconds into the ad after which it may be skipped (VAST `skipoffset`); nil: not skippable.
    public var skipOffset: Double?
    public var clickThrough: URL?
    /// Beacon addresses by VAST event name (`Impression`, `creativeView`, `start`, `firstQuartile`, …,
    /// `ClickTracking`), in document order.
    public var beacons: [String: [URL]]

    public init(id: String? = nil, title: String? = nil, duration: Double, skipOffset: Double? = nil,
                clickThrough: URL? = nil, beacons: [String: [URL]] = [:]) {
        self.id = id
        self.title = title
        self.duration = duration
        self.skipOffset = skipOffset
        self.clickThrough = clickThrough
        self.beacons = beacons
    }
}
