#include "cove_gst.h"

#include <gst/pbutils/pbutils.h>
#include <string.h>

// The statistics overlay names the demuxers and decoders a pipeline chose and the codecs they decode. playbin
// creates them on streaming threads (`deep-element-added`), so they are kept here under a lock, each by
// reference, and described on demand from the main thread. A pipeline has a handful of them; more than
// COVE_CENSUS_MAX (a hostile stream's many programs) are not kept.
#define COVE_CENSUS_MAX 16

struct CoveElementCensus {
    GMutex lock;
    GstElement *elements[COVE_CENSUS_MAX];
    guint count;
    gboolean closed;
    gint refs; // the owner + the signal connection
};

static void census_unref(gpointer data, GClosure *closure) {
    (void)closure;
    CoveElementCensus *census = data;
    if (!g_atomic_int_dec_and_test(&census->refs)) return;
    for (guint i = 0; i < census->count; i++) gst_object_unref(census->elements[i]);
    g_mutex_clear(&census->lock);
    g_free(census);
}

static gboolean is_counted(GstElement *element) {
    GstElementFactory *factory = gst_element_get_factory(element);
    if (!factory) return FALSE;
    const gchar *klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS);
    return klass && (strstr(klass, "Demux") || strstr(klass, "Decoder"));
}

static void census_element_added(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data) {
    (void)bin; (void)sub_bin;
    CoveElementCensus *census = data;
    if (!is_counted(element)) return;
    g_mutex_lock(&census->lock);
    if (!census->closed && census->count < COVE_CENSUS_MAX) census->elements[census->count++] = gst_object_ref(element);
    g_mutex_unlock(&census->lock);
}

CoveElementCensus *cove_element_census_new(GstElement *pipeline) {
    CoveElementCensus *census = g_new0(CoveElementCensus, 1);
    g_mutex_init(&census->lock);
    census->refs = 2;
    g_signal_connect_data(pipeline, "deep-element-added", G_CALLBACK(census_element_added), census, census_unref, 0);
    return census;
}

void cove_element_census_free(CoveElementCensus *census) {
    GstElement *kept[COVE_CENSUS_MAX];
    g_mutex_lock(&census->lock);
    census->closed = TRUE;
    guint count = census->count;
    memcpy(kept, census->elements, sizeof(GstElement *) * count);
    census->count = 0;
    g_mutex_unlock(&census->lock);
    for (guint i = 0; i < count; i++) gst_object_unref(kept[i]);
    census_unref(census, NULL);
}

/// The codec an element takes in: its sink pad's negotiated caps, described for people ("H.264 (High Profile)").
static gchar *input_codec(GstElement *element) {
    GstPad *sink = gst_element_get_static_pad(element, "sink");
    if (!sink) return NULL;
    GstCaps *caps = gst_pad_get_current_caps(sink);
    gst_object_unref(sink);
    if (!caps) return NULL;
    gchar *description = gst_caps_is_fixed(caps) ? gst_pb_utils_get_codec_description(caps) : NULL;
    gst_caps_unref(caps);
    return description;
}

gchar *cove_element_census_describe(CoveElementCensus *census) {
    GstElement *kept[COVE_CENSUS_MAX];
    g_mutex_lock(&census->lock);
    guint count = census->count;
    for (guint i = 0; i < count; i++) kept[i] = gst_object_ref(census->elements[i]);
    g_mutex_unlock(&census->lock);
    GString *out = g_string_new(NULL);
    for (guint i = 0; i < count; i++) {
        GstElementFactory *factory = gst_element_get_factory(kept[i]);
        const gchar *klass = factory ? gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS) : NULL;
        const gchar *role = "demuxer";
        if (klass && strstr(klass, "Decoder")) role = strstr(klass, "Video") ? "video-decoder" :
            strstr(klass, "Audio") ? "audio-decoder" : "decoder";
        gchar *codec = strcmp(role, "demuxer") != 0 ? input_codec(kept[i]) : NULL;
        g_string_append_printf(out, "%s\t%s\t%s\n", role, factory ? GST_OBJECT_NAME(factory) : "?", codec ? codec : "");
        g_free(codec);
        gst_object_unref(kept[i]);
    }
    return g_string_free(out, FALSE);
}
