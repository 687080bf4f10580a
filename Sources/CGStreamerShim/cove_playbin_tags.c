#include "cove_gst.h"

void cove_playbin_stream_tags(GstElement *playbin, gboolean text, gint index, gchar **language, gchar **title) {
    *language = NULL;
    *title = NULL;
    GstTagList *tags = NULL;
    g_signal_emit_by_name(playbin, text ? "get-text-tags" : "get-audio-tags", index, &tags);
    if (tags == NULL) return;
    gst_tag_list_get_string(tags, GST_TAG_LANGUAGE_CODE, language);
    gst_tag_list_get_string(tags, GST_TAG_TITLE, title);
    gst_tag_list_unref(tags);
}
