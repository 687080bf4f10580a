/// Viewer-facing sentences for engine failures; the engine's own detail stays in diagnostics.
public enum PlaybackMessages {
    public static func message(for error: EngineError) -> String {
        switch error.kind {
        case .resource: tr("The video could not be loaded. Check your network connection and try again.")
        case .unsupportedFormat: tr("This video's format cannot be played. A GStreamer plugin may be missing.")
        case .other: tr("The video could not be played.")
        }
    }
}
