/// Everything the controller tells its consumers; `--print-events` writes each as one JSON line.
public enum PlaybackEvent: Sendable, Equatable {
    /// A session started for `videoID` with the chosen source (URL already redacted).
    case session(videoID: String?, source: String)
    case lifecycle(LifecycleEventType)
    /// Seconds; nil when the stream has no duration (live).
    case duration(Double?)
    case progress(Double)
    /// `code` is machine-readable (an API error code or a playback code); `message` is the translated sentence.
    case error(code: String, message: String)
}

/// Codes for playback errors, mirroring the SDK's `kBCOVPlaybackSessionErrorCode…` names.
public enum PlaybackErrorCode {
    public static let loadFailed = "LOAD_FAILED"
    public static let failedToPlayToEnd = "FAILED_TO_PLAY_TO_END"
    public static let noPlayableSource = "NO_PLAYABLE_SOURCE"
}

extension PlaybackEvent {
    /// One JSON object, keys in a fixed order so the lines diff cleanly.
    public var jsonLine: String {
        switch self {
        case .session(let videoID, let source):
            return JSONLine.object([("type", .string("session")), ("video_id", videoID.map(JSONLine.Value.string) ?? .null),
                                    ("source", .string(source))])
        case .lifecycle(let type):
            return JSONLine.object([("type", .string("lifecycle")), ("event", .string(type.rawValue))])
        case .duration(let seconds):
            return JSONLine.object([("type", .string("duration")), ("duration", seconds.map(JSONLine.Value.number) ?? .null)])
        case .progress(let seconds):
            return JSONLine.object([("type", .string("progress")), ("time", .number(seconds))])
        case .error(let code, let message):
            return JSONLine.object([("type", .string("error")), ("code", .string(code)), ("message", .string(message))])
        }
    }
}
