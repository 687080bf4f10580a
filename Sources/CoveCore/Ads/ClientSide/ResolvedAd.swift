import FoundationEssentials

/// An InLine ad with the wrappers that led to it (outermost first): what it plays comes from the InLine, and what
/// it sends comes from every ad of the chain (IAB VAST 4.3 §2.3.5: each wrapper's impressions and tracking fire
/// with the ad's own).
public struct ResolvedAd: Sendable, Equatable {
    public var inline: VASTAd
    public var wrappers: [VASTAd]

    public init(inline: VASTAd, wrappers: [VASTAd] = []) {
        self.inline = inline
        self.wrappers = wrappers
    }

    private var chain: [VASTAd] { wrappers + [inline] }

    public var impressions: [URL] { chain.flatMap(\.impressions) }
    public var errors: [URL] { chain.flatMap(\.errors) }
    public var clickTracking: [URL] { chain.flatMap { $0.linear?.clickTracking ?? [] } }
    /// The InLine's click-through wins over any a wrapper names.
    public var clickThrough: URL? { chain.reversed().lazy.compactMap { $0.linear?.clickThrough }.first }
    public var tracking: [VASTTracking] { chain.flatMap { $0.linear?.tracking ?? [] } }
    public var verifications: [VASTVerification] { chain.flatMap(\.verifications) }
    /// One icon per program, the one closest to the InLine.
    public var icons: [VASTIcon] {
        var seen = Set<String>()
        return chain.reversed().flatMap { $0.linear?.icons ?? [] }.filter { icon in
            guard let program = icon.program else { return true }
            return seen.insert(program).inserted
        }
    }
    public var companions: [VASTCompanion] { chain.reversed().lazy.map(\.companions).first { !$0.isEmpty } ?? [] }
    /// What Cove can show of them: icons and the first companion with a static image.
    public var shownIcons: [VASTIcon] { icons.filter { $0.image != nil } }
    public var shownCompanion: VASTCompanion? { companions.first { $0.image != nil } }

    /// The addresses of `event` (a `Tracking` event name), in chain order.
    public func tracking(_ event: String) -> [URL] {
        tracking.filter { $0.event == event }.map(\.url)
    }
}
