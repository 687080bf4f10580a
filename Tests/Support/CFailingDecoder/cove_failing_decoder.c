#include "cove_failing_decoder.h"

typedef struct {
    GstElement parent;
} CoveTestHwDec;

typedef struct {
    GstElementClass parent_class;
} CoveTestHwDecClass;

static GType cove_test_hwdec_get_type(void);
G_DEFINE_TYPE(CoveTestHwDec, cove_test_hwdec, GST_TYPE_ELEMENT)

static gint instances;
static gint failures;
static gint stall_milliseconds;

static GstStaticPadTemplate sink_template =
    GST_STATIC_PAD_TEMPLATE("sink", GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS("video/x-h264"));
static GstStaticPadTemplate src_template =
    GST_STATIC_PAD_TEMPLATE("src", GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS("video/x-raw"));

static GstStateChangeReturn change_state(GstElement *element, GstStateChange transition) {
    if (transition == GST_STATE_CHANGE_NULL_TO_READY) {
        GST_ELEMENT_ERROR(element, RESOURCE, OPEN_READ_WRITE, ("Could not open the VA display"),
                          ("the test's hardware decoder has no device"));
        g_atomic_int_inc(&failures);
        // Holds decodebin3's streaming thread between the error it has posted and the next decoder it plugs.
        gint stall = g_atomic_int_get(&stall_milliseconds);
        if (stall > 0) g_usleep((gulong)stall * 1000);
        return GST_STATE_CHANGE_FAILURE;
    }
    return GST_ELEMENT_CLASS(cove_test_hwdec_parent_class)->change_state(element, transition);
}

static void cove_test_hwdec_class_init(CoveTestHwDecClass *klass) {
    GstElementClass *element_class = GST_ELEMENT_CLASS(klass);
    gst_element_class_add_static_pad_template(element_class, &sink_template);
    gst_element_class_add_static_pad_template(element_class, &src_template);
    gst_element_class_set_static_metadata(element_class, "Cove test hardware H.264 decoder",
                                          "Codec/Decoder/Video/Hardware", "Fails to start, like a VA decoder without its device",
                                          "Cove");
    element_class->change_state = change_state;
}

static void cove_test_hwdec_init(CoveTestHwDec *self) {
    GstElement *element = GST_ELEMENT(self);
    gst_element_add_pad(element, gst_pad_new_from_static_template(&sink_template, "sink"));
    gst_element_add_pad(element, gst_pad_new_from_static_template(&src_template, "src"));
    g_atomic_int_inc(&instances);
}

void cove_failing_decoder_register(guint rank) {
    gst_element_register(NULL, "covetesthwdec", rank, cove_test_hwdec_get_type());
}

guint cove_failing_decoder_instances(void) { return (guint)g_atomic_int_get(&instances); }

guint cove_failing_decoder_failures(void) { return (guint)g_atomic_int_get(&failures); }

void cove_failing_decoder_set_stall(guint milliseconds) { g_atomic_int_set(&stall_milliseconds, (gint)milliseconds); }
