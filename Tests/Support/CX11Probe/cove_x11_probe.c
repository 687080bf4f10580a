#include "cove_x11_probe.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <poll.h>

struct CoveRootWatch {
    Display *display;
    Atom state;
    Atom above;
};

CoveRootWatch *cove_root_watch_open(void) {
    GdkDisplay *gdk = gdk_display_get_default();
    if (gdk == NULL || !GDK_IS_X11_DISPLAY(gdk)) return NULL;
    Display *display = XOpenDisplay(DisplayString(gdk_x11_display_get_xdisplay(gdk)));
    if (display == NULL) return NULL;
    CoveRootWatch *watch = g_new0(CoveRootWatch, 1);
    watch->display = display;
    watch->state = XInternAtom(display, "_NET_WM_STATE", False);
    watch->above = XInternAtom(display, "_NET_WM_STATE_ABOVE", False);
    // Client messages sent to the root with SubstructureNotifyMask reach every client that selected it there.
    XSelectInput(display, DefaultRootWindow(display), SubstructureNotifyMask);
    XSync(display, False);
    return watch;
}

gboolean cove_root_watch_saw_keep_above(CoveRootWatch *watch, GtkWindow *window, int timeout_ms) {
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (watch == NULL || surface == NULL || !GDK_IS_X11_SURFACE(surface)) return FALSE;
    Window xid = gdk_x11_surface_get_xid(surface);
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    while (g_get_monotonic_time() < deadline) {
        while (XPending(watch->display) > 0) {
            XEvent event;
            XNextEvent(watch->display, &event);
            if (event.type == ClientMessage && event.xclient.window == xid
                && event.xclient.message_type == watch->state && event.xclient.data.l[0] == 1
                && (Atom)event.xclient.data.l[1] == watch->above) {
                return TRUE;
            }
        }
        struct pollfd descriptor = { .fd = ConnectionNumber(watch->display), .events = POLLIN };
        poll(&descriptor, 1, 20);
    }
    return FALSE;
}

void cove_root_watch_close(CoveRootWatch *watch) {
    if (watch == NULL) return;
    XCloseDisplay(watch->display);
    g_free(watch);
}
#else
CoveRootWatch *cove_root_watch_open(void) { return NULL; }
gboolean cove_root_watch_saw_keep_above(CoveRootWatch *watch, GtkWindow *window, int timeout_ms) {
    (void)watch; (void)window; (void)timeout_ms;
    return FALSE;
}
void cove_root_watch_close(CoveRootWatch *watch) { (void)watch; }
#endif

gboolean cove_x11_display_accepts_clients(int timeout_ms) {
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    for (;;) {
        Display *display = XOpenDisplay(NULL);
        if (display != NULL) {
            XCloseDisplay(display);
            return TRUE;
        }
        if (g_get_monotonic_time() >= deadline) return FALSE;
        g_usleep(100 * 1000);
    }
}

long cove_x11_screen_pixel(int x, int y) {
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) return -1;
    long colour = -1;
    XImage *image = XGetImage(display, DefaultRootWindow(display), x, y, 1, 1, AllPlanes, ZPixmap);
    if (image != NULL) {
        colour = (long)(XGetPixel(image, 0, 0) & 0xFFFFFF);
        XDestroyImage(image);
    }
    XCloseDisplay(display);
    return colour;
}
