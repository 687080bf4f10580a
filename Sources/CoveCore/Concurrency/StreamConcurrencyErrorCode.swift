/// Codes of the `error` events Generic Stream Concurrency sends, one per reason, so an app can tell them apart.
public enum StreamConcurrencyErrorCode {
    public static let maxConcurrency = "GSC_MAX_CONCURRENCY"
    public static let sessionStopped = "GSC_SESSION_STOPPED"
    public static let invalidToken = "GSC_INVALID_TOKEN"
    public static let missingClaim = "GSC_MISSING_CLAIM"
    public static let featureNotSupported = "GSC_FEATURE_NOT_SUPPORTED"
    public static let playbackNotAllowed = "GSC_PLAYBACK_NOT_ALLOWED"
    /// No answer or a 5xx, after the retries.
    public static let unavailable = "GSC_UNAVAILABLE"
    /// A warning: stream concurrency was asked for, but the token does not carry `uid` and `climit`.
    public static let notApplicable = "GSC_NOT_APPLICABLE"

    public static func code(for refusal: StreamConcurrencyRefusal) -> String {
        switch refusal {
        case .maxConcurrency: maxConcurrency
        case .sessionStopped: sessionStopped
        case .invalidToken: invalidToken
        case .missingClaim: missingClaim
        case .featureNotSupported: featureNotSupported
        case .playbackNotAllowed: playbackNotAllowed
        }
    }
}
