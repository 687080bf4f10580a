#ifndef COVE_GLIB_H
#define COVE_GLIB_H
// Typed stand-ins for GLib's variadic and macro APIs, and the bridge that lets GLib's loop drain libdispatch's main queue.
#include <gio/gio.h>

void cove_object_set_string(gpointer object, const char *name, const char *value);
void cove_object_set_int(gpointer object, const char *name, gint value);
void cove_object_set_uint(gpointer object, const char *name, guint value);
void cove_object_set_uint64(gpointer object, const char *name, guint64 value);
void cove_object_set_bool(gpointer object, const char *name, gboolean value);
void cove_object_set_double(gpointer object, const char *name, gdouble value);
void cove_object_set_object(gpointer object, const char *name, gpointer value);
gint cove_object_get_int(gpointer object, const char *name);
gdouble cove_object_get_double(gpointer object, const char *name);
/// Returns a new reference (or NULL).
gpointer cove_object_get_object(gpointer object, const char *name);
/// Returns a newly allocated string (g_free it) or NULL.
char *cove_object_get_string(gpointer object, const char *name);
gboolean cove_object_has_property(gpointer object, const char *name);

/// Attaches a GSource to `context` (NULL = default) that runs libdispatch's main queue whenever it has work,
/// so `@MainActor` tasks and `DispatchQueue.main` run while GLib owns the main thread. Idempotent per process.
void cove_attach_main_queue_source(GMainContext *context);
#endif
