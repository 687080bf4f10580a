import CoveCore

/// Why a Playback API request failed (SDK `kBCOVPlaybackServiceErrorDomain`: connection, JSON and API errors).
/// No case ever holds the policy key or token: texts from curl and the server are scrubbed before they get here.
public enum PlaybackServiceError: Error, Sendable, Equatable {
    /// Neither a policy key nor an auth token is configured; no request was made.
    case missingCredentials
    /// The find named neither an asset ID nor a reference ID; no request was made.
    case missingAsset
    /// DNS, refused or reset connection, too many redirects, a protocol that is not http(s)…
    case connectionFailed(reason: String)
    /// The connect or request timeout passed.
    case timedOut
    case tlsFailed(reason: String)
    /// The API answered with an error status and its error array.
    case api(status: Int, errors: [PlaybackAPIErrorEntry])
    /// A body that is not the expected JSON (an HTML page from a proxy, truncated JSON); `prefix` is at most
    /// 200 characters of it.
    case malformedResponse(status: Int, prefix: String)
    /// The body exceeded the configuration's `maximumResponseBytes`.
    case responseTooLarge(limit: Int)

    /// The API's first `error_code` for `.api`, otherwise a fixed code of the same style.
    public var code: String {
        switch self {
        case .missingCredentials: "MISSING_CREDENTIALS"
        case .missingAsset: "MISSING_ASSET"
        case .connectionFailed: "CONNECTION_ERROR"
        case .timedOut: "TIMEOUT"
        case .tlsFailed: "TLS_ERROR"
        case .api(_, let errors): errors.first?.code ?? "SERVER_ERROR"
        case .malformedResponse: "MALFORMED_RESPONSE"
        case .responseTooLarge: "RESPONSE_TOO_LARGE"
        }
    }

    /// The HTTP status, when the server answered.
    public var status: Int? {
        switch self {
        case .api(let status, _), .malformedResponse(let status, _): status
        default: nil
        }
    }

    /// A short translated sentence for the viewer.
    public var userMessage: String {
        switch self {
        case .missingCredentials:
            tr("The player has no policy key or authorization token for this account.")
        case .missingAsset:
            tr("No video or playlist was named.")
        case .connectionFailed:
            tr("The video service could not be reached. Check the network connection and try again.")
        case .timedOut:
            tr("The video service took too long to respond. Please try again.")
        case .tlsFailed:
            tr("A secure connection to the video service could not be established.")
        case .api(_, let errors):
            errors.first?.userMessage ?? tr("The video service could not deliver this video.")
        case .malformedResponse:
            tr("The video service sent a response the player could not read.")
        case .responseTooLarge:
            tr("The video service sent a response that is too large.")
        }
    }
}

extension PlaybackServiceError: CustomStringConvertible {
    /// For logs: the code and the technical detail.
    public var description: String {
        switch self {
        case .missingCredentials: "MISSING_CREDENTIALS: no policy key or auth token configured"
        case .missingAsset: "MISSING_ASSET: neither an asset ID nor a reference ID"
        case .connectionFailed(let reason): "CONNECTION_ERROR: \(reason)"
        case .timedOut: "TIMEOUT"
        case .tlsFailed(let reason): "TLS_ERROR: \(reason)"
        case .api(let status, let errors):
            "HTTP \(status): " + errors.map { entry in
                [entry.code, entry.subcode, entry.message].compactMap { $0 }.joined(separator: " / ")
            }.joined(separator: "; ")
        case .malformedResponse(let status, let prefix): "MALFORMED_RESPONSE (HTTP \(status)): \(prefix)"
        case .responseTooLarge(let limit): "RESPONSE_TOO_LARGE: more than \(limit) bytes"
        }
    }
}

extension PlaybackServiceError {
    /// The API could not be reached at all (no network, no route, no answer), as opposed to an answer that says
    /// no: only then does a download stand in for the API's answer.
    public var isUnreachable: Bool {
        switch self {
        case .connectionFailed, .timedOut: true
        default: false
        }
    }
}
