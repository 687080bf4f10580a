#include "cove_gtk_test_probe.h"

gboolean cove_test_accessible_label_is(GtkWidget *widget, const char *expected) {
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)) return FALSE;
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                        expected);
    gboolean same = mismatch == NULL;
    g_free(mismatch);
    return same;
}
