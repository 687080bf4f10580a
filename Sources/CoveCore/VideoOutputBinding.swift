/// Binds a picture consumer (the player's view) to the video output the state names: the current session's, or a
/// client-side ad's creative while one plays. The previous output is let go, so a preloaded or finished session's
/// frames never reach the screen, and a preloaded session's first picture shows the moment it becomes current.
@MainActor
public final class VideoOutputBinding {
    private let show: @MainActor (any VideoPicture) -> Void
    private var observation: VideoOutputObservation?
    public private(set) weak var output: VideoOutput?

    public init(following state: PlayerState, show: @escaping @MainActor (any VideoPicture) -> Void) {
        self.show = show
        state.observe { [weak self, weak state] changes in
            guard let self, let state, !changes.isDisjoint(with: [.session, .videoOutput]) else { return }
            self.bind(state.videoOutput)
        }
        bind(state.videoOutput)
    }

    private func bind(_ output: VideoOutput?) {
        guard output !== self.output || (output == nil && observation != nil) else { return }
        observation?.cancel()
        observation = nil
        self.output = output
        guard let output else { return }
        observation = output.observe { [show] picture in show(picture) }
        if let latest = output.latestPicture { show(latest) }
    }
}
