/// Viewer-facing sentences for engine failures; the engine's own detail stays in diagnostics.
public enum PlaybackMessages {
    public static func message(for error: EngineError) -> String {
        switch error.kind {
        case .resource: tr("The video could not be loaded. Check your network connection and try again.")
        case .unsupportedFormat: tr("This video's format cannot be played. A GStreamer plugin may be missing.")
        case .other: tr("The video could not be played.")
        }
    }

    /// A queue of several videos (a playlist) none of which can play; a single video gives its own reason.
    static var noPlayableVideo: String { tr("This playlist has no video that can be played.") }

    /// A video of the queue skipped because it cannot play; `reason` is a sentence of its own.
    static func leftOut(_ reason: String) -> String {
        tr("A playlist video was left out: %@").replacingPlaceholder(with: reason)
    }

    /// The playhead stopped at the end without the engine saying the video was over (`EndWatch`).
    static var endAssumed: String { tr("The video stopped just before its end and was ended there.") }

    static var bumperFailed: String { tr("The bumper video could not be played; the video plays without it.") }
}
