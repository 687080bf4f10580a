/// One video playing through one engine; the controller owns it and terminates it before the next.
@MainActor
public final class PlaybackSession {
    public let video: Video
    public let source: Source
    public let engine: any PlaybackEngine
    public internal(set) var isReady = false
    public internal(set) var isPlaying = false
    public internal(set) var isBuffering = false
    public internal(set) var hasEnded = false
    public internal(set) var duration: Double?
    public internal(set) var position: Double = 0
    /// A play request that came before Ready; honoured on Ready.
    var wantsPlay = false
    var lastProgressReported: Double?
    var terminated = false

    init(video: Video, source: Source, engine: any PlaybackEngine) {
        self.video = video
        self.source = source
        self.engine = engine
    }
}
