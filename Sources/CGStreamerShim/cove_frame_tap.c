#include "cove_gst.h"

// The appsink gets frames scaled to the widget; a saved frame must have the video's own size, so the decoded
// frames are also kept (by reference, never copied) before anything scales them. Playsink's queue (3 frames), a
// push blocked on it and the sink's own frame lie between here and the screen, so the newest six are kept and the
// one on screen is picked by its time. Those older than the one on screen are let go as soon as it is shown: each
// would hold a 1080p frame (3 MiB) out of the decoder's pool for nothing.
#define COVE_TAP_KEPT 6

struct CoveFrameTap {
    GMutex lock;
    GstSample *kept[COVE_TAP_KEPT];  // newest first
    gint refs;                       // the owner + the probe
};

static void tap_unref(CoveFrameTap *tap) {
    if (!g_atomic_int_dec_and_test(&tap->refs)) return;
    for (int i = 0; i < COVE_TAP_KEPT; i++) if (tap->kept[i]) gst_sample_unref(tap->kept[i]);
    g_mutex_clear(&tap->lock);
    g_free(tap);
}

static GstPadProbeReturn on_buffer(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    CoveFrameTap *tap = data;
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
    GstCaps *caps = gst_pad_get_current_caps(pad);
    if (buffer == NULL || caps == NULL) {
        if (caps) gst_caps_unref(caps);
        return GST_PAD_PROBE_OK;
    }
    GstEvent *event = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0);
    const GstSegment *segment = NULL;
    if (event) gst_event_parse_segment(event, &segment);
    GstSample *sample = gst_sample_new(buffer, caps, segment, NULL);
    gst_caps_unref(caps);
    if (event) gst_event_unref(event);
    g_mutex_lock(&tap->lock);
    GstSample *dropped = tap->kept[COVE_TAP_KEPT - 1];
    for (int i = COVE_TAP_KEPT - 1; i > 0; i--) tap->kept[i] = tap->kept[i - 1];
    tap->kept[0] = sample;
    g_mutex_unlock(&tap->lock);
    if (dropped) gst_sample_unref(dropped);
    return GST_PAD_PROBE_OK;
}

CoveFrameTap *cove_frame_tap_new(GstPad *pad) {
    CoveFrameTap *tap = g_new0(CoveFrameTap, 1);
    g_mutex_init(&tap->lock);
    tap->refs = 2;
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, on_buffer, tap, (GDestroyNotify)tap_unref);
    return tap;
}

void cove_frame_tap_free(CoveFrameTap *tap) {
    if (tap) tap_unref(tap);
}

static guint64 stream_time_of(GstSample *sample) {
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    GstSegment *segment = gst_sample_get_segment(sample);
    if (buffer == NULL || !GST_BUFFER_PTS_IS_VALID(buffer)) return GST_CLOCK_TIME_NONE;
    if (segment == NULL || segment->format != GST_FORMAT_TIME) return GST_BUFFER_PTS(buffer);
    return gst_segment_to_stream_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer));
}

GstSample *cove_frame_tap_pick(CoveFrameTap *tap, guint64 stream_time) {
    GstSample *picked = NULL;
    g_mutex_lock(&tap->lock);
    for (int i = 0; i < COVE_TAP_KEPT && picked == NULL; i++) {
        // Within a millisecond: the shown frame's time went through a double on its way here.
        if (tap->kept[i] && stream_time != GST_CLOCK_TIME_NONE) {
            guint64 time = stream_time_of(tap->kept[i]);
            guint64 distance = time > stream_time ? time - stream_time : stream_time - time;
            if (time != GST_CLOCK_TIME_NONE && distance < GST_MSECOND) picked = tap->kept[i];
        }
    }
    if (picked == NULL) picked = tap->kept[0];
    if (picked) gst_sample_ref(picked);
    g_mutex_unlock(&tap->lock);
    return picked;
}

GstSample *cove_sample_convert_to_rgba(GstSample *sample) {
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    GstVideoInfo in;
    if (caps == NULL || buffer == NULL || !gst_video_info_from_caps(&in, caps)) return NULL;
    gint width = GST_VIDEO_INFO_WIDTH(&in), height = GST_VIDEO_INFO_HEIGHT(&in);
    // Anamorphic video is saved at its display shape, as the player shows it.
    if (in.par_n > 0 && in.par_d > 0 && in.par_n != in.par_d)
        width = (gint)gst_util_uint64_scale_int_round((guint64)width, in.par_n, in.par_d);
    GstVideoInfo out;
    if (width <= 0 || height <= 0 || !gst_video_info_set_format(&out, GST_VIDEO_FORMAT_RGBA, width, height))
        return NULL;
    // The converter wants both sides at the same rate and interlacing; it only changes the format and size.
    out.fps_n = in.fps_n;
    out.fps_d = in.fps_d;
    out.interlace_mode = in.interlace_mode;
    GstVideoFrame source, target;
    if (!gst_video_frame_map(&source, &in, buffer, GST_MAP_READ)) return NULL;
    GstBuffer *converted = gst_buffer_new_allocate(NULL, GST_VIDEO_INFO_SIZE(&out), NULL);
    if (!gst_video_frame_map(&target, &out, converted, GST_MAP_WRITE)) {
        gst_video_frame_unmap(&source);
        gst_buffer_unref(converted);
        return NULL;
    }
    GstVideoConverter *converter = gst_video_converter_new(&in, &out, NULL);
    if (converter) {
        gst_video_converter_frame(converter, &source, &target);
        gst_video_converter_free(converter);
    }
    gst_video_frame_unmap(&target);
    gst_video_frame_unmap(&source);
    if (converter == NULL) {
        gst_buffer_unref(converted);
        return NULL;
    }
    GST_BUFFER_PTS(converted) = GST_BUFFER_PTS(buffer);
    GstCaps *out_caps = gst_video_info_to_caps(&out);
    GstSample *result = gst_sample_new(converted, out_caps, gst_sample_get_segment(sample), NULL);
    gst_caps_unref(out_caps);
    gst_buffer_unref(converted);
    return result;
}

void cove_frame_tap_release_before(CoveFrameTap *tap, guint64 stream_time) {
    if (tap == NULL || stream_time == GST_CLOCK_TIME_NONE) return;
    GstSample *released[COVE_TAP_KEPT];
    int count = 0, kept = 0;
    g_mutex_lock(&tap->lock);
    for (int i = 0; i < COVE_TAP_KEPT; i++) {
        GstSample *sample = tap->kept[i];
        tap->kept[i] = NULL;
        if (sample == NULL) continue;
        guint64 time = stream_time_of(sample);
        // Within a millisecond is the shown frame itself (its time went through a double).
        if (time != GST_CLOCK_TIME_NONE && time + GST_MSECOND < stream_time) released[count++] = sample;
        else tap->kept[kept++] = sample;
    }
    g_mutex_unlock(&tap->lock);
    for (int i = 0; i < count; i++) gst_sample_unref(released[i]);
}

guint64 cove_frame_tap_oldest(CoveFrameTap *tap) {
    guint64 oldest = GST_CLOCK_TIME_NONE;
    g_mutex_lock(&tap->lock);
    for (int i = 0; i < COVE_TAP_KEPT; i++) {
        if (tap->kept[i] == NULL) continue;
        guint64 time = stream_time_of(tap->kept[i]);
        if (time != GST_CLOCK_TIME_NONE && (oldest == GST_CLOCK_TIME_NONE || time < oldest)) oldest = time;
    }
    g_mutex_unlock(&tap->lock);
    return oldest;
}
