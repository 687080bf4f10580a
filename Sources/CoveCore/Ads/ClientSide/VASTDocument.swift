import FoundationEssentials

/// A VAST response (2.0 to 4.3) as Cove plays it: its ads in document order, and the root's `Error` addresses, which
/// are for a response without any ad.
public struct VASTDocument: Sendable, Equatable {
    public var version: String?
    public var ads: [VASTAd]
    public var errors: [URL]

    public init(version: String? = nil, ads: [VASTAd] = [], errors: [URL] = []) {
        self.version = version
        self.ads = ads
        self.errors = errors
    }

    /// The ads of a pod (those with a `sequence`) in their order; nil when the response has none.
    public var pod: [VASTAd]? {
        let sequenced = ads.filter { $0.sequence != nil }
        guard !sequenced.isEmpty else { return nil }
        return sequenced.enumerated().sorted { ($0.element.sequence!, $0.offset) < ($1.element.sequence!, $1.offset) }
            .map(\.element)
    }

    /// The stand-alone ads: a buffet that replaces pod ads that fail, or the ads played when there is no pod.
    public var standAlone: [VASTAd] { ads.filter { $0.sequence == nil } }
}

/// One `Ad`: an InLine that carries its creative, or a Wrapper that points to the next response.
public struct VASTAd: Sendable, Equatable {
    public var id: String?
    public var sequence: Int?
    public var adSystem: String?
    public var title: String?
    public var kind: Kind
    /// Every `Impression`, sent at the same moment when the ad's first frame shows.
    public var impressions: [URL]
    /// `Error` addresses, sent with `[ERRORCODE]` when the ad (or anything it led to) fails.
    public var errors: [URL]
    /// The linear creative (a wrapper's carries only tracking and click tracking); nil when the ad has none.
    public var linear: VASTLinear?
    /// Whether the ad has a NonLinear creative (overlays are not shown by Cove; its linear, if any, plays).
    public var hasNonLinear: Bool
    public var companions: [VASTCompanion]
    public var verifications: [VASTVerification]
    /// The creative's registry and value (`UniversalAdId`), as ad operations name it.
    public var universalAdID: String?

    public enum Kind: Sendable, Equatable {
        case inline
        case wrapper(VASTWrapper)
    }

    public init(id: String? = nil, sequence: Int? = nil, adSystem: String? = nil, title: String? = nil,
                kind: Kind = .inline, impressions: [URL] = [], errors: [URL] = [], linear: VASTLinear? = nil,
                hasNonLinear: Bool = false, companions: [VASTCompanion] = [], verifications: [VASTVerification] = [],
                universalAdID: String? = nil) {
        self.id = id
        self.sequence = sequence
        self.adSystem = adSystem
        self.title = title
        self.kind = kind
        self.impressions = impressions
        self.errors = errors
        self.linear = linear
        self.hasNonLinear = hasNonLinear
        self.companions = companions
        self.verifications = verifications
        self.universalAdID = universalAdID
    }

    public var wrapper: VASTWrapper? {
        if case .wrapper(let wrapper) = kind { wrapper } else { nil }
    }
}

/// Where a Wrapper leads and what it allows there.
public struct VASTWrapper: Sendable, Equatable {
    /// `VASTAdTagURI`: nil when it was missing or not an http(s) address.
    public var tagURI: URL?
    /// Whether the response it leads to may itself be a wrapper (default true).
    public var followAdditionalWrappers: Bool
    /// Whether the response it leads to may be a pod (default false).
    public var allowMultipleAds: Bool
    /// Whether the buffet of the response this wrapper sits in may replace it when it leads to no ad.
    public var fallbackOnNoAd: Bool

    public init(tagURI: URL?, followAdditionalWrappers: Bool = true, allowMultipleAds: Bool = false,
                fallbackOnNoAd: Bool = false) {
        self.tagURI = tagURI
        self.followAdditionalWrappers = followAdditionalWrappers
        self.allowMultipleAds = allowMultipleAds
        self.fallbackOnNoAd = fallbackOnNoAd
    }
}
