#include "cove_gst.h"

static void describe(const GValue *item, gpointer data) {
    GstElement *element = g_value_get_object(item);
    GString *report = data;
    GstState current = GST_STATE_VOID_PENDING, pending = GST_STATE_VOID_PENDING;
    // A zero timeout only reads the state; it never waits on a streaming thread.
    gst_element_get_state(element, &current, &pending, 0);
    gchar *name = gst_object_get_name(GST_OBJECT(element));
    g_string_append_printf(report, "%s: %s", name, gst_element_state_get_name(current));
    if (pending != GST_STATE_VOID_PENDING)
        g_string_append_printf(report, " (pending %s)", gst_element_state_get_name(pending));
    g_string_append_c(report, '\n');
    g_free(name);
}

gchar *cove_bin_state_report(GstElement *bin) {
    GString *report = g_string_new(NULL);
    GstIterator *elements = gst_bin_iterate_recurse(GST_BIN(bin));
    while (gst_iterator_foreach(elements, describe, report) == GST_ITERATOR_RESYNC) {
        g_string_truncate(report, 0);
        gst_iterator_resync(elements);
    }
    gst_iterator_free(elements);
    return g_string_free(report, FALSE);
}
