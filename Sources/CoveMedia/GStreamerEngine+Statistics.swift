import CGLib
import CGStreamer
import CGStreamerShim
import CoveCore
import FoundationEssentials

/// What analytics and the statistics overlay report of the media playing: the decoded size (the caption tap sees
/// the decoder's caps), the adaptive demuxer's measured throughput and the master's variants, the frames the
/// picture path and the sink dropped, and the demuxers and decoders playbin chose (the element census).
extension GStreamerEngine {
    public var statistics: EngineStatistics? {
        var statistics = EngineStatistics()
        var width: gint = 0, height: gint = 0
        if let captionTap, cove_caption_tap_video_size(captionTap, &width, &height) != 0 {
            statistics.width = Int(width)
            statistics.height = Int(height)
        }
        statistics.measuredBitrate = tuning?.measuredBandwidth()
        if frameBridge != nil { statistics.droppedFrames = Int(clamping: droppedFrameCount) }
        statistics.pipeline = load.pipelineFactory
        statistics.heldBitrate = heldBitrate
        guard let pipeline else { return statistics }
        statistics.lateFrames = Self.lateFrames(in: pipeline)
        if let master = cove_playbin_master_playlist(pipeline) {
            defer { g_free(master) }
            if let base = loadedURI.flatMap(URL.init(string:)) {
                statistics.variants = StreamVariant.variants(ofMaster: String(cString: master), baseURL: base)
            }
        } else if let manifest = dashManifest() {
            statistics.variants = manifest.videoVariants
        }
        if let census { Self.read(census, into: &statistics) }
        return statistics
    }

    /// The video sink's QoS drops (appsink, or the fake sink of a headless engine).
    private static func lateFrames(in pipeline: UnsafeMutablePointer<GstElement>) -> Int? {
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let sink = gst_bin_get_by_name(bin, "cove-video") ?? gst_bin_get_by_name(bin, "cove-video-null")
        else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(sink)) }
        var rendered: guint64 = 0, dropped: guint64 = 0
        guard cove_base_sink_frames(sink, &rendered, &dropped) != 0 else { return nil }
        return Int(clamping: dropped)
    }

    private static func read(_ census: OpaquePointer, into statistics: inout EngineStatistics) {
        guard let described = cove_element_census_describe(census) else { return }
        defer { g_free(described) }
        for line in String(cString: described).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            let codec = fields[2].isEmpty ? nil : fields[2]
            switch fields[0] {
            case "demuxer":
                statistics.demuxers.append(fields[1])
            case "video-decoder":
                statistics.videoDecoder = fields[1]
                statistics.videoCodec = codec ?? statistics.videoCodec
            case "audio-decoder":
                statistics.audioDecoder = fields[1]
                statistics.audioCodec = codec ?? statistics.audioCodec
            default:
                break
            }
        }
    }
}

extension GStreamerEngine {
    /// Every element of the pipeline with its state, and the state it is still changing to: what a load that never
    /// becomes ready is waiting for (the tests print it when Ready does not come).
    public var stateReport: String {
        guard let pipeline, let text = cove_bin_state_report(pipeline) else { return "no pipeline" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
