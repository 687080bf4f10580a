import CoveCore
import CoveGLib

/// What the engine knows of one load: made new by `load(uri:options:)`, so nothing of an earlier video (its
/// readiness, a pending seek, its keyframes, the streams it reported) can reach the next one.
struct PipelineLoad {
    /// The playbin variant ("playbin3" or "playbin"), for diagnostics.
    var pipelineFactory: String?
    var isReady = false
    var hasFailed = false
    /// `play()` was called for this load and `pause()` not since: the pipeline's target state. (The viewer's wish
    /// across loads, a bumper and a resume included, is the controller's.)
    var playRequested = false
    /// Live sources do not preroll and must not be paused for buffering.
    var isLive = false
    /// Paused by the engine (not the viewer) until the buffer refills.
    var isHeldForBuffering = false
    var buffering = BufferingCoalescer()
    /// `.playing`/`.paused` as last reported, so repeated GStreamer state messages do not repeat signals.
    var reportedState: EngineSignal?
    var pendingSeek: (seconds: Double, tolerance: Double)?
    /// Keyframes seen so far, so a seek snaps to one only when it lies within the tolerance asked for.
    var keyframes = KeyframeIndex()
    var isSeeking = false
    /// When the flushing seek in progress began; a seek asked for later waits for it at most `seekSettleLimit`.
    var seekStartedAt: ContinuousClock.Instant?
    var hasEnded = false
    /// The pipeline reached PLAYING in this load: a paused picture after that is the viewer's pause.
    var hasPlayed = false
    var lastPosition: Double?
    var duration: Double?
    /// How far media has arrived ahead of the playhead, in stream seconds; polled while playing.
    var bufferedPosition: Double?
    /// Playback speed of the pipeline; every seek carries it.
    var rate = 1.0
    /// The latest stream collection (playbin3) or what classic playbin reported.
    var streamContents: StreamCollectionReader.Contents?
    var reportedStreams: EngineStreams?
    var selectedStreams: (audio: String?, text: String?)?
    var reportedSelection: (audio: String?, text: String?)?
    /// An audio stream asked for before the pipeline could take it.
    var pendingAudio: String?
    /// A selection sent to playbin3 and not yet confirmed; older selections reported meanwhile are stale.
    var requestedSelection: (audio: String?, text: String?)?
    var selectionTimer: TimerSource?
    /// Confirmed by STREAMS_SELECTED, not yet seen in moving media.
    var isSelectionSettling = false
    var reportedSeekable: SeekableRange??
    /// The caption data carried in the video and its CEA-608 and CEA-708 decoders.
    var closedCaptions: ClosedCaptionDecoder?
    var captionServices = CEA708CaptionDecoder()
    /// Watches for an end that never comes (GStreamerEngine+EndWatch).
    var endWatch = EndWatch()
}
