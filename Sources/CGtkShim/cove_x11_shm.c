#include "cove_gtk.h"

#ifdef GDK_WINDOWING_X11
#include <cairo-xlib.h>
#include <gdk/x11/gdkx.h>
#endif

// GTK 4.8's cairo renderer on X11 ends every frame by painting its image into the window, which cairo uploads
// through a shared-memory image from its pool of MIT-SHM segments. cairo destroys a pool as soon as nothing in it
// is allocated (cairo-xlib-surface-shm.c, _cairo_xlib_shm_pool_cleanup), which is right after each frame's upload:
// the next frame then gets a new segment, whose pages the kernel allocates and zeroes on first touch (27,000 page
// faults a second for 1280x720 at 30 frames a second). A small shared-memory image kept for the display's life
// keeps one pool alive, and every frame's upload is allocated from it (cairo looks in the pools it has first), in
// pages already there. cairo gives a pool eight times P, P the power of two above its first allocation, and lets
// no block in it be larger than P: a keeper of the largest power of two of bytes within a whole-monitor frame makes
// P larger than that frame.

void cove_x11_keep_shm_pool(GtkWidget *widget) {
#ifdef GDK_WINDOWING_X11
    static cairo_surface_t *keeper; // for the process's life, on the one display it has
    if (keeper) return;
    GdkDisplay *display = gtk_widget_get_display(widget);
    GtkNative *native = gtk_widget_get_native(widget);
    if (!GDK_IS_X11_DISPLAY(display) || !native) return;
    GdkSurface *surface = gtk_native_get_surface(native);
    if (!surface || !GDK_IS_X11_SURFACE(surface)) return;
    int width = 1920, height = 1080;
    GdkMonitor *monitor = gdk_display_get_monitor_at_surface(display, surface);
    if (monitor) {
        GdkRectangle geometry;
        gdk_monitor_get_geometry(monitor, &geometry);
        int scale = gdk_monitor_get_scale_factor(monitor);
        if (geometry.width > 0 && geometry.height > 0) {
            width = geometry.width * scale;
            height = geometry.height * scale;
        }
    }
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    Window window = gdk_x11_surface_get_xid(surface);
    cairo_surface_t *window_surface =
        cairo_xlib_surface_create(xdisplay, window, DefaultVisual(xdisplay, DefaultScreen(xdisplay)), 1, 1);
    gsize frame = (gsize)width * (gsize)height * 4, bytes = 1;
    while (bytes * 2 <= frame) bytes *= 2;
    // Rounded up: a keeper a row short of `bytes` would make P `bytes`, smaller than the frame.
    int rows = (int)MAX(1, (bytes + (gsize)width * 4 - 1) / ((gsize)width * 4));
    cairo_surface_t *image = cairo_surface_create_similar_image(window_surface, CAIRO_FORMAT_RGB24, width, rows);
    cairo_surface_destroy(window_surface);
    if (cairo_surface_status(image) == CAIRO_STATUS_SUCCESS) {
        keeper = image;
    } else {
        cairo_surface_destroy(image);
    }
#else
    (void)widget;
#endif
}
