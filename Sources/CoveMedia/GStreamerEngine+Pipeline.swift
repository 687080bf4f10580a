import FoundationEssentials
import CGLib
import CGLibShim
import CGStreamer
import CGStreamerShim

extension GStreamerEngine {
    /// playbin3 for what comes over HTTP(S) (hlsdemux2's alternate renditions and bandwidth measurement, stream
    /// collections, the parsers that tell how far a download has arrived); classic playbin for local files, and as
    /// the fallback. GStreamer 1.22's playbin3 sometimes never prerolled a local file: decodebin3 exposed no output
    /// and playsink stayed READY, every other element PAUSED (`stateReport`), about once in fifty loads while the
    /// machine was busy; the classic element, the default until 1.24 (and Clapper's), never did in the same runs.
    /// `COVE_PLAYBIN=playbin` forces the classic element, `COVE_PLAYBIN=playbin3` the new one.
    static func playbinCandidates(for uri: String) -> [String] {
        if let forced = g_getenv("COVE_PLAYBIN").map({ String(cString: $0) }), !forced.isEmpty {
            return forced == "playbin" ? ["playbin"] : [forced, "playbin"]
        }
        // hlsdemux2 fetches playlists and segments only over HTTP(S); the classic hlsdemux reads file:// too.
        if isLocal(uri) { return ["playbin"] }
        return GStreamerRuntime.hasElement("playbin3") ? ["playbin3", "playbin"] : ["playbin"]
    }

    static func isLocal(_ uri: String) -> Bool {
        uri.lowercased().hasPrefix("file:")
    }

    /// Builds the playbin with the configured sinks; the returned reference is owned by the caller.
    func makePipeline(uri: String) -> UnsafeMutablePointer<GstElement>? {
        var playbin: UnsafeMutablePointer<GstElement>?
        for factory in Self.playbinCandidates(for: uri) {
            if let element = gst_element_factory_make(factory, "cove-playbin") {
                playbin = UnsafeMutablePointer(OpaquePointer(gst_object_ref_sink(element)))
                load.pipelineFactory = factory
                break
            }
        }
        guard let playbin else { return nil }
        cove_object_set_string(playbin, "uri", uri)
        Self.disableText(in: playbin)
        passPlaylistsThroughTheGate(playbin, uri: uri)
        if let videoSink = makeVideoSink() { cove_object_set_object(playbin, "video-sink", videoSink) }
        if options.videoOutput == .frames {
            tapFullSizeFrames(of: playbin)
            // The sink bin converts and scales, on every core; playsink's own converters would do it first, on
            // one thread, in the order of convert then scale (every source pixel converted to RGBA). Nor does Cove
            // offer colour balance: playsink's videobalance and its two converters are not built.
            let flags = cove_object_get_int(playbin, "flags") | Self.nativeVideoFlag
            cove_object_set_int(playbin, "flags", flags & ~Self.softColorBalanceFlag)
        }
        if let audioSink = makeAudioSink() { cove_object_set_object(playbin, "audio-sink", audioSink) }
        // Time-stretching instead of resampling: playback at another speed keeps the voices' pitch.
        if let stretch = gst_element_factory_make("scaletempo", "cove-scaletempo") {
            cove_object_set_object(playbin, "audio-filter", stretch)
        }
        applyConnectionSpeed(to: playbin)
        tapClosedCaptions(in: playbin)
        census = cove_element_census_new(playbin)
        let tuning = AdaptiveDemuxTuning()
        tuning.setMaximumBitrate(maximumBitrate)
        tuning.holdBitrate(heldBitrate)
        if let forwardBufferSeconds { tuning.setForwardBuffer(seconds: forwardBufferSeconds) }
        tuning.watch(playbin)
        self.tuning = tuning
        return playbin
    }

    private func makeVideoSink() -> UnsafeMutablePointer<GstElement>? {
        switch options.videoOutput {
        case .none:
            return Self.realTimeFakeSink(name: "cove-video-null")
        case .frames:
            guard let bin = makeFrameSinkBin() else { return nil }
            return bin
        }
    }

    /// `videoscale ! capsfilter ! videoconvert ! appsink`: decoded frames are scaled to the size they are shown at
    /// in their own format, then converted to RGBA (or cairo's BGRA), each on as many threads as there are cores;
    /// the capsfilter follows the video output's preferred size. Two passes cost less than videoconvertscale's one:
    /// its one pass runs the general path (every line unpacked, scaled and packed), while I420 to RGBA at one size
    /// has Orc's fast path (measured on a 1080p H.264 file to 1280x720: 1.8 s of CPU per 30 s against 3.3 s). Playbin's
    /// own converters pass through, since this bin takes any raw video.
    private func makeFrameSinkBin() -> UnsafeMutablePointer<GstElement>? {
        guard let filter = gst_element_factory_make("capsfilter", "cove-video-size"),
              let sink = gst_element_factory_make("appsink", "cove-video"),
              let binElement = gst_bin_new("cove-video-bin") else { return nil }
        let threads = UInt32(max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)))
        var chain: [UnsafeMutablePointer<GstElement>]
        if let scaler = gst_element_factory_make("videoscale", "cove-video-scale"),
           let converter = gst_element_factory_make("videoconvert", "cove-video-convert") {
            chain = [scaler, filter, converter, sink]
        } else if let scaler = gst_element_factory_make("videoconvertscale", "cove-video-scale") {
            chain = [scaler, filter, sink]
        } else {
            gst_object_unref(UnsafeMutableRawPointer(binElement))
            return nil
        }
        for element in chain where element != filter && element != sink {
            cove_object_set_uint(element, "n-threads", threads)
        }
        let caps = gst_caps_from_string("video/x-raw,format=\(pixelFormatName)")
        cove_object_set_object(sink, "caps", caps)
        gst_caps_unref(caps)
        // One buffer, dropping older ones: the bridge keeps only the newest frame anyway, and a full queue
        // would stall the decoder instead of letting QoS skip late frames.
        cove_object_set_uint(sink, "max-buffers", 1)
        cove_object_set_bool(sink, "drop", 1)
        cove_object_set_bool(sink, "sync", 1)
        cove_object_set_bool(sink, "qos", 1)
        let bin = UnsafeMutableRawPointer(binElement).assumingMemoryBound(to: GstBin.self)
        for element in chain { gst_bin_add(bin, element) }
        guard zip(chain, chain.dropFirst()).allSatisfy({ gst_element_link($0, $1) != 0 }),
              let target = gst_element_get_static_pad(chain[0], "sink") else {
            gst_object_unref(UnsafeMutableRawPointer(binElement))
            return nil
        }
        let ghost = gst_ghost_pad_new("sink", target)
        gst_object_unref(UnsafeMutableRawPointer(target))
        gst_element_add_pad(binElement, ghost)
        videoSizeFilter = filter
        applyPreferredSize()
        frameBridge = cove_frame_bridge_new(sink, nil, engineFrameDelivery, EngineLink(self).retained(),
                                            releaseEngineLink)
        return binElement
    }

    /// Playsink scales frames to the size the sink bin asks for before they reach it, so the frames at the video's
    /// own size (for saving one) are taken from its video filter, which comes before its converters.
    private func tapFullSizeFrames(of playbin: UnsafeMutablePointer<GstElement>) {
        guard let filter = gst_element_factory_make("identity", "cove-video-tap"),
              let pad = gst_element_get_static_pad(filter, "sink") else { return }
        videoOutput.fullSizeFrames = FrameTapSource(pad: pad)
        gst_object_unref(UnsafeMutableRawPointer(pad))
        cove_object_set_object(playbin, "video-filter", filter)
    }

    /// GStreamer's name for the frames' byte order.
    var pixelFormatName: String { options.pixelOrder == .bgra ? "BGRA" : "RGBA" }

    /// Caps the frames at the video output's preferred size, keeping the display aspect ratio and never scaling
    /// up (videoconvertscale fixates ranges to the size nearest the source's); square pixels, so anamorphic video
    /// shows at its true shape. Renegotiates a running pipeline: capsfilter asks upstream to reconfigure.
    func applyPreferredSize() {
        guard let videoSizeFilter else { return }
        let limit = videoOutput.preferredSize.map { (max(2, $0.width), max(2, $0.height)) } ?? (16384, 16384)
        // No format: the frames are scaled in the decoder's own, and the appsink's caps name the one converted to.
        let description = "video/x-raw,width=(int)[1,\(limit.0)],height=(int)[1,\(limit.1)]"
            + ",pixel-aspect-ratio=(fraction)1/1"
        guard description != appliedSizeCaps, let caps = gst_caps_from_string(description) else { return }
        appliedSizeCaps = description
        cove_object_set_object(videoSizeFilter, "caps", caps)
        gst_caps_unref(caps)
        prerollAtNewSize()
    }

    /// A paused pipeline sends no frame after renegotiating, so a paused picture would keep its old size (blurred
    /// when the window grew): a flushing seek to where it is prerolls the same frame again at the new size. Only
    /// for the viewer's pause: never during the first preroll, on its way to playing.
    private func prerollAtNewSize() {
        guard isActive, load.isReady, load.hasPlayed, !load.hasFailed, !load.playRequested, !load.isLive, !load.hasEnded, !load.isSeeking,
              let here = queryPosition() ?? load.lastPosition else { return }
        if flushingSeek(to: here, accurate: true) { load.isSeeking = true }
    }

    private func makeAudioSink() -> UnsafeMutablePointer<GstElement>? {
        if options.audioOutput == .automatic, SoundOutput.isPlausiblyAvailable(),
           let sink = gst_element_factory_make("autoaudiosink", "cove-audio") {
            return sink
        }
        return Self.realTimeFakeSink(name: "cove-audio-null")
    }

    /// Discards data at the pace of the clock, so position and end of stream behave as if it were shown or heard.
    private static func realTimeFakeSink(name: String) -> UnsafeMutablePointer<GstElement>? {
        guard let sink = gst_element_factory_make("fakesink", name) else { return nil }
        cove_object_set_bool(sink, "sync", 1)
        return sink
    }

    /// Called by the frame bridge on the main thread; `sample` stays owned by the caller.
    func deliver(_ sample: OpaquePointer) {
        guard isActive, let frame = VideoFrame(sample: sample) else { return }
        if frame.isKeyframe, let time = frame.timestamp { load.keyframes.insert(time) }
        if let time = frame.timestamp { (videoOutput.fullSizeFrames as? FrameTapSource)?.shown(at: time) }
        videoOutput.publish(frame)
    }
}
