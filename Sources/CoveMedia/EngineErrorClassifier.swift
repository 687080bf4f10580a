import CGLib
import CGStreamer
import CoveCore

/// Maps a GStreamer GError (domain + code) to the controller's coarse error kinds.
enum EngineErrorClassifier {
    static func kind(domain: GQuark, code: gint) -> EngineError.Kind {
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
            return unsupported.contains { Int($0.rawValue) == Int(code) } ? .unsupportedFormat : .other
        }
        if domain == gst_core_error_quark(), Int(code) == Int(GST_CORE_ERROR_MISSING_PLUGIN.rawValue) {
            return .unsupportedFormat
        }
        return .other
    }
}
