// GTK's accessibility test checks for Swift, which cannot call their variadic C forms. Each
// returns NULL when the widget's accessible holds the value, else GTK's message saying what it
// holds (free it with g_free). Needs an accessibility context: GTK_A11Y=test. Main thread.
#ifndef FLICK_GTK_TESTING_H
#define FLICK_GTK_TESTING_H

#include <gtk/gtk.h>

char *flick_gtk_test_check_string(GtkWidget *widget, GtkAccessibleProperty property, const char *expected);
/// SELECTED: 1, 0, or GTK_ACCESSIBLE_VALUE_UNDEFINED (-1).
char *flick_gtk_test_check_selected(GtkWidget *widget, int selected);
char *flick_gtk_test_check_busy(GtkWidget *widget, gboolean busy);

#endif
