#include "cove_gtk.h"

GdkTexture *cove_widget_render_last_drawn(GtkWidget *widget) {
    int width = gtk_widget_get_width(widget);
    int height = gtk_widget_get_height(widget);
    int scale = gtk_widget_get_scale_factor(widget);
    GtkNative *native = gtk_widget_get_native(widget);
    if (width <= 0 || height <= 0 || native == NULL) return NULL;
    // A new widget paintable starts from the widget's render node of the last frame: what is on screen now.
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_scale(snapshot, scale, scale);
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    g_object_unref(paintable);
    if (node == NULL) return NULL;
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width * scale, height * scale);
    GdkTexture *texture = gsk_renderer_render_texture(gtk_native_get_renderer(native), node, &bounds);
    gsk_render_node_unref(node);
    return texture;
}

void cove_argb32_to_rgba(guchar *data, gsize count) {
    // Native-endian 32-bit words, premultiplied: the view is opaque, so premultiplied and straight are the same.
    for (gsize i = 0; i < count * 4; i += 4) {
        guint32 pixel = *(guint32 *)(data + i);
        data[i] = (pixel >> 16) & 0xff;
        data[i + 1] = (pixel >> 8) & 0xff;
        data[i + 2] = pixel & 0xff;
        data[i + 3] = 0xff;
    }
}
