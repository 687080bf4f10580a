import CoveCore

/// A found video and the bumper to play before it (SDK: the video from `findVideo(withConfiguration:)` plus the
/// bumper request made beside it).
public struct VideoResult: Sendable, Equatable {
    public let video: Video
    /// The video's `bumper_id` custom field if it has one, else the configured bumper; nil without either, or
    /// when the bumper could not be loaded (then `warnings` says so).
    public let bumper: Video?
    /// What was left out on the way, for the viewer: see `PlaybackWarning`.
    public let warnings: [PlaybackWarning]
}

/// A found playlist (or a page of it) and the bumper to play before its first video.
public struct PlaylistResult: Sendable, Equatable {
    public let playlist: Playlist
    /// Playlists share one bumper: the first playable video's `bumper_id` custom field if any has one, else the
    /// configured bumper.
    public let bumper: Video?
    /// Includes one warning per error placeholder in `playlist.failedVideos`.
    public let warnings: [PlaybackWarning]
}

/// Something left out of a result while the rest still plays: an address with a scheme other than http(s), an
/// error placeholder in a playlist, a bumper that could not be loaded. `--print-events` shows each as
/// `{"type":"warning",…}`.
public struct PlaybackWarning: Sendable, Equatable {
    public static let unsupportedURLCode = "UNSUPPORTED_URL"
    public static let bumperUnavailableCode = PlaybackWarningCode.bumperUnavailable
    /// A placeholder without an error code of its own.
    public static let videoUnavailableCode = "VIDEO_UNAVAILABLE"

    /// Machine-readable: one of the codes above, or the API's error code of a failed playlist video.
    public let code: String
    /// A translated sentence for the viewer.
    public let message: String
    /// The video concerned, when known.
    public let videoID: String?
    /// The address that was dropped, secrets redacted and cut short (a `data:` URL can be megabytes).
    public let url: String?

    public var event: PlaybackEvent { .warning(code: code, message: message) }

    static let urlPrefixLimit = 120

    static func unsupportedURL(_ url: String, scheme: String, kind: ResponseSafety.URLKind, videoID: String?)
        -> PlaybackWarning {
        let message = switch kind {
        case .source: tr("A video source with an unsupported “%@:” address was ignored.")
        case .textTrack: tr("A text track with an unsupported “%@:” address was ignored.")
        case .image: tr("An image with an unsupported “%@:” address was ignored.")
        }
        return PlaybackWarning(code: unsupportedURLCode, message: message.replacingPlaceholder(with: scheme),
                               videoID: videoID, url: String(Redaction.redactURL(url).prefix(urlPrefixLimit)))
    }

    static func failedVideo(_ video: Video) -> PlaybackWarning {
        let reason = video.apiError?.userMessage ?? tr("The video service could not deliver this video.")
        return PlaybackWarning(code: video.errorCode ?? videoUnavailableCode,
                               message: tr("A playlist video was left out: %@").replacingPlaceholder(with: reason),
                               videoID: video.id, url: nil)
    }

    /// Asked for with an ad configuration, answered without a VMAP: the video plays, without ads.
    static func vmapMissing(videoID: String?) -> PlaybackWarning {
        PlaybackWarning(code: AdErrorCode.vmapMissing, message: AdMessages.vmapMissing, videoID: videoID, url: nil)
    }

    static func bumperUnavailable(_ error: PlaybackServiceError, bumperID: String?) -> PlaybackWarning {
        PlaybackWarning(code: bumperUnavailableCode,
                        message: tr("The bumper video could not be loaded (%@); the video plays without it.")
                            .replacingPlaceholder(with: error.userMessage),
                        videoID: bumperID, url: nil)
    }
}
