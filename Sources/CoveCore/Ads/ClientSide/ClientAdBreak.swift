import FoundationEssentials

/// A client-side ad break of a video: where in the content it plays and where its ads come from.
public struct ClientAdBreak: Sendable, Equatable {
    public var id: String?
    /// Content seconds; `.infinity` for a post-roll (after the content's end).
    public var contentTime: Double
    public var source: AdRulesBreak.Source
    public var allowMultipleAds: Bool
    public var followRedirects: Bool
    public var breakStart: [URL]
    public var breakEnd: [URL]
    public var errors: [URL]

    public init(id: String? = nil, contentTime: Double, source: AdRulesBreak.Source, allowMultipleAds: Bool = true,
                followRedirects: Bool = true, breakStart: [URL] = [], breakEnd: [URL] = [], errors: [URL] = []) {
        self.id = id
        self.contentTime = contentTime
        self.source = source
        self.allowMultipleAds = allowMultipleAds
        self.followRedirects = followRedirects
        self.breakStart = breakStart
        self.breakEnd = breakEnd
        self.errors = errors
    }

    public var position: AdMacroContext.BreakPosition {
        contentTime <= 0 ? .preRoll : contentTime.isInfinite ? .postRoll : .midRoll
    }

    /// The breaks of ad rules for content of `duration` seconds (nil: not known yet, or live), in content order:
    /// linear breaks with a source; `n%` needs the duration, `#m` the m-th of `opportunities` (the video's ad cue
    /// points). What cannot be placed is left out.
    public static func schedule(_ rules: AdRules, duration: Double?, opportunities: [Double]) -> [ClientAdBreak] {
        rules.breaks.compactMap { rule -> ClientAdBreak? in
            guard rule.isLinear, let source = rule.source else { return nil }
            let time: Double?
            switch rule.timeOffset {
            case .start: time = 0
            case .end: time = .infinity
            case .seconds(let seconds): time = seconds
            case .percent(let percent):
                time = duration.map { percent >= 100 ? .infinity : $0 * (percent / 100) }
            case .position(let m): time = opportunities.indices.contains(m - 1) ? opportunities[m - 1] : nil
            }
            guard let time, !time.isNaN else { return nil }
            return ClientAdBreak(id: rule.id, contentTime: time, source: source, allowMultipleAds: rule.allowMultipleAds,
                                 followRedirects: rule.followRedirects, breakStart: rule.breakStart,
                                 breakEnd: rule.breakEnd, errors: rule.errors)
        }
        .enumerated().sorted { ($0.element.contentTime, $0.offset) < ($1.element.contentTime, $1.offset) }.map(\.element)
    }
}

/// Which unplayed breaks a forward seek plays (the SDK's cue-point progress policy): the last one crossed (the
/// default), the first, or all of them; the content then resumes at the seek's target.
public enum AdSeekPolicy: String, Sendable, CaseIterable {
    case last, first, all

    /// The breaks (indices into `breaks`) to play when the content moves from `from` to `to`, among `unplayed`.
    public func breaksCrossed(from: Double, to: Double, in breaks: [ClientAdBreak], unplayed: Set<Int>) -> [Int] {
        guard to > from else { return [] }
        let crossed = breaks.indices.filter { index in
            unplayed.contains(index) && breaks[index].contentTime > from && breaks[index].contentTime <= to
        }
        switch self {
        case .last: return crossed.last.map { [$0] } ?? []
        case .first: return crossed.first.map { [$0] } ?? []
        case .all: return crossed
        }
    }
}
