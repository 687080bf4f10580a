#include "cove_glib.h"
#include <glib-unix.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#define SETTER(fn, ctype)                                         \
    void fn(gpointer object, const char *name, ctype value) {             \
        g_object_set(G_OBJECT(object), name, value, NULL);                \
    }
SETTER(cove_object_set_string, const char *)
SETTER(cove_object_set_int, gint)
SETTER(cove_object_set_uint, guint)
SETTER(cove_object_set_uint64, guint64)
SETTER(cove_object_set_bool, gboolean)
SETTER(cove_object_set_double, gdouble)
SETTER(cove_object_set_object, gpointer)

gboolean cove_object_has_property(gpointer object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}

gint cove_object_get_int(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(G_OBJECT(object), name, &value, NULL);
    return value;
}

gdouble cove_object_get_double(gpointer object, const char *name) {
    gdouble value = 0;
    g_object_get(G_OBJECT(object), name, &value, NULL);
    return value;
}

gpointer cove_object_get_object(gpointer object, const char *name) {
    gpointer value = NULL;
    g_object_get(G_OBJECT(object), name, &value, NULL);
    return value;
}

char *cove_object_get_string(gpointer object, const char *name) {
    char *value = NULL;
    g_object_get(G_OBJECT(object), name, &value, NULL);
    return value;
}

// libdispatch SPI, exported by the toolchain's libdispatch; CoreFoundation drives the main queue the same way on Linux.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer user_data) {
    (void)condition; (void)user_data;
    uint64_t count;
    // The eventfd is non-blocking; reading resets it so the source does not spin.
    while (read(fd, &count, sizeof count) == sizeof count) {}
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void cove_attach_main_queue_source(GMainContext *context) {
    static gsize attached = 0;
    if (g_once_init_enter(&attached)) {
        int fd = _dispatch_get_main_queue_handle_4CF();
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
        GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
        g_source_set_callback(source, (GSourceFunc)(void (*)(void))drain_main_queue, NULL, NULL);
        g_source_set_name(source, "cove-dispatch-main-queue");
        g_source_attach(source, context);
        g_source_unref(source);
        g_once_init_leave(&attached, 1);
    }
}

const char *cove_object_type_name(gpointer object) {
    return G_OBJECT_TYPE_NAME(object);
}
