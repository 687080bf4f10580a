import FoundationEssentials

/// A VMAP 1.0.1 response for client-side ads (ad rules): where each break goes and where its ads come from.
public struct AdRules: Sendable, Equatable {
    public var breaks: [AdRulesBreak]

    public init(breaks: [AdRulesBreak] = []) {
        self.breaks = breaks
    }
}

/// One `AdBreak` of ad rules.
public struct AdRulesBreak: Sendable, Equatable {
    public enum TimeOffset: Sendable, Equatable {
        case start
        case end
        case seconds(Double)
        case percent(Double)
        /// `#m`: the m-th break opportunity (Cove's are the video's ad cue points, in order).
        case position(Int)
    }

    public enum Source: Sendable, Equatable {
        /// `VASTAdData` (or `VASTData`): the response is in the document.
        case inline(VASTDocument)
        /// `AdTagURI`: fetched when the break comes.
        case tag(URL)
    }

    public var id: String?
    public var timeOffset: TimeOffset
    /// `linear`, `nonlinear`, `display` (a comma-separated list); Cove plays linear breaks.
    public var breakType: String
    public var source: Source?
    /// Whether the source may answer a pod (unset: yes).
    public var allowMultipleAds: Bool
    /// Whether wrappers are followed (unset: Cove's choice, yes).
    public var followRedirects: Bool
    public var breakStart: [URL]
    public var breakEnd: [URL]
    /// `error` addresses, with `[ERRORCODE]`.
    public var errors: [URL]

    public init(id: String? = nil, timeOffset: TimeOffset, breakType: String = "linear", source: Source? = nil,
                allowMultipleAds: Bool = true, followRedirects: Bool = true, breakStart: [URL] = [],
                breakEnd: [URL] = [], errors: [URL] = []) {
        self.id = id
        self.timeOffset = timeOffset
        self.breakType = breakType
        self.source = source
        self.allowMultipleAds = allowMultipleAds
        self.followRedirects = followRedirects
        self.breakStart = breakStart
        self.breakEnd = breakEnd
        self.errors = errors
    }

    public var isLinear: Bool {
        breakType.split(separator: ",").contains { trimmingWhitespace(String($0)).lowercased() == "linear" }
    }
}
