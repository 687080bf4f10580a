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
SETTER(cove_object_set_int64, gint64)
SETTER(cove_object_set_uint64, guint64)
SETTER(cove_object_set_bool, gboolean)
SETTER(cove_object_set_double, gdouble)
SETTER(cove_object_set_object, gpointer)

gboolean cove_object_has_property(gpointer object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}

gboolean cove_object_set_enum_nick(gpointer object, const char *name, const char *nick) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    if (spec == NULL) return FALSE;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, spec->value_type);
    gboolean ok = FALSE;
    if (G_TYPE_IS_ENUM(spec->value_type)) {
        GEnumClass *klass = g_type_class_ref(spec->value_type);
        GEnumValue *entry = g_enum_get_value_by_nick(klass, nick);
        if (entry == NULL) entry = g_enum_get_value_by_name(klass, nick);
        if (entry != NULL) { g_value_set_enum(&value, entry->value); ok = TRUE; }
        g_type_class_unref(klass);
    } else if (G_TYPE_IS_FLAGS(spec->value_type)) {
        GFlagsClass *klass = g_type_class_ref(spec->value_type);
        GFlagsValue *entry = g_flags_get_value_by_nick(klass, nick);
        if (entry == NULL) entry = g_flags_get_value_by_name(klass, nick);
        if (entry != NULL) { g_value_set_flags(&value, entry->value); ok = TRUE; }
        g_type_class_unref(klass);
    }
    if (ok) g_object_set_property(G_OBJECT(object), name, &value);
    g_value_unset(&value);
    return ok;
}

gint cove_object_get_int(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(G_OBJECT(object), name, &value, NULL);
    return value;
}

gboolean cove_object_get_bool(gpointer object, const char *name) {
    gboolean value = FALSE;
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

const char *cove_type_name_of(gpointer instance) {
    return G_OBJECT_TYPE_NAME(instance);
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
