#include "cove_gst.h"

// GStreamer 1.22's decodebin3 feeds already-parsed streams (everything uridecodebin3's urisourcebin hands it,
// since it sets parse-streams) through one identity element per input. When such an input's stream is dropped
// before its identity (an input stream that saw EOS is removed by the next unblock of pending inputs), the
// identity's src pad is left without a peer, and every later teardown of decodebin3 (PAUSED->READY reset, an
// input unlink, dispose) calls remove_input_stream(dbin, NULL): SIGSEGV in gst_object_replace(&NULL->active_stream).
// An input stream that exists either still blocks its identity's src pad (the probe that waits for the first
// buffer) or has linked that pad to a multiqueue slot; remove_input_stream removes the probe and unlinks the pad.
// So an identity src pad neither linked nor blocked is the sign.

static gboolean is_from_factory(GstElement *element, const char *name) {
    GstElementFactory *factory = element ? gst_element_get_factory(element) : NULL;
    return factory != NULL && g_strcmp0(GST_OBJECT_NAME(factory), name) == 0;
}

static void count_orphan(const GValue *item, gpointer data) {
    GstElement *element = GST_ELEMENT(g_value_get_object(item));
    if (!is_from_factory(element, "identity")) return;
    GstObject *parent = gst_object_get_parent(GST_OBJECT(element));
    gboolean in_decodebin3 = parent != NULL && GST_IS_ELEMENT(parent) && is_from_factory(GST_ELEMENT(parent), "decodebin3");
    if (parent) gst_object_unref(parent);
    if (!in_decodebin3) return;
    GstPad *src = gst_element_get_static_pad(element, "src");
    if (src != NULL && !gst_pad_is_linked(src) && !gst_pad_is_blocked(src)) (*(guint *)data)++;
    if (src) gst_object_unref(src);
}

guint cove_decodebin3_orphan_inputs(GstElement *pipeline) {
    guint count = 0;
    GstIterator *elements = gst_bin_iterate_recurse(GST_BIN(pipeline));
    while (gst_iterator_foreach(elements, count_orphan, &count) == GST_ITERATOR_RESYNC) {
        count = 0;
        gst_iterator_resync(elements);
    }
    gst_iterator_free(elements);
    return count;
}

// Everything that changes decodebin3's list of input streams (an input set up, an EOS'd stream dropped when another
// input's first buffer or GAP unblocks the pending ones, a parsed pad removed) runs on an upstream streaming thread
// inside decodebin3's sink pads, under their stream locks. A pipeline let go while it still prerolls, or one whose
// preroll an error failed (nothing to wait for, yet its streaming goes on: a hardware decoder replaced by
// decodebin3 itself), could drop a stream between the look for orphans and the reset that then meets it. So the
// look waits until no thread is inside those pads and none can enter: a FLUSH_START makes each pad refuse data and
// wakes a thread held downstream (a full multiqueue), and taking the pad's stream lock waits for one still inside.
static void freeze_sink_pad(const GValue *item, gpointer data) {
    GstPad *pad = GST_PAD(g_value_get_object(item));
    (void)data;
    gst_pad_send_event(pad, gst_event_new_flush_start());
    GST_PAD_STREAM_LOCK(pad);
    GST_PAD_STREAM_UNLOCK(pad);
}

static void freeze_decodebin3(const GValue *item, gpointer data) {
    GstElement *element = GST_ELEMENT(g_value_get_object(item));
    (void)data;
    if (!is_from_factory(element, "decodebin3")) return;
    GstIterator *pads = gst_element_iterate_sink_pads(element);
    while (gst_iterator_foreach(pads, freeze_sink_pad, NULL) == GST_ITERATOR_RESYNC) gst_iterator_resync(pads);
    gst_iterator_free(pads);
}

void cove_decodebin3_freeze_inputs(GstElement *pipeline) {
    GstIterator *elements = gst_bin_iterate_recurse(GST_BIN(pipeline));
    while (gst_iterator_foreach(elements, freeze_decodebin3, NULL) == GST_ITERATOR_RESYNC) gst_iterator_resync(elements);
    gst_iterator_free(elements);
}
