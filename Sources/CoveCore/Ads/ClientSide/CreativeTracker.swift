import FoundationEssentials

/// Follows one linear creative playing in a player of its own and says which beacons each moment sends (IAB VAST
/// 4.3 §3.14): all impressions at once with `creativeView` and `start` at the first frame, quartiles as the ad
/// plays, `progress` offsets once each, `complete` at its end (not after a skip), and the viewer's actions (pause,
/// resume, mute, unmute, skip, click, fullscreen, leaving it) each time they happen. Pure: the controller feeds it the
/// creative's clock and the viewer's actions, and sends what it returns with the macros filled.
public struct CreativeTracker: Sendable, Equatable {
    public let ad: ResolvedAd
    /// Seconds of the creative (its `Duration`, else what its player measured).
    public private(set) var duration: Double
    public private(set) var hasStarted = false
    public private(set) var isFinished = false
    private var quartilesSent = 0
    private var progressSent: Set<Int> = []
    private var isPaused = false

    public init(ad: ResolvedAd, duration: Double) {
        self.ad = ad
        self.duration = duration
    }

    /// The creative's player opened it: `loaded`, and to every verification vendor, `verificationNotExecuted`
    /// (Cove runs no verification script: reason 2, not supported).
    public mutating func loaded() -> [AdBeacon] {
        [AdBeacon(urls: ad.tracking("loaded"))]
            + [AdBeacon(urls: ad.verifications.flatMap(\.notExecuted), reason: 2)]
    }

    /// Its first frame shows: every impression at the same moment, `creativeView` and `start`.
    public mutating func start() -> [AdBeacon] {
        guard !hasStarted else { return [] }
        hasStarted = true
        return [AdBeacon(urls: ad.impressions + ad.tracking("creativeView") + ad.tracking("start"))]
    }

    /// The creative's clock is at `seconds`.
    public mutating func advance(to seconds: Double) -> [AdBeacon] {
        guard hasStarted, !isFinished else { return [] }
        var urls: [URL] = []
        let quartile = duration > 0 ? min(3, Int((seconds / duration * 4).rounded(.down))) : 0
        urls += quartiles(upTo: quartile)
        for (index, tracking) in ad.tracking.enumerated() where tracking.event == "progress" {
            guard let offset = tracking.offset, !progressSent.contains(index),
                  seconds >= offset.seconds(of: duration) else { continue }
            progressSent.insert(index)
            urls.append(tracking.url)
        }
        return [AdBeacon(urls: urls)]
    }

    /// It played to its end.
    public mutating func complete() -> [AdBeacon] {
        guard hasStarted, !isFinished else { return [] }
        let rest = advance(to: duration)
        isFinished = true
        return rest + [AdBeacon(urls: quartiles(upTo: 3) + ad.tracking("complete"))]
    }

    /// The viewer skipped it: `skip`, and never `complete`.
    public mutating func skip() -> [AdBeacon] {
        guard !isFinished else { return [] }
        isFinished = true
        return [AdBeacon(urls: ad.tracking("skip"))]
    }

    /// The viewer left it before its end (another video, or Cove closed): `closeLinear`, and never `complete`.
    public mutating func close() -> [AdBeacon] {
        guard hasStarted, !isFinished else { return [] }
        isFinished = true
        return [AdBeacon(urls: ad.tracking("closeLinear"))]
    }

    /// It could not play: its `Error` addresses and every wrapper's, with the code.
    public mutating func fail(_ code: VASTErrorCode) -> [AdBeacon] {
        guard !isFinished else { return [] }
        isFinished = true
        return [AdBeacon(urls: ad.errors, errorCode: code)]
    }

    public mutating func pause() -> [AdBeacon] {
        guard hasStarted, !isFinished, !isPaused else { return [] }
        isPaused = true
        return [AdBeacon(urls: ad.tracking("pause"))]
    }

    public mutating func resume() -> [AdBeacon] {
        guard isPaused, !isFinished else { return [] }
        isPaused = false
        return [AdBeacon(urls: ad.tracking("resume"))]
    }

    /// The viewer muted or unmuted the player while the ad played.
    public func muted(_ muted: Bool) -> [AdBeacon] {
        guard hasStarted, !isFinished else { return [] }
        return [AdBeacon(urls: ad.tracking(muted ? "mute" : "unmute"))]
    }

    /// The player went fullscreen, or left it: VAST 4's `playerExpand`/`playerCollapse` and VAST 2 and 3's
    /// `fullscreen`/`exitFullscreen`, which ad servers of those versions still traffic (as vast-client-js sends both).
    public func expanded(_ expanded: Bool) -> [AdBeacon] {
        guard hasStarted, !isFinished else { return [] }
        return [AdBeacon(urls: ad.tracking(expanded ? "fullscreen" : "exitFullscreen")
                             + ad.tracking(expanded ? "playerExpand" : "playerCollapse"))]
    }

    /// The viewer chose Learn More.
    public func clicked() -> [AdBeacon] {
        [AdBeacon(urls: ad.clickTracking)]
    }

    private mutating func quartiles(upTo quartile: Int) -> [URL] {
        let names = ["firstQuartile", "midpoint", "thirdQuartile"]
        var urls: [URL] = []
        while quartilesSent < quartile {
            urls += ad.tracking(names[quartilesSent])
            quartilesSent += 1
        }
        return urls
    }
}

/// Addresses to request now, with what their macros need beyond the moment's context.
public struct AdBeacon: Sendable, Equatable {
    public var urls: [URL]
    public var errorCode: VASTErrorCode?
    public var reason: Int?

    public init(urls: [URL], errorCode: VASTErrorCode? = nil, reason: Int? = nil) {
        self.urls = urls
        self.errorCode = errorCode
        self.reason = reason
    }
}
