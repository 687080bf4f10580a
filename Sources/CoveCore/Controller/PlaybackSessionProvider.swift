/// Creates the controller's sessions (SDK `BCOVPlaybackSessionProvider`); replaceable by the app.
@MainActor
public protocol PlaybackSessionProvider: AnyObject {
    /// A session for `video` (and its bumper), or the reason it cannot play.
    func makeSession(for video: Video, bumper: Video?) throws(NoPlayableSourceError) -> PlaybackSession
    /// Whether `makeSession` would find a source, without creating anything.
    func canPlay(_ video: Video) -> Bool
    /// A player for what plays beside a session's own (a client-side ad's creative).
    func makePlayer() -> any PlaybackEngine
}

/// The SDK's basic provider: a source selection policy and an engine per session.
@MainActor
public final class BasicSessionProvider: PlaybackSessionProvider {
    public typealias EngineFactory = @MainActor () -> any PlaybackEngine

    public var sourceSelectionPolicy: SourceSelectionPolicy
    private let makeEngine: EngineFactory

    public init(sourceSelectionPolicy: SourceSelectionPolicy = .default, engineFactory: @escaping EngineFactory) {
        self.sourceSelectionPolicy = sourceSelectionPolicy
        makeEngine = engineFactory
    }

    /// A bumper without a playable source is skipped rather than failing the content.
    public func makeSession(for video: Video, bumper: Video?) throws(NoPlayableSourceError) -> PlaybackSession {
        guard !video.hasError else { throw NoPlayableSourceError(video: video) }
        let source = try video.preferredSource(using: sourceSelectionPolicy)
        let bumperSource = bumper.flatMap { bumper in
            (try? bumper.preferredSource(using: sourceSelectionPolicy)).map { (video: bumper, source: $0) }
        }
        return PlaybackSession(video: video, source: source, engine: makeEngine(), bumper: bumperSource)
    }

    public func canPlay(_ video: Video) -> Bool {
        !video.hasError && sourceSelectionPolicy.select(video) != nil
    }

    public func makePlayer() -> any PlaybackEngine {
        makeEngine()
    }
}
