#ifndef COVE_X11_PROBE_H
#define COVE_X11_PROBE_H
// Test support: watches the X11 root window the way a window manager would, to see the requests windows send it.
#include <gtk/gtk.h>

typedef struct CoveRootWatch CoveRootWatch;

/// Opens a second connection to GTK's X11 display and listens for the client messages sent to its root window.
/// NULL when the display is not X11.
CoveRootWatch *cove_root_watch_open(void);
/// Whether `window` asked, within `timeout_ms`, to be kept above the others (_NET_WM_STATE add _NET_WM_STATE_ABOVE).
gboolean cove_root_watch_saw_keep_above(CoveRootWatch *watch, GtkWindow *window, int timeout_ms);
void cove_root_watch_close(CoveRootWatch *watch);
/// Whether the X server named by $DISPLAY accepts a client within `timeout_ms` (for launching one in a test).
gboolean cove_x11_display_accepts_clients(int timeout_ms);
/// The colour (0xRRGGBB) at (x, y) of the screen named by $DISPLAY, as the X server shows it; -1 when it cannot
/// be read.
long cove_x11_screen_pixel(int x, int y);
#endif
