#include "cove_gst.h"

struct CoveFrameBridge {
    GMutex lock;
    GstSample *pending;       // latest sample not yet handed over
    gboolean wake_scheduled;  // one wake-up in flight at most
    gboolean closed;
    gint refs;                // the owner + a wake-up in flight
    guint64 dropped;
    GMainContext *context;
    CoveFrameCallback callback;
    gpointer user_data;
    GDestroyNotify destroy;
};

static void bridge_unref(CoveFrameBridge *bridge) {
    g_mutex_lock(&bridge->lock);
    gint left = --bridge->refs;
    g_mutex_unlock(&bridge->lock);
    if (left > 0) return;
    if (bridge->pending) gst_sample_unref(bridge->pending);
    if (bridge->destroy) bridge->destroy(bridge->user_data);
    if (bridge->context) g_main_context_unref(bridge->context);
    g_mutex_clear(&bridge->lock);
    g_free(bridge);
}

static gboolean deliver_on_context(gpointer data) {
    CoveFrameBridge *bridge = data;
    g_mutex_lock(&bridge->lock);
    GstSample *sample = bridge->pending;
    bridge->pending = NULL;
    bridge->wake_scheduled = FALSE;
    gboolean closed = bridge->closed;
    g_mutex_unlock(&bridge->lock);
    if (sample) {
        if (closed) gst_sample_unref(sample);
        else bridge->callback(sample, bridge->user_data);
    }
    return G_SOURCE_REMOVE;
}

static void wake_done(gpointer data) { bridge_unref(data); }

static void offer_sample(CoveFrameBridge *bridge, GstSample *sample) {
    GstSample *replaced = NULL;
    gboolean schedule = FALSE;
    g_mutex_lock(&bridge->lock);
    if (bridge->closed) {
        replaced = sample;
    } else {
        replaced = bridge->pending;
        if (replaced) bridge->dropped++;
        bridge->pending = sample;
        if (!bridge->wake_scheduled) {
            bridge->wake_scheduled = TRUE;
            bridge->refs++;
            schedule = TRUE;
        }
    }
    g_mutex_unlock(&bridge->lock);
    if (replaced) gst_sample_unref(replaced);
    if (schedule) {
        // Always a source, never g_main_context_invoke: invoke runs the callback right here, on the streaming
        // thread, whenever this thread can acquire the context (e.g. the default context while the main thread
        // is between loop iterations), which breaks the "delivered on the context's thread" promise.
        GSource *source = g_idle_source_new();
        g_source_set_priority(source, G_PRIORITY_DEFAULT);
        g_source_set_callback(source, deliver_on_context, bridge, wake_done);
        g_source_set_static_name(source, "cove-frame-bridge");
        g_source_attach(source, bridge->context);
        g_source_unref(source);
    }
}

// appsink hands out one GstSample of its own, refilled for every buffer. While anyone holds it, appsink 1.22 cannot
// make it writable, and after a flush it sets the pad's caps on it all the same (gst_app_sink_render_common): a
// CRITICAL (gst_sample_is_writable) whenever a seek came while a frame was waiting for the main thread or on screen.
// A sample of Cove's own around the same buffer, caps and segment leaves appsink's free again before this returns.
static GstSample *detached(GstSample *pulled) {
    const GstStructure *info = gst_sample_get_info(pulled);
    GstSample *own = gst_sample_new(gst_sample_get_buffer(pulled), gst_sample_get_caps(pulled),
                                    gst_sample_get_segment(pulled), info ? gst_structure_copy(info) : NULL);
    gst_sample_unref(pulled);
    return own;
}

static GstFlowReturn on_new_sample(GstAppSink *sink, gpointer data) {
    GstSample *sample = gst_app_sink_pull_sample(sink);
    if (sample == NULL) return GST_FLOW_EOS;
    offer_sample(data, detached(sample));
    return GST_FLOW_OK;
}

// A paused pipeline only prerolls: without this the first frame after loading, and every frame a seek shows
// while paused, would never reach the consumer (new_sample fires only while PLAYING).
static GstFlowReturn on_new_preroll(GstAppSink *sink, gpointer data) {
    GstSample *sample = gst_app_sink_pull_preroll(sink);
    if (sample == NULL) return GST_FLOW_EOS;
    offer_sample(data, sample);
    return GST_FLOW_OK;
}

CoveFrameBridge *cove_frame_bridge_new(GstElement *appsink, GMainContext *context,
                                       CoveFrameCallback callback, gpointer user_data, GDestroyNotify destroy) {
    CoveFrameBridge *bridge = g_new0(CoveFrameBridge, 1);
    g_mutex_init(&bridge->lock);
    bridge->refs = 1;
    bridge->context = context ? g_main_context_ref(context) : g_main_context_ref(g_main_context_default());
    bridge->callback = callback;
    bridge->user_data = user_data;
    bridge->destroy = destroy;
    GstAppSinkCallbacks callbacks = { 0 };
    callbacks.new_sample = on_new_sample;
    callbacks.new_preroll = on_new_preroll;
    bridge->refs++;  // held by the appsink until it drops its callbacks
    gst_app_sink_set_callbacks(GST_APP_SINK(appsink), &callbacks, bridge, (GDestroyNotify)bridge_unref);
    return bridge;
}

void cove_frame_bridge_free(CoveFrameBridge *bridge) {
    if (bridge == NULL) return;
    GstSample *pending;
    g_mutex_lock(&bridge->lock);
    bridge->closed = TRUE;
    pending = bridge->pending;
    bridge->pending = NULL;
    g_mutex_unlock(&bridge->lock);
    if (pending) gst_sample_unref(pending);
    bridge_unref(bridge);
}

guint64 cove_frame_bridge_dropped(CoveFrameBridge *bridge) {
    g_mutex_lock(&bridge->lock);
    guint64 dropped = bridge->dropped;
    g_mutex_unlock(&bridge->lock);
    return dropped;
}

typedef struct {
    GstSample *sample;
    GstVideoFrame frame;
} MappedFrame;

static void release_mapped_frame(gpointer data) {
    MappedFrame *mapped = data;
    gst_video_frame_unmap(&mapped->frame);
    gst_sample_unref(mapped->sample);
    g_free(mapped);
}

GBytes *cove_sample_to_bytes(GstSample *sample, gint *width, gint *height, gint *stride) {
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    if (caps == NULL || buffer == NULL) return NULL;
    GstVideoInfo info;
    if (!gst_video_info_from_caps(&info, caps)) return NULL;
    MappedFrame *mapped = g_new0(MappedFrame, 1);
    // gst_video_frame_map honours GstVideoMeta strides and offsets when the decoder provides them.
    if (!gst_video_frame_map(&mapped->frame, &info, buffer, GST_MAP_READ)) {
        g_free(mapped);
        return NULL;
    }
    mapped->sample = gst_sample_ref(sample);
    *width = GST_VIDEO_FRAME_WIDTH(&mapped->frame);
    *height = GST_VIDEO_FRAME_HEIGHT(&mapped->frame);
    *stride = GST_VIDEO_FRAME_PLANE_STRIDE(&mapped->frame, 0);
    gsize size = (gsize)(*stride) * (gsize)(*height);
    return g_bytes_new_with_free_func(GST_VIDEO_FRAME_PLANE_DATA(&mapped->frame, 0), size,
                                      release_mapped_frame, mapped);
}

GstMessageType cove_message_type(GstMessage *message) { return GST_MESSAGE_TYPE(message); }

void cove_message_parse_error(GstMessage *message, char **text, char **debug, GQuark *domain, gint *code) {
    GError *error = NULL;
    *debug = NULL;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) gst_message_parse_error(message, &error, debug);
    else if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_WARNING) gst_message_parse_warning(message, &error, debug);
    if (error) {
        *text = g_strdup(error->message);
        *domain = error->domain;
        *code = error->code;
        g_error_free(error);
    } else {
        *text = g_strdup("unknown error");
        *domain = 0;
        *code = 0;
    }
}

const char *cove_message_src_name(GstMessage *message) { return GST_MESSAGE_SRC_NAME(message); }
gboolean cove_message_src_is(GstMessage *message, gpointer object) {
    return GST_MESSAGE_SRC(message) == (GstObject *)object;
}
gboolean cove_message_src_is_source_element(GstMessage *message) {
    GstObject *src = GST_MESSAGE_SRC(message);
    return src != NULL && GST_IS_ELEMENT(src) && GST_OBJECT_FLAG_IS_SET(src, GST_ELEMENT_FLAG_SOURCE);
}


gboolean cove_base_sink_frames(GstElement *sink, guint64 *rendered, guint64 *dropped) {
    GstStructure *stats = NULL;
    g_object_get(sink, "stats", &stats, NULL);
    if (!stats) return FALSE;
    gboolean found = gst_structure_get_uint64(stats, "rendered", rendered) &&
                     gst_structure_get_uint64(stats, "dropped", dropped);
    gst_structure_free(stats);
    return found;
}
