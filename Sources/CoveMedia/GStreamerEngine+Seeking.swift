import CGLib
import CGStreamerShim
import CGStreamer
import CoveCore

/// Seeks, speed, and the time queries.
extension GStreamerEngine {
    public func seek(to seconds: Double, tolerance: Double) {
        guard isActive, !load.hasFailed, pipeline != nil else { return }
        var target = max(0, seconds.isFinite ? seconds : 0)
        // The End key and a slider at its right edge ask for the duration itself. qtdemux reading over HTTP (push
        // mode, GStreamer 1.22) maps a seek to a track's segment only where that segment stops after the target:
        // at or past a track's end it pushes that track's last samples with no segment event, and playsink's volume
        // raises a CRITICAL on them. A track ends at most a few frames before the movie does; from just before the
        // end the last frames play and the video ends as it would have.
        if let duration = load.duration { target = min(target, max(0, duration - Self.endSeekMargin)) }
        guard load.isReady else {
            load.pendingSeek = (target, tolerance)
            return
        }
        // One flushing seek at a time: a seek asked for while one still flushes waits for it to land and then
        // goes to the latest target. Scrubbing sends fewer flushes through the pipeline, and hlsdemux2 (GStreamer
        // 1.22) was seen to abort on a download request reused while a flush cancelled it.
        if load.isSeeking, let started = load.seekStartedAt, ContinuousClock.now - started < Self.seekSettleLimit {
            load.pendingSeek = (target, tolerance)
            load.lastPosition = target
            return
        }
        // Snapping to a keyframe is faster (decoding starts there) but lands off the target: only when the
        // keyframe is within the tolerance. A 10 s jump on a stream with a keyframe every 4 s lands on the target.
        let snap = load.keyframes.nearest(to: target, within: tolerance) != nil
        if flushingSeek(to: target, accurate: !snap) {
            load.isSeeking = true
            load.seekStartedAt = ContinuousClock.now
            load.hasEnded = false
            load.lastPosition = target
        }
    }

    /// How far before the duration a seek to the end lands.
    static let endSeekMargin = 0.25

    /// A flushing seek to where playback is, at the new speed; scaletempo (the playbin's audio filter) keeps the
    /// pitch. Remembered for later seeks of this load.
    public func setRate(_ newRate: Double) {
        let wanted = newRate > 0 && newRate.isFinite ? newRate : 1
        guard wanted != load.rate else { return }
        load.rate = wanted
        guard isActive, load.isReady, !load.hasFailed, !load.hasEnded else { return }
        // Like a seek, a speed change waits for a flushing seek still on its way: the pending target (or where
        // playback is) is then sought at the new speed. Every flush cancels the adaptive demuxer's downloads, and
        // libsoup 3.2 can crash closing a download cancelled mid-read (Sources/CoveMedia/README.md).
        if load.isSeeking, let started = load.seekStartedAt, ContinuousClock.now - started < Self.seekSettleLimit {
            load.pendingSeek = load.pendingSeek ?? (queryPosition() ?? load.lastPosition ?? 0, 0)
            return
        }
        guard let here = queryPosition() ?? load.lastPosition else { return }
        if flushingSeek(to: here, accurate: true) {
            load.isSeeking = true
            load.seekStartedAt = ContinuousClock.now
        }
    }

    func flushingSeek(to target: Double, accurate: Bool) -> Bool {
        guard let pipeline else { return false }
        let precision = accurate
            ? GST_SEEK_FLAG_ACCURATE.rawValue
            : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | precision)
        flushingSeeksSent += 1
        return gst_element_seek(pipeline, load.rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET,
                                gint64(target * 1_000_000_000), GST_SEEK_TYPE_NONE, -1) != 0
    }

    /// From the decoded video's caps: a frame step's length.
    public var frameDuration: Double? {
        guard let captionTap else { return nil }
        let seconds = cove_caption_tap_frame_duration(captionTap)
        return seconds > 0 ? seconds : nil
    }

    func queryPosition() -> Double? {
        guard let pipeline else { return nil }
        var nanoseconds: gint64 = 0
        guard gst_element_query_position(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds >= 0 else {
            return nil
        }
        return Double(nanoseconds) / 1_000_000_000
    }

    func queryDuration() -> Double? {
        guard let pipeline else { return nil }
        var nanoseconds: gint64 = 0
        guard gst_element_query_duration(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds > 0 else {
            return nil
        }
        return Double(nanoseconds) / 1_000_000_000
    }

    /// The seeking query's window; a VOD stream that leaves the end open ends at its duration.
    func querySeekable() -> SeekableRange? {
        guard let pipeline, let query = gst_query_new_seeking(GST_FORMAT_TIME) else { return nil }
        defer { gst_query_unref(query) }
        guard gst_element_query(pipeline, query) != 0 else { return nil }
        var format = GST_FORMAT_TIME
        var seekable: gboolean = 0
        var start: gint64 = -1
        var end: gint64 = -1
        gst_query_parse_seeking(query, &format, &seekable, &start, &end)
        guard seekable != 0, format == GST_FORMAT_TIME, start >= 0 else { return nil }
        let endSeconds = end >= 0 ? Double(end) / 1_000_000_000 : load.duration
        guard let endSeconds, endSeconds >= Double(start) / 1_000_000_000 else { return nil }
        return SeekableRange(start: Double(start) / 1_000_000_000, end: endSeconds)
    }

    /// Emits `.seekable` when the window differs from the last one reported (the controller decides what is worth
    /// telling its consumers).
    func reportSeekable() {
        guard load.isReady else { return }
        let range = querySeekable()
        if let reported = load.reportedSeekable, reported == range { return }
        load.reportedSeekable = .some(range)
        emit(.seekable(range))
    }
}
