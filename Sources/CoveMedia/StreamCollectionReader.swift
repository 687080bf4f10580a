import CGLib
import CGStreamer
import CoveCore

/// Reads playbin3's stream collections into the controller's vocabulary.
enum StreamCollectionReader {
    struct Contents: Equatable {
        var streams: EngineStreams
        var videoIDs: [String]
        /// Streams that are neither video, audio nor text: a document typefinding could only call XML or text.
        var unknownCount = 0

        /// Streams were found and none of them is media.
        var holdsNothingPlayable: Bool {
            unknownCount > 0 && !streams.hasVideo && streams.audio.isEmpty && streams.text.isEmpty
        }
    }

    /// Text streams are listed (the stream's caption renditions), though never decoded.
    static func read(_ collection: UnsafeMutablePointer<GstStreamCollection>) -> Contents {
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
                contents.streams.text.append(MediaTrack(id: id, language: language, name: name))
            } else {
                contents.unknownCount += 1
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
}
