import FoundationEssentials

/// Follows the playhead through a stitched stream's ad breaks and says what each step means: the lifecycle events
/// (AdSequenceEnter, AdEnter, …) and the beacons the ad server counts, each once and in the order a viewer lives
/// them. Pure: the controller feeds it stream positions and the viewer's pauses, skips and clicks, and sends what
/// it returns.
public struct AdTracker: Sendable {
    public enum Output: Sendable, Equatable {
        case event(PlaybackEvent)
        case beacons([URL])
    }

    public let timeline: AdTimeline
    /// Content impression beacons (the VMAP extension's), sent when the content first plays.
    public let contentImpressions: [URL]
    /// The ad playing, by break and ad; nil in the content.
    public private(set) var current: AdTimeline.Position?
    /// Breaks that have begun playing at least once (their slider ticks are drawn as played).
    public private(set) var playedBreaks: Set<Int> = []
    /// Quartiles (1…3) of the current ad already reported.
    private var quartilesSent = 0
    private var isPaused = false
    /// The current ad was skipped: leaving it sends no `complete`.
    private var skippedCurrent = false
    private var contentImpressionSent = false

    /// How far past an ad's end a position may land and still count as having played it to the end: positions are
    /// polled, and the poll after the end can come a little late.
    static let endSlack = 3.0

    public init(timeline: AdTimeline, contentImpressions: [URL] = []) {
        self.timeline = timeline
        self.contentImpressions = contentImpressions
    }

    public var currentAd: LinearAd? { current.map { timeline.breaks[$0.breakIndex].ads[$0.adIndex] } }

    /// The playhead is at `seconds` of the stream. While `playing`, reaching the content sends its impressions.
    public mutating func advance(toStream seconds: Double, playing: Bool) -> [Output] {
        let now = timeline.adPosition(atStream: seconds)
        var out: [Output] = []
        var breakGoesOn = false
        if let was = current, now.map({ $0.breakIndex != was.breakIndex || $0.adIndex != was.adIndex }) ?? true {
            let ad = timeline.breaks[was.breakIndex].ads[was.adIndex]
            let end = adStreamRange(was).upperBound
            let next = now.map { $0.breakIndex == was.breakIndex && $0.adIndex == was.adIndex + 1 } ?? false
            let reachedEnd = next || (now == nil && seconds >= end - 0.75 && seconds <= end + Self.endSlack)
            if !skippedCurrent && reachedEnd {
                out += quartiles(upTo: 3, of: ad)
                out.append(.beacons(ad.beacons["complete"] ?? []))
            }
            out.append(.event(.ad(.adExit, info(was))))
            breakGoesOn = now?.breakIndex == was.breakIndex
            if !breakGoesOn { out += exitBreak(was.breakIndex) }
            current = nil
        }
        if let now {
            if current == nil {
                if !breakGoesOn { out += enterBreak(now.breakIndex) }
                out += enterAd(now)
            }
            current = now
            out += quartiles(upTo: Int((now.secondsIntoAd / max(0.001, adDuration(now)) * 4).rounded(.down)),
                             of: timeline.breaks[now.breakIndex].ads[now.adIndex])
        } else if playing, !contentImpressionSent {
            contentImpressionSent = true
            out.append(.beacons(contentImpressions))
        }
        return out.filter { if case .beacons(let urls) = $0 { !urls.isEmpty } else { true } }
    }

    /// The stream ended (a post-roll's last frame is the stream's): the ad and its break end there.
    public mutating func finish() -> [Output] {
        guard let was = current else { return [] }
        return advance(toStream: adStreamRange(was).upperBound, playing: false)
    }

    public mutating func pause() -> [Output] {
        guard let position = current, !isPaused else { return [] }
        isPaused = true
        return [.event(.ad(.adPause, info(position))), .beacons(currentAd?.beacons["pause"] ?? [])]
            .filter(\.isWorthSending)
    }

    public mutating func resume() -> [Output] {
        guard let position = current, isPaused else { return [] }
        isPaused = false
        return [.event(.ad(.adResume, info(position))), .beacons(currentAd?.beacons["resume"] ?? [])]
            .filter(\.isWorthSending)
    }

    /// Whether the ad playing may be skipped at `seconds` of the stream.
    public func canSkip(atStream seconds: Double) -> Bool {
        guard let position = current, !skippedCurrent, let offset = currentAd?.skipOffset else { return false }
        return seconds - adStreamRange(position).lowerBound >= offset
    }

    /// Skips the ad playing: `skip` beacons and AdSkipped now, AdExit when the playhead leaves it (no `complete`).
    /// Returns where the stream should go (the ad's end), or nil when it cannot be skipped.
    public mutating func skip(atStream seconds: Double) -> (outputs: [Output], streamTarget: Double)? {
        guard canSkip(atStream: seconds), let position = current else { return nil }
        skippedCurrent = true
        let outputs: [Output] = [.beacons(currentAd?.beacons["skip"] ?? []), .event(.ad(.adSkipped, info(position)))]
        return (outputs.filter(\.isWorthSending), adStreamRange(position).upperBound)
    }

    /// The viewer chose Learn More: the ad's click-tracking beacons, and the page to open.
    public func clickThrough() -> (outputs: [Output], url: URL)? {
        guard let ad = currentAd, let url = ad.clickThrough else { return nil }
        return ([Output.beacons(ad.beacons["ClickTracking"] ?? [])].filter(\.isWorthSending), url)
    }

    /// Playback failed during an ad: its `error` beacons.
    public func failure() -> [Output] {
        [Output.beacons(currentAd?.beacons["error"] ?? [])].filter(\.isWorthSending)
    }

    /// The ad playing as its events describe it.
    public func info(_ position: AdTimeline.Position) -> AdInfo {
        let adBreak = timeline.breaks[position.breakIndex]
        let ad = adBreak.ads[position.adIndex]
        return AdInfo(id: ad.id, title: ad.title, duration: ad.duration, index: position.adIndex,
                      count: adBreak.ads.count, skipOffset: ad.skipOffset)
    }

    public func sequenceInfo(_ index: Int) -> AdSequenceInfo {
        let adBreak = timeline.breaks[index]
        return AdSequenceInfo(index: index, id: adBreak.id, contentTime: adBreak.contentOffset,
                              streamTime: timeline.streamRange(ofBreak: index).lowerBound,
                              duration: adBreak.duration, adCount: adBreak.ads.count)
    }

    // MARK: - Steps

    private mutating func enterBreak(_ index: Int) -> [Output] {
        playedBreaks.insert(index)
        return [.beacons(timeline.breaks[index].beacons["breakStart"] ?? []),
                .event(.adSequence(.adSequenceEnter, sequenceInfo(index)))]
    }

    private func exitBreak(_ index: Int) -> [Output] {
        [.event(.adSequence(.adSequenceExit, sequenceInfo(index))),
         .beacons(timeline.breaks[index].beacons["breakEnd"] ?? [])]
    }

    private mutating func enterAd(_ position: AdTimeline.Position) -> [Output] {
        quartilesSent = 0
        skippedCurrent = false
        isPaused = false
        let ad = timeline.breaks[position.breakIndex].ads[position.adIndex]
        let beacons = ["Impression", "creativeView", "start"].flatMap { ad.beacons[$0] ?? [] }
        return [.event(.ad(.adEnter, info(position))), .beacons(beacons)]
    }

    private mutating func quartiles(upTo reached: Int, of ad: LinearAd) -> [Output] {
        let names = ["firstQuartile", "midpoint", "thirdQuartile"]
        var out: [Output] = []
        while quartilesSent < min(3, reached) {
            out.append(.beacons(ad.beacons[names[quartilesSent]] ?? []))
            quartilesSent += 1
        }
        return out
    }

    private func adDuration(_ position: AdTimeline.Position) -> Double {
        timeline.breaks[position.breakIndex].ads[position.adIndex].duration
    }

    /// Where an ad begins and ends in the stream.
    public func adStreamRange(_ position: AdTimeline.Position) -> ClosedRange<Double> {
        let start = timeline.streamRange(ofBreak: position.breakIndex).lowerBound
            + timeline.breaks[position.breakIndex].ads[..<position.adIndex].reduce(0) { $0 + $1.duration }
        return start...(start + adDuration(position))
    }
}

private extension AdTracker.Output {
    var isWorthSending: Bool { if case .beacons(let urls) = self { !urls.isEmpty } else { true } }
}
