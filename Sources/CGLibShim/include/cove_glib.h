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
/// G_OBJECT_TYPE_NAME: the instance's class name ("GskGLRenderer"), static.
const char *cove_object_type_name(gpointer object);

/// Attaches a GSource to `context` (NULL = default) that runs libdispatch's main queue whenever it has work,
/// so `@MainActor` tasks and `DispatchQueue.main` run while GLib owns the main thread. Idempotent per process.
void cove_attach_main_queue_source(GMainContext *context);

/// Flushes stdout and stderr and ends the process at once (`_exit`): no atexit handler or destructor runs while
/// GStreamer's threads still work.
void cove_exit_now(int status);
/// Ends the process with status 0 after `milliseconds`, from a thread of its own, whatever the main thread does:
/// the bound on quitting. Only the first call arms it. With COVE_EXIT_REPORT set it says so on stderr first.
void cove_exit_watchdog(guint milliseconds);
/// Blocks SIGINT and SIGTERM in the calling thread and every thread it starts later: call it first in `main`,
/// before any thread exists, so only `cove_watch_quit_signals`'s thread ever receives them.
void cove_block_quit_signals(void);
/// Starts a thread that waits for SIGINT/SIGTERM (`sigwait`); on each it arms `cove_exit_watchdog(watchdog_ms)`
/// and runs `on_main(data)` once on the default main context.
void cove_watch_quit_signals(guint watchdog_ms, GSourceFunc on_main, gpointer data);
/// The last signal `cove_watch_quit_signals` received (0 before any).
int cove_last_quit_signal(void);
#endif
