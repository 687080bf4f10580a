import FoundationEssentials

/// Where a video's client-side ads come from and how they are fetched (the app's: the ad tag options and
/// CoveService's loader over libcurl). The SDK's IMA plugin's request policies, as Cove has them.
public struct ClientAdsSource: Sendable {
    /// The VMAP ad rules or VAST tag of a video (its macros not yet filled); nil: the video has no ad rules.
    public var tag: @Sendable (Video) -> URL?
    /// A video without ad rules: its breaks from its Video Cloud `AD` cue points, each a VAST tag (the IMA
    /// plugin's cue-point request policies); none by default.
    public var cuePointBreaks: @Sendable (Video) -> [ClientAdBreak]
    /// Fetches and reads one response (VMAP or VAST), within the ad timeout and size cap.
    public var fetch: @Sendable (URL) async -> Result<AdResponse, AdFetchFailure>
    public var wrapperLimit: Int
    public var seekPolicy: AdSeekPolicy
    /// What the macros of every tag and beacon are filled with beyond the moment's playheads.
    public var device: AdDeviceFacts

    public init(tag: @escaping @Sendable (Video) -> URL?,
                cuePointBreaks: @escaping @Sendable (Video) -> [ClientAdBreak] = { _ in [] },
                fetch: @escaping @Sendable (URL) async -> Result<AdResponse, AdFetchFailure>,
                wrapperLimit: Int = 5, seekPolicy: AdSeekPolicy = .last, device: AdDeviceFacts = AdDeviceFacts()) {
        self.tag = tag
        self.cuePointBreaks = cuePointBreaks
        self.fetch = fetch
        self.wrapperLimit = wrapperLimit
        self.seekPolicy = seekPolicy
        self.device = device
    }
}

/// The player's own facts for ad macros.
public struct AdDeviceFacts: Sendable, Equatable {
    public var userAgent: String?
    public var appBundle: String?
    public var limitAdTracking: Bool?

    public init(userAgent: String? = nil, appBundle: String? = nil, limitAdTracking: Bool? = nil) {
        self.userAgent = userAgent
        self.appBundle = appBundle
        self.limitAdTracking = limitAdTracking
    }
}

/// A session's client-side ads: its breaks once the rules are read, which are still to play, and the one playing.
struct ClientAds {
    enum Rules: Equatable {
        case loading, read
    }

    var rules = Rules.loading
    var breaks: [ClientAdBreak] = []
    var unplayed: Set<Int> = []
    /// The break playing (resolving its ads, or playing one of them); nil in the content.
    var running: RunningBreak?
    /// Breaks a seek crossed that play after the running one.
    var queued: [Int] = []
    /// What the content does when the breaks are over: go on, or end (after a post-roll).
    var thenEnd = false

    /// The unplayed break at the content's start, if any.
    var preRoll: Int? { breaks.indices.first { unplayed.contains($0) && breaks[$0].contentTime <= 0 } }
    /// The unplayed break after the content's end.
    var postRoll: Int? { breaks.indices.last { unplayed.contains($0) && breaks[$0].contentTime.isInfinite } }
}

/// One client-side break playing.
struct RunningBreak {
    let index: Int
    /// The ads to play, nil while they are being resolved.
    var ads: [ResolvedAd]?
    var adIndex = 0
    var creative: Creative?
    /// Seconds of the ads before the current one, for "resumes in".
    var playedSeconds = 0.0
    /// After a seek over it: the content goes on if no ad has started by then.
    var watchdog: (any ScheduledWork)?
    /// The next ad, opened while this one plays (nil `creative`: none of its files can play).
    var upcoming: (index: Int, creative: Creative?)?
}

/// One creative in its own player.
struct Creative {
    let player: any PlaybackEngine
    let media: VASTMediaFile
    var tracker: CreativeTracker
    var position = 0.0
    var isPlaying = false
    var skipOffset: Double?
    /// Icons (by their place in `icons`) whose view was counted, and whether the companion's was.
    var iconsShown: Set<Int> = []
    var companionShown = false
}
