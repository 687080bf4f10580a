import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
extension LaunchOptions {
    /// True for a video or playlist target and for a search: those come from the Playback API (or, with `demo`,
    /// its emulator).
    var usesPlaybackAPI: Bool {
        if search != nil { return true }
        return switch target {
        case .video, .playlist: true
        case .url, .locations, .none: false
        }
    }

    /// Where the first video starts, in content seconds; nil from its beginning.
    public var startPosition: Double? { startAt.flatMap(Self.seconds) }

    /// Seconds, or [HH:]MM:SS as a time label shows them.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value.isFinite, value >= 0,
                  index == parts.count - 1 || value == value.rounded() else { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// Combinations that cannot mean anything; each gets one line naming the options involved.
    func validate() throws(LaunchOptionsError) {
        do throws(ConfigurationError) {
            try clientAds.validate()
            try cast.validate()
            try playback.validate()
            if let castTo = cast.castTo, castTo.isEmpty || castTo.contains("://") {
                throw ConfigurationError(message: tr("“%@” must be a device’s name, HOST or HOST:PORT")
                    .replacingPlaceholder(with: castTo))
            }
        } catch {
            throw LaunchOptionsError(message: error.message)
        }
        func together(_ first: String, _ second: String) -> LaunchOptionsError {
            LaunchOptionsError(message: tr("“%@” and “%@” cannot be used together").filling(first,
                second))
        }
        let videoFlag = videoID != nil ? "--video-id" : referenceID != nil ? "--reference-id" : nil
        let playlistFlag = playlistID != nil ? "--playlist-id" : playlistReferenceID != nil ? "--playlist-reference-id" : nil
        if gapplicationService {
            // D-Bus activation passes this alone; what to open comes later, over D-Bus.
            if let location = locations.first {
                throw LaunchOptionsError(message: tr("unexpected argument “%@”").replacingPlaceholder(with: location))
            }
            var others = self
            others.gapplicationService = false
            if others != LaunchOptions() {
                throw LaunchOptionsError(message: tr("“%@” takes no other options").replacingPlaceholder(with: "--gapplication-service"))
            }
        }
        if let location = locations.first,
           let flag = url != nil ? "--url" : videoFlag ?? playlistFlag ?? (demo ? "--demo" : nil) {
            throw together(flag, location)
        }
        if url != nil {
            if demo { throw together("--demo", "--url") }
            if let flag = videoFlag ?? playlistFlag { throw together("--url", flag) }
        }
        if projection != nil, url == nil {
            throw LaunchOptionsError(message: tr("“%@” applies to “--url” only").replacingPlaceholder(with: "--projection"))
        }
        if let startAt, Self.seconds(startAt) == nil {
            throw LaunchOptionsError(message: tr("“%@” needs a number of seconds, 0 or more (or MM:SS)")
                .replacingPlaceholder(with: "--start-at"))
        }
        if let videoFlag, let playlistFlag { throw together(videoFlag, playlistFlag) }
        if download, videoFlag == nil {
            throw LaunchOptionsError(message: tr("“%@” needs a video: add “--video-id” or “--reference-id”")
                .replacingPlaceholder(with: "--download"))
        }
        if download, let other = playlistFlag ?? (url != nil ? "--url" : nil) ?? locations.first { throw together("--download", other) }
        if let quality, !download, QualityPreference(quality) == nil {
            throw LaunchOptionsError(message: tr("“%@” must be a picture height such as 720p")
                .replacingPlaceholder(with: "--quality"))
        }
        try validateSearch(videoFlag: videoFlag, playlistFlag: playlistFlag)
        if listDownloads, download || usesPlaybackAPI || url != nil || !locations.isEmpty {
            throw together("--downloads", download ? "--download" : videoFlag ?? playlistFlag ?? url.map { _ in "--url" } ?? locations[0])
        }
        if printStatistics, !printEvents {
            throw LaunchOptionsError(message: tr("“%@” applies to “--print-events” only").replacingPlaceholder(with: "--stats"))
        }
        if analytics.disabled, analytics.forced { throw together("--analytics", "--no-analytics") }
        if let base = analytics.baseURL, !PlaybackAPISettings.isHTTPURL(base) {
            throw LaunchOptionsError(message: tr("“%@” must be an http:// or https:// URL")
                .replacingPlaceholder(with: "--analytics-base"))
        }
        if layoutName != nil, layoutFile != nil { throw together("--layout", "--layout-file") }
        if let layoutName, SuppliedLayout(rawValue: layoutName) == nil {
            let names = SuppliedLayout.allCases.map(\.rawValue).joined(separator: ", ")
            throw LaunchOptionsError(message: tr("unknown layout “%@”; the layouts are: %@")
                .filling(layoutName, names))
        }
        if playlistFlag == nil, search == nil, let flag = limit != nil ? "--limit" : offset != nil ? "--offset" : nil {
            throw LaunchOptionsError(message: tr("“%@” applies to playlists only (“--playlist-id”, “--playlist-reference-id”)")
                .replacingPlaceholder(with: flag))
        }
        if !usesPlaybackAPI {
            let findFlags: [(String, Bool)] = [
                ("--auth-token", authToken != nil), ("--bumper-id", bumperID != nil),
                ("--bumper-reference-id", bumperReferenceID != nil), ("--ad-config-id", adConfigID != nil),
                ("--config-id", configID != nil), ("--account-id", playbackAPI.accountID != nil),
                ("--policy-key", playbackAPI.policyKey != nil),
                ("--stream-concurrency", playbackAPI.streamConcurrency != nil),
                ("--gsc-base", playbackAPI.gscBaseURL != nil),
            ]
            if let (flag, _) = findFlags.first(where: \.1) {
                throw LaunchOptionsError(message: tr("“%@” needs a video or playlist: add “--video-id”, “--reference-id”, “--playlist-id” or “--playlist-reference-id”")
                    .replacingPlaceholder(with: flag))
            }
        }
        for (flag, base) in [("--playback-api-base", playbackAPI.baseURL), ("--playback-api-auth-base", playbackAPI.authBaseURL),
                             ("--gsc-base", playbackAPI.gscBaseURL)] {
            if let base, !PlaybackAPISettings.isHTTPURL(base) {
                throw LaunchOptionsError(message: tr("“%@” must be an http:// or https:// URL").replacingPlaceholder(with: flag))
            }
        }
    }

    /// `--search` prints a table and exits: nothing to play may come with it.
    private func validateSearch(videoFlag: String?, playlistFlag: String?) throws(LaunchOptionsError) {
        guard search != nil else {
            if sort != nil {
                throw LaunchOptionsError(message: tr("“%@” applies to “--search” only").replacingPlaceholder(with: "--sort"))
            }
            return
        }
        let other = videoFlag ?? playlistFlag ?? (url != nil ? "--url" : nil) ?? (download ? "--download" : nil)
            ?? (listDownloads ? "--downloads" : nil) ?? locations.first
        if let other {
            throw LaunchOptionsError(message: tr("“%@” and “%@” cannot be used together").filling("--search", other))
        }
        if let limit, !VideoSearch.limitRange.contains(limit) {
            throw LaunchOptionsError(message: tr("“%@” with “--search” is at most %@").filling("--limit",
                String(VideoSearch.limitRange.upperBound)))
        }
    }

    /// After the settings are complete: the Playback API needs an account and a policy key or token.
    func validateCredentials() throws(LaunchOptionsError) {
        if playbackAPI.accountID == nil {
            throw LaunchOptionsError(message: tr("no account ID: use “--account-id”, COVE_ACCOUNT_ID or account-id in cove.conf"))
        }
        if playbackAPI.policyKey == nil, authToken == nil {
            throw LaunchOptionsError(message: tr("no policy key: use “--policy-key”, COVE_POLICY_KEY or policy-key in cove.conf, or “--auth-token”"))
        }
    }
}
