import CGLib
import CGLibShim
import CGStreamer
import CGStreamerShim

extension GStreamerEngine {
    /// playbin3 (hlsdemux2, stream collections) where it can work; playbin for local HLS and as the fallback.
    /// `COVE_PLAYBIN=playbin` forces the classic element.
    static func playbinCandidates(for uri: String) -> [String] {
        if let forced = g_getenv("COVE_PLAYBIN").map({ String(cString: $0) }), !forced.isEmpty {
            return forced == "playbin" ? ["playbin"] : [forced, "playbin"]
        }
        // hlsdemux2 fetches playlists and segments only over HTTP(S); the classic hlsdemux reads file:// too.
        if isLocalHLS(uri) { return ["playbin"] }
        return GStreamerRuntime.hasElement("playbin3") ? ["playbin3", "playbin"] : ["playbin"]
    }

    static func isLocalHLS(_ uri: String) -> Bool {
        let lowered = uri.lowercased()
        guard lowered.hasPrefix("file:") else { return false }
        let path = lowered.split(separator: "?", maxSplits: 1).first ?? ""
        return path.hasSuffix(".m3u8") || path.hasSuffix(".m3u")
    }

    /// Builds the playbin with the configured sinks; the returned reference is owned by the caller.
    func makePipeline(uri: String) -> UnsafeMutablePointer<GstElement>? {
        var playbin: UnsafeMutablePointer<GstElement>?
        for factory in Self.playbinCandidates(for: uri) {
            if let element = gst_element_factory_make(factory, "cove-playbin") {
                playbin = UnsafeMutablePointer(OpaquePointer(gst_object_ref_sink(element)))
                pipelineFactory = factory
                break
            }
        }
        guard let playbin else { return nil }
        cove_object_set_string(playbin, "uri", uri)
        Self.disableText(in: playbin)
        if let videoSink = makeVideoSink() { cove_object_set_object(playbin, "video-sink", videoSink) }
        if let audioSink = makeAudioSink() { cove_object_set_object(playbin, "audio-sink", audioSink) }
        // Time-stretching instead of resampling: playback at another speed keeps the voices' pitch.
        if let stretch = gst_element_factory_make("scaletempo", "cove-scaletempo") {
            cove_object_set_object(playbin, "audio-filter", stretch)
        }
        applyConnectionSpeed(to: playbin)
        let tuning = AdaptiveDemuxTuning()
        tuning.setMaximumBitrate(maximumBitrate)
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
            guard let sink = gst_element_factory_make("appsink", "cove-video") else { return nil }
            let caps = gst_caps_from_string("video/x-raw,format=RGBA")
            cove_object_set_object(sink, "caps", caps)
            gst_caps_unref(caps)
            // One buffer, dropping older ones: the bridge keeps only the newest frame anyway, and a full queue
            // would stall the decoder instead of letting QoS skip late frames.
            cove_object_set_uint(sink, "max-buffers", 1)
            cove_object_set_bool(sink, "drop", 1)
            cove_object_set_bool(sink, "sync", 1)
            cove_object_set_bool(sink, "qos", 1)
            frameBridge = cove_frame_bridge_new(sink, nil, engineFrameDelivery, EngineLink(self).retained(),
                                                releaseEngineLink)
            return sink
        }
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
        if frame.isKeyframe, let time = frame.timestamp { keyframes.insert(time) }
        videoOutput.publish(frame)
    }
}
