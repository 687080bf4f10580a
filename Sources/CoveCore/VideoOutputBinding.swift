/// Binds a picture consumer (the player's view) to the current session's video output: each session that becomes
/// current is observed and the previous one let go, so a preloaded or finished session's frames never reach the
/// screen, and a preloaded session's first picture shows the moment it becomes current.
@MainActor
public final class VideoOutputBinding: PlaybackSessionConsumer {
    private let show: @MainActor (any VideoPicture) -> Void
    private var observation: VideoOutputObservation?
    public private(set) weak var output: VideoOutput?

    public init(show: @escaping @MainActor (any VideoPicture) -> Void) {
        self.show = show
    }

    public func didAdvance(to session: PlaybackSession) {
        observation?.cancel()
        let output = session.engine.videoOutput
        self.output = output
        observation = output.observe { [show] picture in show(picture) }
        if let latest = output.latestPicture { show(latest) }
    }
}
