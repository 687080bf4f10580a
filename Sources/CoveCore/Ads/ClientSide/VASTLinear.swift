import FoundationEssentials

/// A `Linear` creative: what plays, when it may be skipped, and what is sent while it plays.
public struct VASTLinear: Sendable, Equatable {
    /// Seconds (`Duration`); nil in a wrapper, or when it did not read.
    public var duration: Double?
    public var skipOffset: VASTOffset?
    public var mediaFiles: [VASTMediaFile]
    /// How many `InteractiveCreativeFile`s (SIMID) it carries; Cove runs none of them.
    public var interactiveCreativeFiles: Int
    public var tracking: [VASTTracking]
    public var clickThrough: URL?
    public var clickTracking: [URL]
    public var icons: [VASTIcon]
    public var closedCaptionFiles: [VASTCaptionFile]

    public init(duration: Double? = nil, skipOffset: VASTOffset? = nil, mediaFiles: [VASTMediaFile] = [],
                interactiveCreativeFiles: Int = 0, tracking: [VASTTracking] = [], clickThrough: URL? = nil,
                clickTracking: [URL] = [], icons: [VASTIcon] = [], closedCaptionFiles: [VASTCaptionFile] = []) {
        self.duration = duration
        self.skipOffset = skipOffset
        self.mediaFiles = mediaFiles
        self.interactiveCreativeFiles = interactiveCreativeFiles
        self.tracking = tracking
        self.clickThrough = clickThrough
        self.clickTracking = clickTracking
        self.icons = icons
        self.closedCaptionFiles = closedCaptionFiles
    }
}

/// A time into an ad: seconds, or a percentage of its duration (`skipoffset`, a `progress` offset, an icon's).
public enum VASTOffset: Sendable, Equatable {
    case seconds(Double)
    case percent(Double)

    /// Seconds into an ad of `duration`.
    public func seconds(of duration: Double) -> Double {
        switch self {
        case .seconds(let seconds): seconds
        case .percent(let percent): duration * (percent / 100)
        }
    }
}

/// One `Tracking` element: an event's address, and for `progress` its offset.
public struct VASTTracking: Sendable, Equatable {
    public var event: String
    public var offset: VASTOffset?
    public var url: URL

    public init(event: String, offset: VASTOffset? = nil, url: URL) {
        self.event = event
        self.offset = offset
        self.url = url
    }
}

/// One `MediaFile`.
public struct VASTMediaFile: Sendable, Equatable {
    public var url: URL
    /// The MIME type (`video/mp4`, `application/x-mpegURL`, …), lowercased.
    public var type: String?
    /// `progressive` or `streaming`.
    public var delivery: String?
    public var width: Int?
    public var height: Int?
    /// Kilobits per second (`bitrate`, or the middle of `minBitrate`…`maxBitrate`).
    public var bitrate: Int?
    /// `VPAID` and other API frameworks Cove does not run.
    public var apiFramework: String?

    public init(url: URL, type: String? = nil, delivery: String? = nil, width: Int? = nil, height: Int? = nil,
                bitrate: Int? = nil, apiFramework: String? = nil) {
        self.url = url
        self.type = type
        self.delivery = delivery
        self.width = width
        self.height = height
        self.bitrate = bitrate
        self.apiFramework = apiFramework
    }
}

/// An industry icon (AdChoices and others) drawn over the ad.
public struct VASTIcon: Sendable, Equatable {
    public enum Place: Sendable, Equatable {
        case leading, trailing, top, bottom
        case pixels(Int)
    }

    public var program: String?
    /// Pixels; nil (a server that left them out) is the image's own size.
    public var width: Int?
    public var height: Int?
    public var x: Place
    public var y: Place
    /// Seconds after the ad's first frame at which it shows, and for how long (nil: to the ad's end).
    public var offset: Double
    public var duration: Double?
    /// The `StaticResource` image; icons of other kinds (IFrame, HTML) are not shown.
    public var image: URL?
    public var altText: String?
    public var hoverText: String?
    public var clickThrough: URL?
    public var clickTracking: [URL]
    public var viewTracking: [URL]

    public init(program: String? = nil, width: Int? = nil, height: Int? = nil, x: Place = .leading, y: Place = .top,
                offset: Double = 0, duration: Double? = nil, image: URL? = nil, altText: String? = nil,
                hoverText: String? = nil, clickThrough: URL? = nil, clickTracking: [URL] = [],
                viewTracking: [URL] = []) {
        self.program = program
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.offset = offset
        self.duration = duration
        self.image = image
        self.altText = altText
        self.hoverText = hoverText
        self.clickThrough = clickThrough
        self.clickTracking = clickTracking
        self.viewTracking = viewTracking
    }
}

/// A companion banner with a static image.
public struct VASTCompanion: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var image: URL?
    public var altText: String?
    public var clickThrough: URL?
    public var clickTracking: [URL]
    public var creativeView: [URL]

    public init(width: Int, height: Int, image: URL? = nil, altText: String? = nil, clickThrough: URL? = nil,
                clickTracking: [URL] = [], creativeView: [URL] = []) {
        self.width = width
        self.height = height
        self.image = image
        self.altText = altText
        self.clickThrough = clickThrough
        self.clickTracking = clickTracking
        self.creativeView = creativeView
    }
}

/// A `ClosedCaptionFile` of the ad.
public struct VASTCaptionFile: Sendable, Equatable {
    public var url: URL
    public var type: String?
    public var language: String?

    public init(url: URL, type: String? = nil, language: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
    }
}

/// An `AdVerifications/Verification`: Cove runs no verification script, and tells the vendor so.
public struct VASTVerification: Sendable, Equatable {
    public var vendor: String?
    /// `verificationNotExecuted` addresses, with `[REASON]`.
    public var notExecuted: [URL]

    public init(vendor: String? = nil, notExecuted: [URL] = []) {
        self.vendor = vendor
        self.notExecuted = notExecuted
    }
}
