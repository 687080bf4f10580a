import CoveCore
import FoundationEssentials

/// Keeps only http and https addresses of a Playback API response, so a `file:`, `data:` or other URL from a
/// compromised or misconfigured server is never opened; each dropped address becomes a warning. Works on the
/// decoded values, the only thing Cove fetches from (`properties` stay as received). The one filter every response
/// goes through (`PlaybackService.video(fromJSON:)`, `playlist(fromJSON:)` and the bodies the service reads).
enum ResponseSafety {
    typealias URLKind = Video.AddressRole

    /// The video without unsafe addresses (see `Video.keepingAddresses`), and a warning for each one dropped.
    static func video(_ video: Video) -> (Video, [PlaybackWarning]) {
        if video.allAddresses(\.hasNetworkScheme) { return (video, []) }
        var warnings: [PlaybackWarning] = []
        let safe = video.keepingAddresses { url, kind in keep(url, kind, videoID: video.id, &warnings) }
        return (safe, warnings)
    }

    /// The playlist with each of its videos made safe.
    static func playlist(_ playlist: Playlist) -> (Playlist, [PlaybackWarning]) {
        if playlist.videos.allSatisfy({ $0.allAddresses(\.hasNetworkScheme) }) { return (playlist, []) }
        var warnings: [PlaybackWarning] = []
        let safe = playlist.mappingVideos { entry in
            let (safe, dropped) = video(entry)
            warnings += dropped
            return safe
        }
        return (safe, warnings)
    }

    /// The scheme of a URL that must not be opened (lowercased, cut short); nil for http(s).
    static func unsafeScheme(_ url: URL) -> String? {
        url.hasNetworkScheme ? nil : String(url.lowercasedScheme.prefix(32))
    }

    private static func keep(_ url: URL, _ kind: URLKind, videoID: String?, _ warnings: inout [PlaybackWarning])
        -> Bool {
        guard let scheme = unsafeScheme(url) else { return true }
        warnings.append(.unsupportedURL(url.absoluteString, scheme: scheme, kind: kind, videoID: videoID))
        return false
    }
}
