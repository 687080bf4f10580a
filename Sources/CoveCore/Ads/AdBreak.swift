import FoundationEssentials

/// A VMAP ad break: where it sits in the content and the ads it plays, one after the other.
public struct AdBreak: Sendable, Equatable {
    public var id: String?
    /// Content seconds (VMAP `timeOffset`; `end` is the content's length).
    public var contentOffset: Double
    public var ads: [LinearAd]
    /// The VMAP's own `breakStart`/`breakEnd` beacons.
    public var beacons: [String: [URL]]

    public init(id: String? = nil, contentOffset: Double, ads: [LinearAd], beacons: [String: [URL]] = [:]) {
        self.id = id
        self.contentOffset = contentOffset
        self.ads = ads
        self.beacons = beacons
    }

    public var duration: Double { ads.reduce(0) { $0 + $1.duration } }
}
