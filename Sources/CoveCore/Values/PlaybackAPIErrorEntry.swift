import FoundationEssentials

/// One entry of a Playback API error body (`[{"error_code", "error_subcode", "message"}]`).
public struct PlaybackAPIErrorEntry: Sendable, Hashable {
    /// UPPER_SNAKE_CASE, e.g. `ACCESS_DENIED`.
    public let code: String
    /// The detail behind `code`, e.g. `CLIENT_GEO`.
    public let subcode: String?
    /// The API's own explanation, for developers and logs; `userMessage` is what the viewer sees.
    public let message: String?

    public init(code: String, subcode: String? = nil, message: String? = nil) {
        self.code = code
        self.subcode = subcode
        self.message = message
    }

    /// Parses an error body: an array of entries, or a single entry object. Nil when the body is not JSON or holds
    /// no entry with an `error_code`.
    public static func parseList(_ data: Data) -> [PlaybackAPIErrorEntry]? {
        guard let json = try? JSONValue(parsing: data) else { return nil }
        return parseList(json: json)
    }

    public static func parseList(json: JSONValue) -> [PlaybackAPIErrorEntry]? {
        let candidates: [JSONValue] = switch json {
        case .array(let entries): entries
        case .object: [json]
        default: []
        }
        let entries = candidates.compactMap { candidate -> PlaybackAPIErrorEntry? in
            guard let object = candidate.objectValue else { return nil }
            guard let code = object["error_code"]?.stringValue.map(trimmingWhitespace), !code.isEmpty else {
                return nil
            }
            return PlaybackAPIErrorEntry(code: code, subcode: object["error_subcode"]?.stringValue,
                                         message: object["message"]?.stringValue)
        }
        return entries.isEmpty ? nil : entries
    }

    /// A short sentence the viewer understands. The subcode is more specific, so it is consulted first (for example
    /// `ACCESS_DENIED` / `CLIENT_GEO` is a region restriction); unknown codes get a generic sentence.
    public var userMessage: String {
        if let subcode, let message = Self.userMessage(for: subcode) { return message }
        return Self.userMessage(for: code) ?? tr("The video service could not deliver this video.")
    }

    // Every sentence is a literal inside tr() so xgettext extracts it.
    private static func userMessage(for code: String) -> String? {
        switch trimmingWhitespace(code).uppercased() {
        case "CLIENT_GEO":
            tr("This video is not available in your region.")
        case "CLIENT_IP":
            tr("This video is not available from your network.")
        case "DOMAIN":
            tr("This video may not be played in this player.")
        case "INVALID_POLICY_KEY":
            tr("The player is not authorised to play this video (invalid policy key).")
        case "ACCOUNT_ID":
            tr("The player is not authorised to play videos from this account.")
        case "API":
            tr("The player is not allowed to search this account's videos.")
        case "POLICY_ERROR":
            tr("The player's access settings do not allow this video.")
        case "TOKEN_REQUIRED":
            tr("This video requires you to be signed in.")
        case "TOKEN_VALIDATION", "JWT_AUTH":
            tr("Your access to this video could not be confirmed. Sign in again and retry.")
        case "OFFERS":
            tr("Your subscription or purchase does not include this video.")
        case "TAGS":
            tr("Your access does not include this video.")
        case "ACCESS_DENIED", "FORBIDDEN":
            tr("Access to this video was denied.")
        case let code where code.contains("STREAM_LIMIT") || code.contains("DEVICE_LIMIT"):
            tr("Too many videos are playing on your account. Stop one and try again.")
        case "VIDEO_NOT_PLAYABLE":
            tr("This video is not available for playback right now.")
        case "PLAYLIST_NOT_PLAYABLE":
            tr("This playlist is not available for playback right now.")
        case "VIDEO_NOT_FOUND", "NOT_FOUND", "RESOURCE_NOT_FOUND":
            tr("This video could not be found.")
        case "PLAYLIST_NOT_FOUND":
            tr("This playlist could not be found.")
        case "ACCOUNT_NOT_FOUND":
            tr("The video account could not be found.")
        case "BAD_REQUEST", "DUPLICATE_PARAMETERS":
            tr("The video service could not understand the player's request.")
        case "INVALID_SEARCH", "ILLEGAL_QUERY", "INVALID_SORT":
            tr("The video search is not valid.")
        case "METHOD_NOT_ALLOWED":
            tr("The video service refused the player's request.")
        case "SERVER_ERROR":
            tr("The video service had a problem. Please try again later.")
        case let code where code.hasSuffix("_RETRIEVE_FAILURE"):
            tr("The video service had a problem. Please try again later.")
        case "SERVICE_UNAVAILABLE":
            tr("The video service is temporarily unavailable. Please try again later.")
        case "SERVER_TIMEOUT":
            tr("The video service took too long to respond. Please try again.")
        default:
            nil
        }
    }
}
