#include "flick_gtk_testing.h"

char *flick_gtk_test_check_string(GtkWidget *widget, GtkAccessibleProperty property, const char *expected) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), property, expected);
}

char *flick_gtk_test_check_selected(GtkWidget *widget, int selected) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected);
}

char *flick_gtk_test_check_busy(GtkWidget *widget, gboolean busy) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_BUSY, busy);
}
