#include "cove_gst.h"
#include <string.h>

// Caption data carried in the video: h264parse/h265parse (and MPEG-2's parser) attach the A/53 user data of each
// frame as GstVideoCaptionMeta, which the video decoder keeps on its output. A probe on every video decoder's
// source pad reads it there, in presentation order, on the streaming thread: it touches only this tap (under its
// lock) and schedules at most one wake-up of the main context at a time, as the frame bridge does. Nothing is
// called back per byte or per frame; the consumer takes the queued entries on its own thread.

#define COVE_CAPTION_QUEUE 2048

struct CoveCaptionTap {
    GMutex lock;
    gint refs;                 // the owner, each probe, the signal handler, a wake-up in flight
    gboolean active;
    gboolean wake_scheduled;
    gboolean pending_reset;
    GstSegment segment;
    gint width, height;        // the decoded video's, from its caps (analytics' rendition size)
    gint rate_n, rate_d;       // its frame rate (a frame step's length); 0/1 when the caps give none
    CoveCaptionEntry queue[COVE_CAPTION_QUEUE];
    guint head, count;
    GMainContext *context;
    CoveCaptionCallback callback;
    gpointer user_data;
    GDestroyNotify destroy;
};

static CoveCaptionTap *tap_ref(CoveCaptionTap *tap) {
    g_atomic_int_inc(&tap->refs);
    return tap;
}

static void tap_unref(gpointer data) {
    CoveCaptionTap *tap = data;
    if (!g_atomic_int_dec_and_test(&tap->refs)) return;
    if (tap->destroy) tap->destroy(tap->user_data);
    g_main_context_unref(tap->context);
    g_mutex_clear(&tap->lock);
    g_free(tap);
}

static gboolean deliver(gpointer data) {
    CoveCaptionTap *tap = data;
    g_mutex_lock(&tap->lock);
    tap->wake_scheduled = FALSE;
    gboolean active = tap->active;
    g_mutex_unlock(&tap->lock);
    if (active) tap->callback(tap->user_data);
    return G_SOURCE_REMOVE;
}

/// Under the lock.
static void enqueue(CoveCaptionTap *tap, const CoveCaptionEntry *entry) {
    if (tap->count == COVE_CAPTION_QUEUE) {  // the consumer stalled: the oldest go
        tap->head = (tap->head + 1) % COVE_CAPTION_QUEUE;
        tap->count--;
    }
    tap->queue[(tap->head + tap->count) % COVE_CAPTION_QUEUE] = *entry;
    tap->count++;
    if (!tap->wake_scheduled) {
        tap->wake_scheduled = TRUE;
        // A source, never g_main_context_invoke (which would run the callback here, on the streaming thread).
        GSource *source = g_idle_source_new();
        g_source_set_priority(source, G_PRIORITY_DEFAULT);
        g_source_set_callback(source, deliver, tap_ref(tap), tap_unref);
        g_source_attach(source, tap->context);
        g_source_unref(source);
    }
}

static void add_pair(CoveCaptionEntry *entry, gboolean field1, guint8 a, guint8 b) {
    if (field1) {
        entry->field1[0] = a; entry->field1[1] = b; entry->has_field1 = 1;
    } else {
        entry->field2[0] = a; entry->field2[1] = b; entry->has_field2 = 1;
    }
}

/// cc_data triplets (CEA-708 cc_data and the cc_data section of a CDP), those with cc_valid set: the 608 pairs are
/// cc_type 0 (field 1) and 1 (field 2); the DTVCC (708) pairs cc_type 3 (a packet starts) and 2, kept in order.
static void read_cc_data(CoveCaptionEntry *entry, const guint8 *data, gsize size) {
    for (gsize i = 0; i + 3 <= size; i += 3) {
        guint8 header = data[i];
        if (!(header & 0x04)) continue;
        guint8 type = header & 0x03;
        if (type <= 1) {
            add_pair(entry, type == 0, data[i + 1], data[i + 2]);
        } else if (entry->dtvcc_count < COVE_CAPTION_DTVCC_PAIRS) {
            guint8 at = entry->dtvcc_count++;
            if (type == 3) entry->dtvcc_starts |= 1u << at;
            entry->dtvcc[at * 2] = data[i + 1];
            entry->dtvcc[at * 2 + 1] = data[i + 2];
        }
    }
}

static void read_meta(CoveCaptionEntry *entry, const GstVideoCaptionMeta *meta) {
    const guint8 *data = meta->data;
    gsize size = meta->size;
    switch (meta->caption_type) {
    case GST_VIDEO_CAPTION_TYPE_CEA608_RAW:
        if (size >= 2) add_pair(entry, TRUE, data[0], data[1]);
        break;
    case GST_VIDEO_CAPTION_TYPE_CEA608_S334_1A:
        // SMPTE 334-1 Annex A: triplets, bit 7 of the first byte set for field 1.
        for (gsize i = 0; i + 3 <= size; i += 3) add_pair(entry, (data[i] & 0x80) != 0, data[i + 1], data[i + 2]);
        break;
    case GST_VIDEO_CAPTION_TYPE_CEA708_RAW:
        read_cc_data(entry, data, size);
        break;
    case GST_VIDEO_CAPTION_TYPE_CEA708_CDP: {
        // SMPTE 334-2 CDP: header of 7 bytes (0x96 0x69, length, frame rate, flags, sequence counter), optional
        // time code section (0x71, 5 bytes), then the cc_data section: 0x72, 0xe0 | cc_count, triplets.
        if (size < 7 || data[0] != 0x96 || data[1] != 0x69) break;
        gsize at = 7;
        if (at < size && data[at] == 0x71) at += 5;
        if (at + 2 <= size && data[at] == 0x72) {
            gsize count = data[at + 1] & 0x1f;
            at += 2;
            read_cc_data(entry, data + at, MIN(count * 3, size - at));
        }
        break;
    }
    default:
        break;
    }
}

static GstPadProbeReturn probe(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad;
    CoveCaptionTap *tap = data;
    if (info->type & (GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM | GST_PAD_PROBE_TYPE_EVENT_FLUSH)) {
        GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
        g_mutex_lock(&tap->lock);
        if (GST_EVENT_TYPE(event) == GST_EVENT_SEGMENT) {
            const GstSegment *segment = NULL;
            gst_event_parse_segment(event, &segment);
            if (segment->format == GST_FORMAT_TIME) gst_segment_copy_into(segment, &tap->segment);
        } else if (GST_EVENT_TYPE(event) == GST_EVENT_FLUSH_STOP) {
            tap->pending_reset = TRUE;
        } else if (GST_EVENT_TYPE(event) == GST_EVENT_CAPS) {
            GstCaps *caps = NULL;
            gst_event_parse_caps(event, &caps);
            const GstStructure *structure = caps && gst_caps_get_size(caps) > 0 ? gst_caps_get_structure(caps, 0) : NULL;
            gint width = 0, height = 0;
            if (structure && gst_structure_get_int(structure, "width", &width) &&
                gst_structure_get_int(structure, "height", &height)) {
                tap->width = width;
                tap->height = height;
            }
            gint rate_n = 0, rate_d = 1;
            if (structure && gst_structure_get_fraction(structure, "framerate", &rate_n, &rate_d) && rate_n > 0 &&
                rate_d > 0) {
                tap->rate_n = rate_n;
                tap->rate_d = rate_d;
            }
        }
        g_mutex_unlock(&tap->lock);
        return GST_PAD_PROBE_OK;
    }
    GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
    if (!buffer || !GST_BUFFER_PTS_IS_VALID(buffer)) return GST_PAD_PROBE_OK;
    CoveCaptionEntry entry = {0};
    gpointer state = NULL;
    GstMeta *meta;
    gboolean found = FALSE;
    while ((meta = gst_buffer_iterate_meta_filtered(buffer, &state, GST_VIDEO_CAPTION_META_API_TYPE))) {
        read_meta(&entry, (GstVideoCaptionMeta *)meta);
        found = TRUE;
    }
    if (!found) return GST_PAD_PROBE_OK;
    g_mutex_lock(&tap->lock);
    if (tap->active && tap->segment.format == GST_FORMAT_TIME) {
        guint64 stream_time = gst_segment_to_stream_time(&tap->segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer));
        if (GST_CLOCK_TIME_IS_VALID(stream_time)) {
            entry.time = (double)stream_time / GST_SECOND;
            entry.reset = tap->pending_reset ? 1 : 0;
            tap->pending_reset = FALSE;
            enqueue(tap, &entry);
        }
    }
    g_mutex_unlock(&tap->lock);
    return GST_PAD_PROBE_OK;
}

static gboolean is_video_decoder(GstElement *element) {
    GstElementFactory *factory = gst_element_get_factory(element);
    if (!factory) return FALSE;
    const gchar *klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS);
    return klass && strstr(klass, "Decoder") && strstr(klass, "Video");
}

static void element_added(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data) {
    (void)bin; (void)sub_bin;
    CoveCaptionTap *tap = data;
    if (!is_video_decoder(element)) return;
    GstPad *pad = gst_element_get_static_pad(element, "src");
    if (!pad) return;
    // Flush events are not EVENT_DOWNSTREAM: they need their own flag.
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM |
                      GST_PAD_PROBE_TYPE_EVENT_FLUSH, probe, tap_ref(tap), tap_unref);
    gst_object_unref(pad);
}

static void handler_gone(gpointer data, GClosure *closure) {
    (void)closure;
    tap_unref(data);
}

CoveCaptionTap *cove_caption_tap_new(GstElement *playbin, GMainContext *context, CoveCaptionCallback callback,
                                     gpointer user_data, GDestroyNotify destroy) {
    CoveCaptionTap *tap = g_new0(CoveCaptionTap, 1);
    g_mutex_init(&tap->lock);
    tap->refs = 1;
    tap->active = TRUE;
    gst_segment_init(&tap->segment, GST_FORMAT_UNDEFINED);
    tap->context = context ? g_main_context_ref(context) : g_main_context_ref(g_main_context_default());
    tap->callback = callback;
    tap->user_data = user_data;
    tap->destroy = destroy;
    g_signal_connect_data(playbin, "deep-element-added", G_CALLBACK(element_added), tap_ref(tap), handler_gone, 0);
    return tap;
}

guint cove_caption_tap_take(CoveCaptionTap *tap, CoveCaptionEntry *entries, guint capacity) {
    g_mutex_lock(&tap->lock);
    guint taken = MIN(capacity, tap->count);
    for (guint i = 0; i < taken; i++) entries[i] = tap->queue[(tap->head + i) % COVE_CAPTION_QUEUE];
    tap->head = (tap->head + taken) % COVE_CAPTION_QUEUE;
    tap->count -= taken;
    g_mutex_unlock(&tap->lock);
    return taken;
}

gboolean cove_caption_tap_video_size(CoveCaptionTap *tap, gint *width, gint *height) {
    g_mutex_lock(&tap->lock);
    *width = tap->width;
    *height = tap->height;
    g_mutex_unlock(&tap->lock);
    return *width > 0 && *height > 0;
}

gdouble cove_caption_tap_frame_duration(CoveCaptionTap *tap) {
    g_mutex_lock(&tap->lock);
    gdouble seconds = tap->rate_n > 0 ? (gdouble)tap->rate_d / tap->rate_n : 0;
    g_mutex_unlock(&tap->lock);
    return seconds;
}

void cove_caption_tap_free(CoveCaptionTap *tap) {
    if (!tap) return;
    g_mutex_lock(&tap->lock);
    tap->active = FALSE;
    tap->count = 0;
    g_mutex_unlock(&tap->lock);
    tap_unref(tap);
}
