#include "cove_gtk_test_probe.h"

gboolean cove_test_accessible_label_is(GtkWidget *widget, const char *expected) {
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)) return FALSE;
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                        expected);
    gboolean same = mismatch == NULL;
    g_free(mismatch);
    return same;
}

char *cove_test_clipboard_text(GtkWidget *widget) {
    GdkContentProvider *content = gdk_clipboard_get_content(gtk_widget_get_clipboard(widget));
    if (!content) return NULL;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_STRING);
    char *text = NULL;
    if (gdk_content_provider_get_value(content, &value, NULL)) text = g_value_dup_string(&value);
    g_value_unset(&value);
    return text;
}
