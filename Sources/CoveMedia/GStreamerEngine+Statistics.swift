import CGLib
import CGStreamerShim
import CoveCore

/// What analytics reports of the rendition playing: the decoded size (the caption tap sees the decoder's caps),
/// the adaptive demuxer's measured throughput, and the frames the picture path dropped.
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
        return statistics
    }
}
