import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
/// What the command line asked for, completed by the environment and the key file. Parsing is separate from the
/// app so it can be tested without starting GTK.
public struct LaunchOptions: Sendable, Equatable {
    /// Account, policy key, base URLs, timeouts and headers. After `parse`, for a Playback API target: the command
    /// line's values over the environment's over the key file's.
    public var playbackAPI = PlaybackAPISettings()
    /// Video Cloud Analytics: where events go and whether any are sent (the command line's over `cove.conf`'s).
    public var analytics = AnalyticsOptions()
    /// Client-side ads: the `--ad-*` options over `cove.conf`'s `[Ads]`.
    public var clientAds = ClientAdsOptions()
    /// Casting: the `--cast-*` options over `cove.conf`'s `[Cast]`.
    public var cast = CastOptions()
    /// `--audio-language`, `--caption-language`, `--prefer-audio-description` over `[Playback]` of `cove.conf`.
    public var playback = PlaybackPreferences()
    public var videoID: String?
    public var referenceID: String?
    public var playlistID: String?
    public var playlistReferenceID: String?
    /// A Playback Rights JWT.
    public var authToken: String?
    public var bumperID: String?
    public var bumperReferenceID: String?
    public var limit: Int?
    public var offset: Int?
    public var adConfigID: String?
    public var configID: String?
    public var url: String?
    /// With `url`: the video's projection, as the Playback API's `projection` field (`equirectangular`: 360°).
    public var projection: String?
    /// `--start-at SECONDS`: where the (first) video starts, in content seconds (ads before it are not played).
    public var startAt: String?
    /// Files or URIs named without an option, as a desktop's `Exec=cove %U` passes them: played as a queue.
    public var locations: [String] = []
    /// A supplied control layout by name (`vod`, `live`, …) instead of automatic selection.
    public var layoutName: String?
    /// A custom control layout file (JSON; see `ControlLayout.layoutFileFormat`).
    public var layoutFile: String?
    /// Serve the target from the built-in demo catalog with the emulator instead of the Playback API.
    public var demo = false
    public var printEvents = false
    /// `--stats`: with `--print-events`, a `stats` line (the statistics overlay's figures) every second.
    public var printStatistics = false
    public var help = false
    public var version = false
    /// With `version`: the run's session ID and the versions of the libraries in use.
    public var verbose = false
    /// `--new-window`: a player of its own, even when Cove already runs.
    public var newWindow = false
    /// `--gapplication-service`: started by D-Bus activation, this process becomes the running Cove and waits for
    /// the session to ask it for a window or files.
    public var gapplicationService = false
    /// `--download`: download the video for offline viewing, without a window.
    public var download = false
    /// `--quality WORD`: with `--download`, the quality ("720p"); else the best up to 1080p.
    public var quality: String?
    /// `--downloads`: print the downloads and exit.
    public var listDownloads = false
    /// `--search QUERY`: print a page of the Playback API's video search as a table and exit (with `limit`,
    /// `offset` and `sort`).
    public var search: String?
    /// `--sort FIELD`: with `search`, the API's sort (`name`, `-updated_at`, …).
    public var sort: String?

    public init() {}

    /// `--stream-concurrency`: on the command line it can only turn the feature on; the key file may say false.
    var streamConcurrencyFlag: Bool {
        get { playbackAPI.streamConcurrency == true }
        set { playbackAPI.streamConcurrency = newValue ? true : nil }
    }

    /// Generic Stream Concurrency's settings for a video fetched with `authToken` from `accountID`; nil when the
    /// feature was not asked for, there is no token, or the token lacks `uid` or `climit`.
    public func streamConcurrency(retryDelay: Double = 60) -> StreamConcurrencyConfiguration? {
        guard playbackAPI.streamConcurrency == true, let authToken, let accountID = playbackAPI.accountID else {
            return nil
        }
        return StreamConcurrencyConfiguration(baseURL: playbackAPI.gscBaseURL, accountID: accountID, token: authToken,
                                              retryDelay: retryDelay)
    }

    /// What to play, once the options are known to be consistent.
    public enum Target: Sendable, Equatable {
        /// A video from the Playback API (from the demo catalog with `demo`; there, no asset at all means the
        /// demo's default video).
        case video(FindConfiguration)
        /// A playlist from the Playback API (or the demo catalog).
        case playlist(FindConfiguration)
        /// A media URL or file, without the Playback API.
        case url(String)
        /// Files or URIs named without an option (or handed over by another `cove`), played one after another.
        case locations([String])
        case none
    }

    public var target: Target {
        if let url { return .url(url) }
        if !locations.isEmpty { return .locations(locations) }
        if videoID != nil || referenceID != nil { return .video(find(assetID: videoID, referenceID: referenceID)) }
        if playlistID != nil || playlistReferenceID != nil {
            return .playlist(find(assetID: playlistID, referenceID: playlistReferenceID))
        }
        if demo { return .video(find(assetID: nil, referenceID: nil)) }
        return .none
    }

    /// The search `--search` asks for; nil without it.
    public var videoSearch: VideoSearch? {
        search.map { VideoSearch(query: $0, limit: limit ?? VideoSearch.defaultLimit, offset: offset ?? 0, sort: sort) }
    }

    /// The query parameters of the find (limit and offset are only accepted for playlists).
    public var queryParameters: PlaybackQueryParameters {
        PlaybackQueryParameters(limit: limit, offset: offset, adConfigID: adConfigID, configID: configID)
    }

    private func find(assetID: String?, referenceID: String?) -> FindConfiguration {
        FindConfiguration(assetID: assetID, assetReferenceID: referenceID, authToken: authToken, bumperID: bumperID,
                          bumperReferenceID: bumperReferenceID)
    }
}

public struct LaunchOptionsError: Error, Sendable, Equatable {
    /// One line, already translated, without the program name.
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

extension LaunchOptions: CustomReflectable {
    /// `print`, `dump` and test failure messages go through the mirror: the token is redacted here, the policy key
    /// by `PlaybackAPISettings`'s own mirror.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "playbackAPI": playbackAPI, "videoID": videoID as Any, "referenceID": referenceID as Any,
            "playlistID": playlistID as Any, "playlistReferenceID": playlistReferenceID as Any,
            "authToken": authToken == nil ? "nil" : "REDACTED", "bumperID": bumperID as Any,
            "bumperReferenceID": bumperReferenceID as Any, "limit": limit as Any, "offset": offset as Any,
            "adConfigID": adConfigID as Any, "configID": configID as Any, "url": url as Any,
            "locations": locations, "demo": demo, "printEvents": printEvents,
            "printStatistics": printStatistics, "help": help, "version": version,
            "verbose": verbose, "newWindow": newWindow, "gapplicationService": gapplicationService,
            "download": download, "quality": quality as Any, "listDownloads": listDownloads,
            "search": search as Any, "sort": sort as Any, "playback": playback,
        ])
    }
}
