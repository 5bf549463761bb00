// FlickGtkProxy: an accessible stand-in for something the list draws itself (a row, a link in a
// row, a button the list shows). GTK 4.8 builds its AT-SPI tree from widgets only, so each part a
// screen reader should meet is a real child widget: it draws nothing, takes no pointer events (the
// list's own gestures keep them), and is allocated to the rectangle its parent gave it, so AT-SPI
// extents (magnifiers, pointer review) match what is drawn. Its action "item.activate" (offered
// to AT-SPI as an Action) reaches the list through FlickGtkViewCallbacks.activate_proxy.
// Main thread only (GTK's).
#ifndef FLICK_GTK_PROXY_H
#define FLICK_GTK_PROXY_H

#include <gtk/gtk.h>

/// A new proxy with `role` (LIST_ITEM, LINK, BUTTON, ...), focusable, not a pointer target.
GtkWidget *flick_gtk_proxy_new(GtkAccessibleRole role);

/// Whether `widget` is a proxy.
gboolean flick_gtk_is_proxy(GtkWidget *widget);

/// Places `proxy` at (x, y, width, height) in its parent's coordinates, points; the parent is
/// queued for allocation only when the rectangle changed.
void flick_gtk_proxy_place(GtkWidget *proxy, int x, int y, int width, int height);

/// Sets the accessible label and description (NULL: none). Each is sent to GTK's accessibility
/// only when it differs from what the proxy has (a frame re-sending the same text costs a strcmp).
void flick_gtk_proxy_set_text(GtkWidget *proxy, const char *label, const char *description);

/// The SELECTED state: 1 selected, 0 selectable but not selected, -1 not selectable (undefined).
void flick_gtk_proxy_set_selected(GtkWidget *proxy, int selected);

/// The label and description the proxy last sent (borrowed; NULL when none).
const char *flick_gtk_proxy_label(GtkWidget *proxy);
const char *flick_gtk_proxy_description(GtkWidget *proxy);

/// Allocates every proxy child of `parent` to its placed rectangle (after measuring it, as GTK
/// requires). Called from the parent's size_allocate.
void flick_gtk_proxy_allocate_children(GtkWidget *parent);

/// Sets the accessible label of any accessible widget (the list's name: "Timeline").
void flick_gtk_accessible_set_label(GtkWidget *widget, const char *label);

/// Sets the BUSY state of any accessible widget (the list while a page of rows loads).
void flick_gtk_accessible_set_busy(GtkWidget *widget, gboolean busy);

/// Whether GTK bridges this process's widgets to an accessibility backend: AT-SPI on a bus, or
/// GTK_A11Y=test. False with GTK_A11Y=none or no bus. Meaningful once a window is realized.
gboolean flick_gtk_accessibility_bridged(void);

/// Whether the keyboard focus of `widget`'s window is `widget` or inside it.
gboolean flick_gtk_focus_is_within(GtkWidget *widget);

#endif
