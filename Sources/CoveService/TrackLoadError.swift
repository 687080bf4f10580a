import CoveCore
import FoundationEssentials

/// Why a caption or thumbnails track was left out. Each becomes a warning event: the track goes, playback stays.
public enum TrackLoadError: Error, Sendable, Equatable {
    /// An address `AddressPolicy` refuses: another scheme, or a `file:` address the user did not name.
    case unsupportedURL(scheme: String, url: String)
    /// One file, or the track's files together, went over `limit` bytes (`FetchLimits`).
    case tooLarge(limit: Int)
    /// The track names more than `limit` segments or images (`FetchLimits`).
    case tooManyParts(limit: Int)
    /// A fetch failed (HTTP error, connection, no matching rendition).
    case unavailable(PlaybackServiceError)

    public static let tooLargeCode = "TRACK_TOO_LARGE"

    public var code: String {
        switch self {
        case .unsupportedURL: PlaybackWarning.unsupportedURLCode
        case .tooLarge, .tooManyParts: Self.tooLargeCode
        case .unavailable(let error): error.code
        }
    }

    /// The HTTP status, when a server answered.
    public var status: Int? {
        if case .unavailable(let error) = self { error.status } else { nil }
    }

    /// The warning for a left-out caption (`kind` "captions") or thumbnails track.
    public func warning(captions: Bool) -> PlaybackWarning {
        let reason: String
        var url: String?
        switch self {
        case .unsupportedURL(let scheme, let address):
            reason = tr("it names an unsupported “%@:” address").replacingPlaceholder(with: scheme)
            url = String(Redaction.redactURL(address).prefix(PlaybackWarning.urlPrefixLimit))
        case .tooLarge, .tooManyParts:
            reason = tr("it is larger than the player allows")
        case .unavailable(let error):
            reason = error.userMessage
        }
        let message = captions ? tr("A caption track was left out: %@") : tr("The thumbnails were left out: %@")
        return PlaybackWarning(code: code, message: message.replacingPlaceholder(with: reason), videoID: nil, url: url)
    }
}

extension AddressPolicy.Permission {
    /// The refusal as a `TrackLoadError`, nil when the address may be opened.
    public func refusal(of url: URL) -> TrackLoadError? {
        if case .refuse(let scheme) = self { .unsupportedURL(scheme: scheme, url: url.absoluteString) } else { nil }
    }
}
