/// Sessions that play where the viewer chose: here (the local provider's), or on a Cast device while one is
/// chosen, each video then in a remote player with its cast source (`SourceSelectionPolicy.cast`), without a
/// bumper. A video with nothing a device can play stays here; the caller says so before casting it.
@MainActor
public final class CastSessionProvider: PlaybackSessionProvider {
    /// Makes the remote player for a video and the source chosen for the device.
    public typealias RemotePlayerFactory = @MainActor (Video, Source) -> any PlaybackEngine

    private let local: any PlaybackSessionProvider
    private var remote: RemotePlayerFactory?
    /// The device's name while casting.
    public private(set) var deviceName: String?

    public init(local: any PlaybackSessionProvider) {
        self.local = local
    }

    public var isCasting: Bool { remote != nil }

    /// From now on, videos play on the device `name` through `makePlayer`.
    public func cast(to name: String, makePlayer: @escaping RemotePlayerFactory) {
        deviceName = name
        remote = makePlayer
    }

    /// From now on, videos play here again.
    public func stopCasting() {
        deviceName = nil
        remote = nil
    }

    public func makeSession(for video: Video, bumper: Video?) throws(NoPlayableSourceError) -> PlaybackSession {
        guard let remote, !video.hasError, let source = SourceSelectionPolicy.cast.select(video) else {
            return try local.makeSession(for: video, bumper: bumper)
        }
        return PlaybackSession(video: video, source: source, engine: remote(video, source), bumper: nil, isRemote: true)
    }

    public func canPlay(_ video: Video) -> Bool {
        local.canPlay(video) || (isCasting && SourceSelectionPolicy.cast.select(video) != nil)
    }

    public func makePlayer() -> any PlaybackEngine {
        local.makePlayer()
    }
}
