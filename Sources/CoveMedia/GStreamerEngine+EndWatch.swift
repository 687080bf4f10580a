import CGLib
import CGStreamer
import CoveCore
import CoveGLib

/// The last guard of a playlist: while the viewer wants the video playing, the playhead is watched (playing, or
/// held for buffering, when no position poll runs), and a playhead standing at the end with nothing left to fetch
/// ends the video as if GStreamer's end of stream had come (`EndWatch`).
extension GStreamerEngine {
    static let endWatchIntervalMilliseconds: UInt32 = 250

    func syncEndWatch() {
        let shouldWatch = isActive && load.isReady && load.playRequested && !load.hasEnded && !load.isLive && !load.hasFailed
        if shouldWatch, endWatchTimer == nil {
            load.endWatch.reset()
            endWatchTimer = MainLoop.every(milliseconds: Self.endWatchIntervalMilliseconds) { [weak self] in
                self?.checkEnd() ?? false
            }
        } else if !shouldWatch, let timer = endWatchTimer {
            timer.cancel()
            endWatchTimer = nil
        }
    }

    private func checkEnd() -> Bool {
        guard isActive, !load.hasFailed, !load.hasEnded else {
            endWatchTimer = nil
            return false
        }
        let position = queryPosition() ?? load.lastPosition
        // Held for buffering with the rest of the stream still to download is a real stall, not an end.
        if load.isHeldForBuffering { refreshBufferedPosition(playhead: position) }
        let fetching = load.isHeldForBuffering
            && (load.bufferedPosition ?? 0) < (load.duration ?? .infinity) - EndWatch.distance
        let now = Double(g_get_monotonic_time()) / 1_000_000
        guard load.endWatch.observe(position: position, duration: load.duration, wantsPlay: load.playRequested && !load.isSeeking,
                               isFetching: fetching, now: now), let position else { return true }
        endWatchTimer = nil
        // With GST_DEBUG_DUMP_DOT_DIR set, the pipeline as it stood (the sinks' pads show whether EOS reached them).
        if let pipeline {
            gst_debug_bin_to_dot_file_with_ts(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self),
                                              GST_DEBUG_GRAPH_SHOW_ALL, "cove-end-assumed")
        }
        load.hasEnded = true
        cancelPositionTimer()
        emit(.endAssumed(at: position))
        return false
    }
}
