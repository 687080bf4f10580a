/// Viewer-facing sentences for engine failures; the engine's own detail stays in diagnostics.
public enum PlaybackMessages {
    public static func message(for error: EngineError) -> String {
        switch error.kind {
        case .resource: tr("The video could not be loaded. Check your network connection and try again.")
        case .unsupportedFormat: tr("This video's format cannot be played. A GStreamer plugin may be missing.")
        case .other: tr("The video could not be played.")
        case .refusedPlaylist(.protected): tr("This video is protected by DRM, which this player cannot play.")
        case .refusedPlaylist(.encryptedFragmentedMP4):
            tr("This video is encrypted in a way this system's GStreamer cannot decrypt (AES-128 over fragmented MP4).")
        case .refusedPlaylist(.addressNotOnTheWeb):
            tr("This video's playlist names media that is not on the web, which Cove does not fetch.")
        case .refusedPlaylist(.notAPlaylist): tr("This video's playlist is damaged.")
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
