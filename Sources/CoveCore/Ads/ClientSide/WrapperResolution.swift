import FoundationEssentials

/// Why fetching or reading the next response of a wrapper failed, as its VAST error code says (301 for a fetch
/// that failed or timed out, 100 to 102 for an answer that did not read).
public struct AdFetchFailure: Error, Sendable, Equatable {
    public var code: VASTErrorCode
    public var detail: Wording

    public init(code: VASTErrorCode, detail: Wording) {
        self.code = code
        self.detail = detail
    }
}

/// Fetches and reads one VAST response (the app's goes over libcurl, with the ad timeout and size cap).
public typealias VASTFetch = @Sendable (URL) async -> Result<VASTDocument, AdFetchFailure>

/// What resolving a response gave: the ads to play in order, the errors to send, and what happened on the way.
public struct AdResolution: Sendable, Equatable {
    public var ads: [ResolvedAd] = []
    /// Each failure with the addresses it goes to (`[ERRORCODE]` filled when sent).
    public var errors: [AdError] = []
    /// Every wrapper hop, for the ad inspector.
    public var hops: [WrapperHop] = []

    public init() {}
}

/// One failure of an ad, for its `Error` addresses and the inspector.
public struct AdError: Sendable, Equatable {
    public var code: VASTErrorCode
    public var addresses: [URL]
    public var detail: Wording

    public init(code: VASTErrorCode, addresses: [URL], detail: Wording) {
        self.code = code
        self.addresses = addresses
        self.detail = detail
    }
}

/// A wrapper's request: its address, how deep it sits, and how it went.
public struct WrapperHop: Sendable, Equatable {
    public var url: URL
    public var depth: Int
    /// Nil when the response came; else the failure.
    public var failure: AdFetchFailure?
    /// How long the answer took.
    public var seconds: Double

    public init(url: URL, depth: Int, failure: AdFetchFailure?, seconds: Double = 0) {
        self.url = url
        self.depth = depth
        self.failure = failure
        self.seconds = seconds
    }
}

/// Follows wrappers to InLine ads (IAB VAST 4.3 §2.3.5 and §3.3): a pod plays in sequence order, and its stand-alone
/// ads are a buffet that replaces pod ads that fail; without a pod, the first stand-alone ad that resolves plays.
/// Past `limit` wrappers, error 302 goes to every wrapper of the chain; a chain that ends without an ad earns 303.
public struct WrapperResolver: Sendable {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    public var limit: Int
    public var fetch: VASTFetch

    public init(limit: Int = 5, fetch: @escaping VASTFetch) {
        self.limit = limit
        self.fetch = fetch
    }

    /// The ads of `document` (fetched at depth 0, or inline in ad rules). `allowMultipleAds` false takes only the
    /// first stand-alone ad (a VMAP source's or a wrapper's rule).
    public func resolve(_ document: VASTDocument, allowMultipleAds: Bool = true,
                        followWrappers: Bool = true) async -> AdResolution {
        var resolution = AdResolution()
        let ads = await resolve(document, chain: [], allowMultipleAds: allowMultipleAds, followWrappers: followWrappers,
                                into: &resolution)
        resolution.ads = ads
        return resolution
    }

    private func resolve(_ document: VASTDocument, chain: [VASTAd], allowMultipleAds: Bool, followWrappers: Bool,
                         into resolution: inout AdResolution) async -> [ResolvedAd] {
        let pod = allowMultipleAds ? document.pod : nil
        var buffet = document.standAlone[...]
        if pod == nil, buffet.isEmpty {
            // No ad that may play: 303 (as IMA and vast-client-js send it for an empty answer too) to the root's
            // errors and the chain's.
            resolution.errors.append(AdError(code: .noAdAfterWrappers, addresses: document.errors + chain.flatMap(\.errors),
                                             detail: Wording(document.ads.isEmpty ? trNoop("no ad in the response")
                                                : trNoop("a pod where only one stand-alone ad may play"))))
            return []
        }
        guard let pod else {
            while let next = buffet.popFirst() {
                let resolved = await resolve(next, chain: chain, followWrappers: followWrappers, into: &resolution)
                if !resolved.isEmpty { return resolved }
            }
            return []
        }
        var played: [ResolvedAd] = []
        for ad in pod {
            var resolved = await resolve(ad, chain: chain, followWrappers: followWrappers, into: &resolution)
            // A pod's wrapper that leads to no ad is replaced from the buffet when it allows it (`fallbackOnNoAd`).
            while resolved.isEmpty, ad.wrapper?.fallbackOnNoAd == true, let replacement = buffet.popFirst() {
                resolved = await resolve(replacement, chain: chain, followWrappers: followWrappers, into: &resolution)
            }
            played += resolved
        }
        return played
    }

    private func resolve(_ ad: VASTAd, chain: [VASTAd], followWrappers: Bool,
                         into resolution: inout AdResolution) async -> [ResolvedAd] {
        guard let wrapper = ad.wrapper else { return [ResolvedAd(inline: ad, wrappers: chain)] }
        let chain = chain + [ad]
        func fail(_ code: VASTErrorCode, _ detail: Wording) -> [ResolvedAd] {
            resolution.errors.append(AdError(code: code, addresses: chain.flatMap(\.errors), detail: detail))
            return []
        }
        guard followWrappers else { return fail(.wrapperGeneral, Wording(trNoop("a wrapper where none may follow"))) }
        guard chain.count <= limit else { return fail(.wrapperLimit, Wording(trNoop("more than %@ wrappers"), String(limit))) }
        guard let url = wrapper.tagURI else { return fail(.wrapperGeneral, Wording(trNoop("a wrapper without a web address"))) }
        let started = ContinuousClock.now
        let answer = await fetch(url)
        let seconds = Self.seconds(started.duration(to: .now))
        switch answer {
        case .failure(let failure):
            resolution.hops.append(WrapperHop(url: url, depth: chain.count, failure: failure, seconds: seconds))
            return fail(failure.code, failure.detail)
        case .success(let next):
            resolution.hops.append(WrapperHop(url: url, depth: chain.count, failure: nil, seconds: seconds))
            return await resolve(next, chain: chain, allowMultipleAds: wrapper.allowMultipleAds,
                                 followWrappers: wrapper.followAdditionalWrappers, into: &resolution)
        }
    }
}
