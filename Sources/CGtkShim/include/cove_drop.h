#ifndef COVE_DROP_H
#define COVE_DROP_H
// Drag and drop: GType constants and G_VALUE_HOLDS are macros in C.
#include <gtk/gtk.h>

/// A drop target that takes a list of files (GDK_TYPE_FILE_LIST) or text (G_TYPE_STRING: a URI list, a link).
GtkDropTarget *cove_drop_target_new_for_media(void);
/// The URIs of a dropped GdkFileList (a NULL-terminated array to g_strfreev), or NULL when `value` holds none.
char **cove_drop_value_file_uris(const GValue *value);
/// The text of a dropped string, or NULL when `value` holds no string.
const char *cove_drop_value_text(const GValue *value);
/// For tests: `value` (zeroed) set to hold a GdkFileList of these URIs (NULL-terminated), or to hold `text`.
void cove_drop_value_init_files(GValue *value, const char *const *uris);
void cove_drop_value_init_text(GValue *value, const char *text);
#endif
