/// What a stitched (Server-Side Ad Insertion) stream holds: content seconds and the ad breaks cut into it, in
/// content time. Every length is a whole number of 2 s segments, so each ad's segments add up exactly to the
/// duration its VAST announces.
public struct StitchPlan: Sendable, Equatable {
    public static let segmentSeconds = 2

    public var contentSeconds: Int
    /// Ordered by `contentOffset`, at most one break per offset.
    public var breaks: [StitchBreak]

    public init(contentSeconds: Int, breaks: [StitchBreak]) {
        self.contentSeconds = contentSeconds
        self.breaks = breaks
    }

    /// Content plus every ad: the stream's length (VMAP `payloadlength`).
    public var payloadSeconds: Int { contentSeconds + breaks.reduce(0) { $0 + $1.seconds } }

    /// Where break `index` plays in the stitched stream (stream seconds, end excluded).
    public func streamRange(ofBreak index: Int) -> Range<Int> {
        let start = breaks[index].contentOffset + breaks[..<index].reduce(0) { $0 + $1.seconds }
        return start..<(start + breaks[index].seconds)
    }

    /// The same plan with no ad skippable: same media, a VMAP without `skipoffset`.
    public var withoutSkipOffsets: StitchPlan {
        var plan = self
        for index in plan.breaks.indices {
            for adIndex in plan.breaks[index].ads.indices { plan.breaks[index].ads[adIndex].skipOffset = nil }
        }
        return plan
    }

    /// Throws unless the plan can be cut into whole segments and its identifiers can stand in a URL path.
    public func validate() throws(StitchPlanError) {
        let step = Self.segmentSeconds
        guard contentSeconds > 0, contentSeconds % step == 0 else {
            throw StitchPlanError("content of \(contentSeconds) s is not a positive multiple of \(step) s")
        }
        var previousOffset = -1
        var adIDs: Set<String> = []
        var breakIDs: Set<String> = []
        for adBreak in breaks {
            guard Self.isPathSafe(adBreak.id), breakIDs.insert(adBreak.id).inserted else {
                throw StitchPlanError("break id “\(adBreak.id)” is empty, repeated or not URL-safe")
            }
            guard adBreak.contentOffset > previousOffset, adBreak.contentOffset % step == 0,
                  (0...contentSeconds).contains(adBreak.contentOffset) else {
                throw StitchPlanError("break \(adBreak.id): offset \(adBreak.contentOffset) s is out of order, "
                    + "outside the content or not a multiple of \(step) s")
            }
            previousOffset = adBreak.contentOffset
            guard !adBreak.ads.isEmpty else { throw StitchPlanError("break \(adBreak.id) has no ads") }
            for ad in adBreak.ads {
                guard Self.isPathSafe(ad.id), adIDs.insert(ad.id).inserted else {
                    throw StitchPlanError("ad id “\(ad.id)” is empty, repeated or not URL-safe")
                }
                guard ad.seconds > 0, ad.seconds % step == 0 else {
                    throw StitchPlanError("ad \(ad.id): \(ad.seconds) s is not a positive multiple of \(step) s")
                }
                if let skip = ad.skipOffset, !(0..<ad.seconds).contains(skip) {
                    throw StitchPlanError("ad \(ad.id): skip offset \(skip) s is not within the ad")
                }
            }
        }
    }

    /// Identifiers go into beacon paths unescaped, so they keep to URL-unreserved characters.
    static func isPathSafe(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
        }
    }
}

public struct StitchBreak: Sendable, Equatable {
    public var id: String
    /// Content seconds before the break; `contentSeconds` for a post-roll.
    public var contentOffset: Int
    public var ads: [StitchAd]

    public init(id: String, contentOffset: Int, ads: [StitchAd]) {
        self.id = id
        self.contentOffset = contentOffset
        self.ads = ads
    }

    public var seconds: Int { ads.reduce(0) { $0 + $1.seconds } }
}

public struct StitchAd: Sendable, Equatable {
    public var id: String
    public var title: String
    public var seconds: Int
    /// Seconds into the ad after which it may be skipped; nil when it may not.
    public var skipOffset: Int?

    public init(id: String, title: String, seconds: Int, skipOffset: Int? = nil) {
        self.id = id
        self.title = title
        self.seconds = seconds
        self.skipOffset = skipOffset
    }
}

public struct StitchPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "invalid stitch plan: \(message)" }
}
