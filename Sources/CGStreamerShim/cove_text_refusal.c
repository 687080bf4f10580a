#include "cove_gst.h"

// Cove draws captions itself: decodebin3 must never pick a text stream, or hlsdemux2 starts fetching a subtitle
// rendition (and, in 1.22, asserts when it is later switched away mid-download). Both callbacks run on streaming
// threads and touch nothing but their arguments.

static gint refuse_text_stream(GstElement *element, GstStreamCollection *collection, GstStream *stream,
                               gpointer data) {
    (void)element; (void)collection; (void)data;
    return (gst_stream_get_stream_type(stream) & GST_STREAM_TYPE_TEXT) ? 0 : -1;
}

static void answer_select_stream(GstElement *element) {
    // uridecodebin3 forwards decodebin3's select-stream; the first handler with an answer other than -1 wins, so
    // the text answer is given on both.
    if (g_signal_lookup("select-stream", G_OBJECT_TYPE(element)) != 0) {
        g_signal_connect(element, "select-stream", G_CALLBACK(refuse_text_stream), NULL);
    }
}

static void element_added(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data) {
    (void)bin; (void)sub_bin; (void)data;
    answer_select_stream(element);
}

static void answer_existing(const GValue *item, gpointer data) {
    (void)data;
    answer_select_stream(GST_ELEMENT(g_value_get_object(item)));
}

void cove_playbin_refuse_text_streams(GstElement *playbin) {
    // playbin3 builds its uridecodebin3 (with decodebin3 inside) when it is created: answer those now, and any
    // built later when they are added.
    GstIterator *children = gst_bin_iterate_recurse(GST_BIN(playbin));
    while (gst_iterator_foreach(children, answer_existing, NULL) == GST_ITERATOR_RESYNC) {
        gst_iterator_resync(children);
    }
    gst_iterator_free(children);
    g_signal_connect(playbin, "deep-element-added", G_CALLBACK(element_added), NULL);
}
