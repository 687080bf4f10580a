import CGLib
import CGStreamer
import CGStreamerShim
@testable import CoveMedia
import XCTest

/// GStreamer 1.22's decodebin3 crash on teardown, built on purpose: two already-parsed inputs of one collection
/// (decodebin3 passes them through identity elements), the audio one ending (EOS) before any data and the video
/// one then delivering a buffer. That buffer unblocks the pending inputs, which drops the audio input's EOS'd
/// stream but keeps its identity; taking this decodebin3 to READY then dereferences NULL in `remove_input_stream`
/// (SIGSEGV in `gst_object_replace`, the frames of the crash Cove met in the field). The disposal must see it and
/// keep the pipeline instead: were it taken down, this test process would die.
final class DecodebinOrphanTests: XCTestCase {
    private static let audioCaps = "audio/x-raw,format=S16LE,rate=48000,channels=2,layout=interleaved"
    private static let videoCaps = "video/x-raw,format=RGBA,width=16,height=16,framerate=25/1"

    /// An upstream pad of our own, linked to a new input of `decodebin`, that has announced its stream.
    private static func input(of decodebin: UnsafeMutablePointer<GstElement>, id: String, caps text: String,
                              type: GstStreamType, collection: UnsafeMutablePointer<GstStreamCollection>)
        -> UnsafeMutablePointer<GstPad>? {
        guard let sink = gst_element_request_pad_simple(decodebin, "sink_%u"),
              let source = gst_pad_new(id, GST_PAD_SRC) else { return nil }
        defer { gst_object_unref(sink) }
        gst_pad_set_active(source, 1)
        guard gst_pad_link(source, sink) == GST_PAD_LINK_OK else { return nil }
        let caps = gst_caps_from_string(text)
        defer { gst_caps_unref(caps) }
        let start = gst_event_new_stream_start(id)
        let stream = gst_stream_new(id, caps, type, GST_STREAM_FLAG_NONE)
        gst_event_set_stream(start, stream)
        gst_event_set_group_id(start, 1)
        gst_object_unref(stream)
        gst_pad_push_event(source, start)
        gst_pad_push_event(source, gst_event_new_stream_collection(collection))
        gst_pad_push_event(source, gst_event_new_caps(caps))
        var segment = GstSegment()
        gst_segment_init(&segment, GST_FORMAT_TIME)
        gst_pad_push_event(source, gst_event_new_segment(&segment))
        return source
    }

    func testADecodebin3ThatLostAnInputStreamIsKeptNotTornDown() throws {
        GStreamerRuntime.ensureInitialized()
        let pipeline = try XCTUnwrap(gst_pipeline_new("orphan"))
        let decodebin = try XCTUnwrap(gst_element_factory_make("decodebin3", nil))
        gst_bin_add(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self), decodebin)
        XCTAssertNotEqual(gst_element_set_state(pipeline, GST_STATE_PAUSED), GST_STATE_CHANGE_FAILURE)

        let collection = try XCTUnwrap(gst_stream_collection_new("upstream"))
        defer { gst_object_unref(collection) }
        for (id, text, type) in [("audio", Self.audioCaps, GST_STREAM_TYPE_AUDIO),
                                 ("video", Self.videoCaps, GST_STREAM_TYPE_VIDEO)] {
            let caps = gst_caps_from_string(text)
            gst_stream_collection_add_stream(collection, gst_stream_new(id, caps, type, GST_STREAM_FLAG_NONE))
            gst_caps_unref(caps)
        }
        let audio = try XCTUnwrap(Self.input(of: decodebin, id: "audio", caps: Self.audioCaps,
                                             type: GST_STREAM_TYPE_AUDIO, collection: collection))
        let video = try XCTUnwrap(Self.input(of: decodebin, id: "video", caps: Self.videoCaps,
                                             type: GST_STREAM_TYPE_VIDEO, collection: collection))
        defer {
            gst_object_unref(audio)
            gst_object_unref(video)
        }
        XCTAssertEqual(cove_decodebin3_orphan_inputs(pipeline), 0, "both inputs have their stream")
        XCTAssertEqual(gst_pad_push_event(audio, gst_event_new_eos()), 1)
        let buffer = try XCTUnwrap(gst_buffer_new_allocate(nil, 16 * 16 * 4, nil))
        buffer.pointee.pts = 0
        buffer.pointee.duration = 40_000_000
        // Nothing is linked after decodebin3 here: once its multiqueue's task has pushed, the push reports that.
        XCTAssertTrue([GST_FLOW_OK, GST_FLOW_NOT_LINKED].contains(gst_pad_push(video, buffer)))
        XCTAssertEqual(cove_decodebin3_orphan_inputs(pipeline), 1, "the audio input's stream is gone, its identity is not")

        let kept = GStreamerRuntime.quarantinedPipelines
        PipelineDisposal.dispose(pipeline, then: nil)
        XCTAssertTrue(GStreamerRuntime.waitForReleasedPipelines(timeout: 10))
        XCTAssertEqual(GStreamerRuntime.quarantinedPipelines, kept + 1)
        XCTAssertEqual(GStreamerRuntime.releasedPipelinesPending, 0)
    }
}
