#include "cove_drop.h"

GtkDropTarget *cove_drop_target_new_for_media(void) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_INVALID, GDK_ACTION_COPY);
    // Files first: a file manager offers both, and its file list keeps names a text form would have to escape.
    GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };
    gtk_drop_target_set_gtypes(target, types, G_N_ELEMENTS(types));
    return target;
}

char **cove_drop_value_file_uris(const GValue *value) {
    if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) return NULL;
    GdkFileList *list = g_value_get_boxed(value);
    GSList *files = list ? gdk_file_list_get_files(list) : NULL;
    GStrvBuilder *builder = g_strv_builder_new();
    for (GSList *item = files; item != NULL; item = item->next) {
        char *uri = g_file_get_uri(G_FILE(item->data));
        g_strv_builder_add(builder, uri);
        g_free(uri);
    }
    g_slist_free(files);
    char **uris = g_strv_builder_end(builder);
    g_strv_builder_unref(builder);
    return uris;
}

const char *cove_drop_value_text(const GValue *value) {
    return G_VALUE_HOLDS_STRING(value) ? g_value_get_string(value) : NULL;
}

void cove_drop_value_init_files(GValue *value, const char *const *uris) {
    GSList *files = NULL;
    for (const char *const *uri = uris; *uri != NULL; uri++) files = g_slist_append(files, g_file_new_for_uri(*uri));
    g_value_init(value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed(value, gdk_file_list_new_from_list(files));
    g_slist_free_full(files, g_object_unref);
}

void cove_drop_value_init_text(GValue *value, const char *text) {
    g_value_init(value, G_TYPE_STRING);
    g_value_set_string(value, text);
}
