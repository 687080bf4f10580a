import CGLib
import CGStreamer
import CGStreamerShim
import CoveCore
import CoveGLib

/// The GStreamer back end of `PlaybackEngine`: one playbin pipeline per loaded URI.
///
/// Every signal and frame arrives on the main thread, from whatever runs GLib's default main context (GTK's loop
/// or `MainLoop.run`). Streaming threads only touch the C frame bridge. Resources are released by `stop()`,
/// by the next `load(uri:)`, or at the latest by the isolated deinit, so dropping the engine does not leak.
@MainActor
public final class GStreamerEngine: PlaybackEngine {
    public var signalHandler: (@MainActor (EngineSignal) -> Void)?
    /// Decoded frames when `options.videoOutput` is `.frames`, on the main thread; a slow observer makes frames
    /// drop, never queue. The latest one is a preloaded engine's prerolled picture, shown the moment its session
    /// becomes current; it is released with the pipeline.
    public let videoOutput = VideoOutput()
    public let options: EngineOptions
    /// The playbin variant of the current pipeline ("playbin3" or "playbin"), for diagnostics.
    public var pipelineFactory: String? { load.pipelineFactory }
    public var duration: Double? { load.duration }
    /// How far media has arrived ahead of the playhead, in stream seconds; polled while playing.
    public var bufferedPosition: Double? { load.bufferedPosition }

    public var transport: EngineTransport {
        EngineTransport(isReady: load.isReady, hasPlayed: load.hasPlayed, hasEnded: load.hasEnded,
                        hasFailed: load.hasFailed)
    }

    /// The current load's own facts; a new load is a new value.
    var load = PipelineLoad()
    var pipeline: UnsafeMutablePointer<GstElement>?
    /// The address loaded, for resolving what its master playlist names.
    var loadedURI: String?
    var loadOptions = EngineLoadOptions()
    /// The demuxers and decoders the pipeline chose (cove_element_census.c), for the statistics overlay.
    var census: OpaquePointer?
    var frameBridge: OpaquePointer?
    /// The caption data carried in the video (cove_caption_tap.c).
    var captionTap: OpaquePointer?
    /// The capsfilter that sizes frames (owned by the pipeline), and the caps it was last given.
    var videoSizeFilter: UnsafeMutablePointer<GstElement>?
    var appliedSizeCaps: String?
    var positionTimer: TimerSource?
    /// Watches for an end that never comes (GStreamerEngine+EndWatch).
    var endWatchTimer: TimerSource?
    /// False before `load` and after `stop`/teardown: nothing is emitted while false.
    var isActive = false
    static let seekSettleLimit = Duration.seconds(2)
    /// Flushing seeks sent to the pipeline so far (for tests).
    var flushingSeeksSent = 0
    /// Caps and buffer for the adaptive demuxer; survive loads so a later session keeps the cap.
    var maximumBitrate = 0
    /// The rendition held by the Quality menu (its demuxer bitrate); nil switches adaptively.
    var heldBitrate: Int?
    var forwardBufferSeconds: Double?
    var tuning: AdaptiveDemuxTuning?
    /// This load's name at the HLS playlist gate, where its refusals are kept.
    var gateLoad: String?
    /// Counts loads: a signal queued for an earlier load is never delivered.
    var generation = 0
    /// Signals wait here for the main loop's next turn (`emit`), each with the load it belongs to.
    var queuedSignals: [(generation: Int, signal: EngineSignal)] = []
    var deliveryScheduled = false

    public init(options: EngineOptions = EngineOptions()) {
        self.options = options
        GStreamerRuntime.ensureInitialized()
        videoOutput.onPreferredSizeChange = { [weak self] in self?.applyPreferredSize() }
    }

    isolated deinit {
        teardown()
    }

    public var position: Double? {
        if load.isReady, let current = queryPosition() { return current }
        return load.lastPosition
    }

    /// Frames replaced before the main thread took them, since the last load (a measure of UI load).
    public var droppedFrameCount: UInt64 {
        frameBridge.map { UInt64(cove_frame_bridge_dropped($0)) } ?? 0
    }

    public func load(uri: String, options: EngineLoadOptions) {
        teardown()
        load.selectionTimer?.cancel()
        load = PipelineLoad()
        generation += 1
        isActive = true
        loadOptions = options
        loadedURI = uri
        maximumBitrate = options.maximumBitrate
        heldBitrate = options.heldBitrate
        if let seconds = options.forwardBufferSeconds { forwardBufferSeconds = seconds }
        if let start = options.startPosition, start > 0 { load.pendingSeek = (start, 0.1) }
        guard let pipeline = makePipeline(uri: uri) else {
            fail(EngineError(kind: .unsupportedFormat, detail: "GStreamer has no playbin element"))
            return
        }
        self.pipeline = pipeline
        let bus = gst_element_get_bus(pipeline)
        gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, engineBusWatch, EngineLink(self).retained(),
                               releaseEngineLink)
        switch gst_element_set_state(pipeline, GST_STATE_PAUSED) {
        case GST_STATE_CHANGE_NO_PREROLL:
            load.isLive = true
        case GST_STATE_CHANGE_FAILURE:
            // The reason is already queued on the bus; handle it now rather than leave a broken pipeline waiting.
            while !load.hasFailed, let message = gst_bus_pop(bus) {
                handle(message)
                gst_message_unref(message)
            }
            if !load.hasFailed { fail(EngineError(kind: .other, detail: "the pipeline refused to start")) }
        default:
            break
        }
        gst_object_unref(bus)
    }

    public func play() {
        load.playRequested = true
        applyTargetState()
        syncEndWatch()
    }

    public func pause() {
        load.playRequested = false
        // Already paused for buffering: GStreamer will post no state change, so say it here.
        if load.isHeldForBuffering { report(.paused) }
        applyTargetState()
        syncEndWatch()
    }

    public func stop() {
        teardown()
    }

    // MARK: - Internals shared with the bus handling

    /// Queues `signal` for the main loop's next turn, in order. The controller never runs inside a bus message or
    /// an engine call, so no handler can stop or reload the engine halfway through one: nothing here has to check
    /// afterwards whether it is still the same load.
    func emit(_ signal: EngineSignal) {
        guard isActive else { return }
        queuedSignals.append((generation, signal))
        guard !deliveryScheduled else { return }
        deliveryScheduled = true
        MainLoop.after(milliseconds: 0) { [weak self] in self?.deliverQueuedSignals() }
    }

    /// Hands the queued signals over in order; those of a load since replaced, or of a stopped engine, are dropped.
    private func deliverQueuedSignals() {
        deliveryScheduled = false
        while !queuedSignals.isEmpty {
            let (load, signal) = queuedSignals.removeFirst()
            guard isActive, load == generation else { continue }
            signalHandler?(signal)
        }
    }

    /// Reports `.playing`/`.paused` only after `.ready` and only when it changes.
    func report(_ state: EngineSignal) {
        guard load.isReady, !load.hasFailed, load.reportedState != state else { return }
        load.reportedState = state
        emit(state)
    }

    func fail(_ error: EngineError) {
        guard isActive, !load.hasFailed else { return }
        load.hasFailed = true
        cancelTimers()
        // A failed pipeline keeps threads and sockets; release them now, through the disposal queue like every
        // other pipeline (a NULL here, on the main thread, could deadlock the UI and raced the queue's own NULLs).
        // Before the signal: its handler may load another URI, whose pipeline must not be touched here.
        releasePipeline()
        emit(.error(error))
    }

    /// Nothing before Ready: the pipeline is on its way to PAUSED (or there, when live), and `becomeReady` applies
    /// the target. A state change asked for during the preroll could abort the process: an ERROR from any element
    /// fails GstBin's state change at once, even a decoder that fails to start and that decodebin3 replaces with
    /// the next one and goes on (the hardware fallback), so the playbin's committed state stays READY while its
    /// children preroll. GStreamer then starts the next change from READY, playbin3 (1.22) runs its READY→PAUSED
    /// a second time, zeroing its active stream types while its combiners still hold playsink's pads, and the
    /// next pad decodebin3 exposes fails `combine->sinkpad == NULL` (gstplaybin3.c:2608, reconfigure_output).
    func applyTargetState() {
        guard isActive, load.isReady, !load.hasFailed, let pipeline else { return }
        let target = load.playRequested && !load.isHeldForBuffering ? GST_STATE_PLAYING : GST_STATE_PAUSED
        gst_element_set_state(pipeline, target)
    }

    func cancelPositionTimer() {
        positionTimer?.cancel()
        positionTimer = nil
    }

    func cancelTimers() {
        cancelPositionTimer()
        endWatchTimer?.cancel()
        endWatchTimer = nil
    }

    /// Idempotent; after it returns no signal or frame is delivered for the old pipeline.
    private func teardown() {
        isActive = false
        queuedSignals.removeAll()
        cancelTimers()
        videoOutput.clear()
        releasePipeline()
    }

    /// Hands the pipeline to the disposal queue; its frame bridge and bus watch go first, so nothing of it reaches
    /// Swift any more (closing the bridge drops frames already on their way to the main thread).
    private func releasePipeline() {
        if let frameBridge { cove_frame_bridge_free(frameBridge) }
        frameBridge = nil
        if let captionTap { cove_caption_tap_free(captionTap) }
        captionTap = nil
        if let census { cove_element_census_free(census) }
        census = nil
        videoSizeFilter = nil
        appliedSizeCaps = nil
        videoOutput.fullSizeFrames = nil
        if let gateLoad { HLSPlaylistGate.shared?.forget(load: gateLoad) }
        gateLoad = nil
        guard let pipeline else { return }
        self.pipeline = nil
        let bus = gst_element_get_bus(pipeline)
        gst_bus_remove_watch(bus)
        gst_object_unref(bus)
        let tuning = self.tuning
        self.tuning = nil
        PipelineDisposal.dispose(pipeline, then: tuning)
    }
}
