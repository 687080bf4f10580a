#include "cove_gtk.h"

void cove_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void cove_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void cove_accessible_set_value_text(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

void cove_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

GdkTexture *cove_widget_render_texture(GtkWidget *widget) {
    int width = gtk_widget_get_width(widget);
    int height = gtk_widget_get_height(widget);
    GtkNative *native = gtk_widget_get_native(widget);
    if (width <= 0 || height <= 0 || native == NULL) return NULL;
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    // The paintable only holds the render node of the widget's next frame; let a quarter second of frames pass.
    // (Test and screenshot use only: it runs the main loop.)
    gtk_widget_queue_draw(widget);
    gint64 deadline = g_get_monotonic_time() + 250 * 1000;
    while (g_get_monotonic_time() < deadline) {
        if (!g_main_context_iteration(NULL, FALSE)) g_usleep(2000);
    }
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    GdkTexture *texture = NULL;
    if (node != NULL) {
        GskRenderer *renderer = gtk_native_get_renderer(native);
        graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
        texture = gsk_renderer_render_texture(renderer, node, &bounds);
        gsk_render_node_unref(node);
    }
    g_object_unref(paintable);
    return texture;
}
