import CGLib
import CGStreamer
import CoveCore

/// Maps a GStreamer GError (domain + code) to the controller's coarse error kinds.
enum EngineErrorClassifier {
    /// `fromSource`: the error was posted by the element reading the resource (see below).
    static func kind(domain: GQuark, code: gint, fromSource: Bool) -> EngineError.Kind {
        // Resource errors cover missing files, refused connections, HTTP 404/403 and reads that fail midway;
        // a URI error means the location itself could not be used.
        if domain == gst_resource_error_quark() || domain == gst_uri_error_quark() {
            return .resource
        }
        if domain == gst_stream_error_quark() {
            let unsupported: [GstStreamError] = [
                GST_STREAM_ERROR_CODEC_NOT_FOUND, GST_STREAM_ERROR_DECODE, GST_STREAM_ERROR_TYPE_NOT_FOUND,
                GST_STREAM_ERROR_DEMUX, GST_STREAM_ERROR_WRONG_TYPE, GST_STREAM_ERROR_FORMAT,
                GST_STREAM_ERROR_NOT_IMPLEMENTED,
            ]
            if unsupported.contains(where: { Int($0.rawValue) == Int(code) }) { return .unsupportedFormat }
            // souphttpsrc reports a refused connection or a dropped download only as its streaming loop's
            // "Internal data stream error" (FAILED); a source element failing that way could not read its resource.
            if fromSource, Int(code) == Int(GST_STREAM_ERROR_FAILED.rawValue) { return .resource }
            return .other
        }
        if domain == gst_core_error_quark(), Int(code) == Int(GST_CORE_ERROR_MISSING_PLUGIN.rawValue) {
            return .unsupportedFormat
        }
        return .other
    }
}
