import CGLib
import CGStreamer
import CoveCore

/// How far ahead of the playhead media has arrived (the SDK slider's buffered region, AVPlayer's loaded time
/// ranges). playbin3 answers no buffering query for HLS (hlsdemux2) and only a percentage for progressive
/// downloads, so the engine asks the parsers instead: each `parsebin` (inside hlsdemux2 for every rendition it
/// downloads, inside urisourcebin for a progressive file) knows how far its streams are parsed, in stream time.
extension GStreamerEngine {
    /// The least parsed position over every stream, i.e. how far playback can go without more data.
    func queryBufferedPosition() -> Double? {
        guard let pipeline else { return nil }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let parsers = gst_bin_iterate_all_by_element_factory_name(bin, "parsebin") else { return nil }
        defer { gst_iterator_free(parsers) }
        var least: Double?
        Self.forEachObject(parsers, reset: { least = nil }) { object in
            let parser = object.assumingMemoryBound(to: GstElement.self)
            guard let pads = gst_element_iterate_src_pads(parser) else { return }
            defer { gst_iterator_free(pads) }
            var parsed: [Double] = []
            Self.forEachObject(pads, reset: { parsed = [] }) { pad in
                var nanoseconds: gint64 = -1
                if gst_pad_query_position(pad.assumingMemoryBound(to: GstPad.self), GST_FORMAT_TIME, &nanoseconds) != 0,
                   nanoseconds >= 0 {
                    parsed.append(Double(nanoseconds) / 1_000_000_000)
                }
            }
            if let lowest = parsed.min() { least = min(least ?? lowest, lowest) }
        }
        return least
    }

    /// Visits each object of a GStreamer iterator; when the underlying list changes mid-way, `reset` runs and the
    /// visit starts again.
    private static func forEachObject(_ iterator: UnsafeMutablePointer<GstIterator>, reset: () -> Void,
                                      _ body: (UnsafeMutableRawPointer) -> Void) {
        var value = GValue()
        defer { g_value_unset(&value) }
        while true {
            switch gst_iterator_next(iterator, &value) {
            case GST_ITERATOR_OK:
                if let object = g_value_get_object(&value) { body(object) }
                g_value_reset(&value)
            case GST_ITERATOR_RESYNC:
                gst_iterator_resync(iterator)
                reset()
            default:
                return
            }
        }
    }

    /// Polled with the position: the playhead is the floor (nothing parsed yet means nothing ahead), the end of
    /// the stream or of the seekable window the ceiling.
    func refreshBufferedPosition(playhead: Double?) {
        // A local file is all there (classic playbin, which plays it, has no parsebin to ask).
        if let uri = loadedURI, Self.isLocal(uri), let duration = load.duration {
            load.bufferedPosition = duration
            return
        }
        guard let parsed = queryBufferedPosition() else { return }
        var buffered = max(parsed, playhead ?? parsed)
        if let end = load.duration ?? load.reportedSeekable??.end { buffered = min(buffered, end) }
        load.bufferedPosition = buffered
    }
}
