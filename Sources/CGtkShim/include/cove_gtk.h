#ifndef COVE_GTK_H
#define COVE_GTK_H
// GTK calls that are variadic or macro-only in C.
#include <gtk/gtk.h>

/// Sets the accessible name (GTK_ACCESSIBLE_PROPERTY_LABEL) that AT-SPI clients read.
void cove_accessible_set_label(GtkWidget *widget, const char *label);
/// Sets the accessible description (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION): how to use a control beyond its name.
void cove_accessible_set_description(GtkWidget *widget, const char *description);
/// Sets the accessible value text of a range (e.g. "1:05 of 3:20").
void cove_accessible_set_value_text(GtkWidget *widget, const char *text);
/// Hides a purely decorative widget from assistive technologies.
void cove_accessible_set_hidden(GtkWidget *widget, gboolean hidden);
/// Drops the widget's own accessible label, so its name comes from what labels it (a mnemonic label, a button's
/// label child) once: GTK 4.8 reads the label property and the labelled-by relation one after the other.
void cove_accessible_reset_label(GtkWidget *widget);
/// The first widget of `type` under `widget`, depth first; NULL when none (a drop-down's own toggle button).
GtkWidget *cove_first_descendant_of_type(GtkWidget *widget, GType type);
/// Sets the role assistive technologies read (GtkWidget's construct-time "accessible-role"); only before the widget
/// is realized. A check button bound to one value of a stateful action is a choice among several: a radio button.
void cove_accessible_set_role(GtkWidget *widget, GtkAccessibleRole role);
/// Renders `widget` as it is now into a texture (NULL when it has no size yet); for screenshots and pixel tests.
GdkTexture *cove_widget_render_texture(GtkWidget *widget);
/// Renders `widget` as it was last drawn into a texture, at its size in device pixels, without waiting for a new
/// frame (a frame capture of the 360 view); NULL when it has not been drawn or has no size.
GdkTexture *cove_widget_render_last_drawn(GtkWidget *widget);
/// Turns `count` pixels of gdk_texture_download's CAIRO_FORMAT_ARGB32 (opaque) into R8G8B8A8, in place; any thread.
void cove_argb32_to_rgba(guchar *data, gsize count);
/// Asks the window manager to keep a mapped toplevel above other windows (EWMH _NET_WM_STATE_ABOVE; GTK 4 has no
/// API for it). Returns FALSE where that cannot be asked: not X11, or the window has no surface yet. Whether the
/// window manager honours it is its own decision; Wayland compositors decide by themselves.
gboolean cove_window_request_keep_above(GtkWindow *window);
/// A frame of `width` x `height` opaque pixels in cairo's byte order (B8G8R8A8 native-endian words), `stride`
/// bytes a row, drawn as a cairo node without a conversion (cove_frame_paintable.c): for GTK's cairo renderer.
#define COVE_TYPE_FRAME_PAINTABLE (cove_frame_paintable_get_type())
G_DECLARE_FINAL_TYPE(CoveFramePaintable, cove_frame_paintable, COVE, FRAME_PAINTABLE, GObject)
GdkPaintable *cove_frame_paintable_new(GBytes *bytes, int width, int height, int stride);
/// On X11, keeps one of cairo's MIT-SHM pools alive for the process, so each frame's upload reuses its pages
/// (cove_x11_shm.c). Once per process; nothing elsewhere.
void cove_x11_keep_shm_pool(GtkWidget *widget);
#include "cove_drop.h"
#endif
