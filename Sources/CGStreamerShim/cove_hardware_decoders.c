#include "cove_gst.h"

#include <string.h>

// Hardware decoders are told apart by their class ("Codec/Decoder/Video/Hardware": GStreamer's va, vaapi, nvcodec,
// v4l2 decoders all say so). decodebin3 and decodebin pick decoders by rank, so a rank is how a choice is made:
// above gst-libav's PRIMARY to prefer one, NONE to never use it. Any thread (the registry locks itself), before the
// pipelines that should see it: a decodebin reads the ranks when it is made.

static gboolean is_hardware_decoder_factory(GstElementFactory *factory) {
    const gchar *klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS);
    return klass && strstr(klass, "Decoder") && strstr(klass, "Hardware");
}

static guint rank_hardware_decoders(gboolean prefer) {
    GList *features = gst_registry_get_feature_list(gst_registry_get(), GST_TYPE_ELEMENT_FACTORY);
    guint count = 0;
    for (GList *item = features; item; item = item->next) {
        GstPluginFeature *feature = item->data;
        if (!is_hardware_decoder_factory(GST_ELEMENT_FACTORY(feature))) continue;
        guint rank = gst_plugin_feature_get_rank(feature);
        gst_plugin_feature_set_rank(feature, prefer ? MAX(rank, GST_RANK_PRIMARY + 1) : GST_RANK_NONE);
        count++;
    }
    gst_plugin_feature_list_free(features);
    return count;
}

guint cove_hardware_decoders_prefer(void) { return rank_hardware_decoders(TRUE); }

guint cove_hardware_decoders_disable(void) { return rank_hardware_decoders(FALSE); }

gboolean cove_message_src_is_hardware_decoder(GstMessage *message) {
    GstObject *source = GST_MESSAGE_SRC(message);
    if (!source || !GST_IS_ELEMENT(source)) return FALSE;
    GstElementFactory *factory = gst_element_get_factory(GST_ELEMENT(source));
    return factory && is_hardware_decoder_factory(factory);
}
