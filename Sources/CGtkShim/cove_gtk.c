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

void cove_accessible_reset_label(GtkWidget *widget) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

GtkWidget *cove_first_descendant_of_type(GtkWidget *widget, GType type) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (g_type_is_a(G_OBJECT_TYPE(child), type)) return child;
        GtkWidget *found = cove_first_descendant_of_type(child, type);
        if (found) return found;
    }
    return NULL;
}

void cove_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role) {
    g_object_set(widget, "accessible-role", role, NULL);
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

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

gboolean cove_window_request_keep_above(GtkWindow *window) {
#ifdef GDK_WINDOWING_X11
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !GDK_IS_X11_SURFACE(surface)) return FALSE;
    GdkDisplay *display = gdk_surface_get_display(surface);
    // A mapped window's state changes by a client message to the root window (EWMH "_NET_WM_STATE"); setting the
    // property before mapping would be overwritten by GDK's own initial hints.
    XClientMessageEvent message = {0};
    message.type = ClientMessage;
    message.window = gdk_x11_surface_get_xid(surface);
    message.message_type = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE");
    message.format = 32;
    message.data.l[0] = 1;  // _NET_WM_STATE_ADD
    message.data.l[1] = (long)gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_ABOVE");
    message.data.l[2] = 0;
    message.data.l[3] = 1;  // source indication: a normal application
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    XSendEvent(xdisplay, gdk_x11_display_get_xrootwindow(display), False,
               SubstructureRedirectMask | SubstructureNotifyMask, (XEvent *)&message);
    XFlush(xdisplay);
    return TRUE;
#else
    (void)window;
    return FALSE;
#endif
}
