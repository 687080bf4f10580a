import CGLib
import CGStreamer
import CoveCore

/// Reads playbin3's stream collections into the controller's vocabulary.
enum StreamCollectionReader {
    struct Contents: Equatable {
        var streams: EngineStreams
        var videoIDs: [String]
    }

    /// `sidecarURI`: the subtitle URI loaded next to the stream. GStreamer names a stream that has no id of its
    /// own (a plain WebVTT file) by the SHA-256 of its URI, which is how that text stream is told apart from the
    /// manifest's renditions.
    static func read(_ collection: UnsafeMutablePointer<GstStreamCollection>, sidecarURI: String?) -> Contents {
        let sidecarPrefix = sidecarURI.flatMap(sha256)
        var contents = Contents(streams: EngineStreams(hasVideo: false), videoIDs: [])
        for index in 0..<gst_stream_collection_get_size(collection) {
            guard let stream = gst_stream_collection_get_stream(collection, index),
                  let rawID = gst_stream_get_stream_id(stream) else { continue }
            let id = String(cString: rawID)
            let type = gst_stream_get_stream_type(stream).rawValue
            let (language, name) = tags(of: stream)
            if type & GST_STREAM_TYPE_VIDEO.rawValue != 0 {
                contents.streams.hasVideo = true
                contents.videoIDs.append(id)
            } else if type & GST_STREAM_TYPE_AUDIO.rawValue != 0 {
                contents.streams.audio.append(MediaTrack(id: id, language: language, name: name))
            } else if type & GST_STREAM_TYPE_TEXT.rawValue != 0 {
                let isSidecar = sidecarPrefix.map { id.hasPrefix($0) } ?? false
                contents.streams.text.append(MediaTrack(id: id, language: language, name: name, isSidecar: isSidecar))
            }
        }
        return contents
    }

    /// The first audio and text stream ids of a STREAMS_SELECTED message.
    static func selection(in message: UnsafeMutablePointer<GstMessage>) -> (audio: String?, text: String?) {
        var audio: String?
        var text: String?
        for index in 0..<gst_message_streams_selected_get_size(message) {
            guard let stream = gst_message_streams_selected_get_stream(message, index) else { continue }
            defer { gst_object_unref(stream) }
            guard let rawID = gst_stream_get_stream_id(stream) else { continue }
            let type = gst_stream_get_stream_type(stream).rawValue
            if type & GST_STREAM_TYPE_AUDIO.rawValue != 0, audio == nil { audio = String(cString: rawID) }
            if type & GST_STREAM_TYPE_TEXT.rawValue != 0, text == nil { text = String(cString: rawID) }
        }
        return (audio, text)
    }

    private static func tags(of stream: UnsafeMutablePointer<GstStream>) -> (language: String?, name: String?) {
        guard let tags = gst_stream_get_tags(stream) else { return (nil, nil) }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(tags).assumingMemoryBound(to: GstMiniObject.self)) }
        return (string(tags, "language-code"), string(tags, "title") ?? string(tags, "language-name"))
    }

    private static func string(_ tags: UnsafeMutablePointer<GstTagList>, _ tag: String) -> String? {
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, tag, &value) != 0, let value else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    static func sha256(_ text: String) -> String? {
        guard let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1) else { return nil }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
