#include "cove_gtk.h"

// A decoded frame in cairo's own byte order (B8G8R8A8 in native-endian words, opaque), drawn as a cairo node.
// GTK 4.8's cairo renderer draws a texture node by downloading the texture into a new image surface through
// floats (gdk_memory_convert has no same-format path), about 6 ms of the main thread per 1280x720 frame and two
// frame-sized allocations; an image surface over the frame's own bytes is painted by pixman as it is. The frame
// arrives converted at the size it is shown, so that paint is a copy.
//
// Main thread only, like every paintable. The GBytes stays alive while any cairo surface over it does.

struct _CoveFramePaintable {
    GObject parent;
    GBytes *bytes;
    int width;
    int height;
    int stride;
};

static void paintable_init(GdkPaintableInterface *iface);

G_DEFINE_TYPE_WITH_CODE(CoveFramePaintable, cove_frame_paintable, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(GDK_TYPE_PAINTABLE, paintable_init))

static const cairo_user_data_key_t bytes_key;
static const cairo_user_data_key_t surface_key;

static void frame_paintable_snapshot(GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height) {
    CoveFramePaintable *self = COVE_FRAME_PAINTABLE(paintable);
    if (width <= 0 || height <= 0) return;
    gsize size = 0;
    unsigned char *data = (unsigned char *)g_bytes_get_data(self->bytes, &size);
    cairo_surface_t *surface =
        cairo_image_surface_create_for_data(data, CAIRO_FORMAT_RGB24, self->width, self->height, self->stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return;
    }
    cairo_surface_set_user_data(surface, &bytes_key, g_bytes_ref(self->bytes), (cairo_destroy_func_t)g_bytes_unref);
    cairo_t *cr = gtk_snapshot_append_cairo(GTK_SNAPSHOT(snapshot), &GRAPHENE_RECT_INIT(0, 0, width, height));
    if (width != self->width || height != self->height) {
        cairo_scale(cr, width / self->width, height / self->height);
    }
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    // The node's recording holds a copy-on-write snapshot of `surface`: destroying `surface` now would copy the
    // frame into it (an allocation, a clear and a copy per frame). The recording keeps `surface` instead, and drops
    // it after its own commands, so the snapshot is let go without a copy.
    cairo_surface_t *recording = cairo_get_target(cr);
    if (cairo_surface_set_user_data(recording, &surface_key, surface, (cairo_destroy_func_t)cairo_surface_destroy)
        != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
    }
    cairo_destroy(cr);
}

static int frame_paintable_width(GdkPaintable *paintable) { return COVE_FRAME_PAINTABLE(paintable)->width; }

static int frame_paintable_height(GdkPaintable *paintable) { return COVE_FRAME_PAINTABLE(paintable)->height; }

static GdkPaintableFlags frame_paintable_flags(GdkPaintable *paintable) {
    (void)paintable;
    return GDK_PAINTABLE_STATIC_SIZE | GDK_PAINTABLE_STATIC_CONTENTS;
}

static void paintable_init(GdkPaintableInterface *iface) {
    iface->snapshot = frame_paintable_snapshot;
    iface->get_intrinsic_width = frame_paintable_width;
    iface->get_intrinsic_height = frame_paintable_height;
    iface->get_flags = frame_paintable_flags;
}

static void cove_frame_paintable_finalize(GObject *object) {
    g_bytes_unref(COVE_FRAME_PAINTABLE(object)->bytes);
    G_OBJECT_CLASS(cove_frame_paintable_parent_class)->finalize(object);
}

static void cove_frame_paintable_class_init(CoveFramePaintableClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = cove_frame_paintable_finalize;
}

static void cove_frame_paintable_init(CoveFramePaintable *self) { (void)self; }

GdkPaintable *cove_frame_paintable_new(GBytes *bytes, int width, int height, int stride) {
    g_return_val_if_fail(bytes != NULL && width > 0 && height > 0 && stride >= width * 4, NULL);
    g_return_val_if_fail(g_bytes_get_size(bytes) >= (gsize)stride * (gsize)height, NULL);
    CoveFramePaintable *self = g_object_new(COVE_TYPE_FRAME_PAINTABLE, NULL);
    self->bytes = g_bytes_ref(bytes);
    self->width = width;
    self->height = height;
    self->stride = stride;
    return GDK_PAINTABLE(self);
}
