/// Where one video's SSAI documents, beacons and click-throughs live below the emulator's base URL
/// (`http://127.0.0.1:PORT`). Every beacon a generated VMAP names points back at the emulator's beacon sink, so a
/// test reads what a player sent, and when, from `PlaybackAPIEmulator.beaconHits`.
///
/// - `{base}/ssai/{videoKey}/content.vmap`: the VMAP (a catalog document)
/// - `{base}/beacons/{videoKey}/{breakId}/{adId}/{event}`: ad events (`Impression`, `creativeView`, `start`,
///   `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`, `pause`, `resume`, `skip`, `ClickTracking`)
/// - `{base}/beacons/{videoKey}/{breakId}/breakStart` and `…/breakEnd`: break events
/// - `{base}/beacons/{videoKey}/content/impression`: the content impression
/// - `{base}/clickthrough/{adId}`: an ad's landing page (a small HTML page)
public struct SSAIAddresses: Sendable, Equatable {
    public static let beaconPrefix = "/beacons/"
    public static let clickThroughPrefix = "/clickthrough/"
    /// The ad events a generated Linear tracks (besides `Impression` and `ClickTracking`).
    public static let trackingEvents = ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
                                        "complete", "pause", "resume", "skip"]

    public var baseURL: String
    /// A path segment naming the video, usually its ID.
    public var videoKey: String

    public init(baseURL: String, videoKey: String) {
        self.baseURL = baseURL
        self.videoKey = videoKey
    }

    public static func vmapPath(videoKey: String) -> String { "/ssai/\(videoKey)/content.vmap" }

    public var vmapPath: String { Self.vmapPath(videoKey: videoKey) }
    public var vmapURL: String { baseURL + vmapPath }

    public func adBeacon(breakID: String, adID: String, event: String) -> String {
        baseURL + Self.beaconPrefix + "\(videoKey)/\(breakID)/\(adID)/\(event)"
    }

    public func breakBeacon(breakID: String, event: String) -> String {
        baseURL + Self.beaconPrefix + "\(videoKey)/\(breakID)/\(event)"
    }

    public var contentImpression: String { baseURL + Self.beaconPrefix + "\(videoKey)/content/impression" }

    public func clickThrough(adID: String) -> String { baseURL + Self.clickThroughPrefix + adID }
}
