import FoundationEssentials

/// Why a Playback API body could not be turned into values. Only the overall shape can fail: wrong types in
/// individual fields are tolerated and read as absent.
public enum PlaybackJSONError: Error, Sendable, Equatable {
    /// The body is not JSON; `prefix` is its start (at most `prefixLimit` characters) for diagnosis.
    case notJSON(prefix: String)
    /// Valid JSON, but not the object the caller asked for (for example an array where a video was expected).
    case unexpectedShape(String)

    /// How much of a non-JSON body is kept: enough to recognise an HTML error page, little enough for a log line.
    public static let prefixLimit = 200

    /// A sentence for the viewer; the case's payload is for logs only.
    public var userMessage: String {
        tr("The video service sent a response the player could not read.")
    }

    static func prefix(of body: some Collection<UInt8>) -> String {
        // Decode a little more than needed so a multi-byte character cut at the byte limit is not mangled.
        let text = String(decoding: body.prefix(prefixLimit * 4), as: UTF8.self)
        return String(text.prefix(prefixLimit))
    }

    static func expectedObject(_ what: String, found value: JSONValue) -> PlaybackJSONError {
        .unexpectedShape("expected a JSON object for a \(what), found \(value.typeName)")
    }
}

extension PlaybackJSONError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notJSON(let prefix): "response is not JSON; it starts with: \(prefix)"
        case .unexpectedShape(let detail): "unexpected JSON shape: \(detail)"
        }
    }
}
