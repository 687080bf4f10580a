#ifndef COVE_GTK_TEST_PROBE_H
#define COVE_GTK_TEST_PROBE_H
#include <gtk/gtk.h>

/// Whether `widget`'s accessible label property is `expected` (GTK's test API, variadic in C): what a screen reader
/// reads as its name when set.
gboolean cove_test_accessible_label_is(GtkWidget *widget, const char *expected);
/// The text this process put on `widget`'s clipboard (g_free), read from the local content provider without a
/// round trip through the display server; NULL when the clipboard holds no text of ours.
char *cove_test_clipboard_text(GtkWidget *widget);
#endif
