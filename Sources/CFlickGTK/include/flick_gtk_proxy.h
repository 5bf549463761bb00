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

/// Takes every child out of `parent` (a custom widget's dispose must: GTK does not).
void flick_gtk_unparent_children(GtkWidget *parent);

/// Allocates every proxy child of `parent` to its placed rectangle (after measuring it, as GTK
/// requires). Called from the parent's size_allocate.
void flick_gtk_proxy_allocate_children(GtkWidget *parent);

/// Sets the accessible label of any accessible widget (the list's name: "Timeline").
void flick_gtk_accessible_set_label(GtkWidget *widget, const char *label);

/// Sets the BUSY state of any accessible widget (the list while a page of rows loads).
void flick_gtk_accessible_set_busy(GtkWidget *widget, gboolean busy);

/// Where GTK sends this process's accessibility: nowhere (GTK_A11Y=none, no bus), the AT-SPI
/// bus, or GTK's in-process test backend (GTK_A11Y=test). Meaningful once a window is realized.
typedef enum {
    FLICK_GTK_ACCESSIBILITY_NONE,
    FLICK_GTK_ACCESSIBILITY_ATSPI,
    FLICK_GTK_ACCESSIBILITY_TEST,
} FlickGtkAccessibilityBackend;
FlickGtkAccessibilityBackend flick_gtk_accessibility_backend(void);

/// Whether an assistive technology says it listens: AT-SPI's org.a11y.Status on the session bus
/// has IsEnabled (the desktop's accessibility switch) or ScreenReaderEnabled (a screen reader
/// such as Orca runs) set. Read once (a blocking D-Bus call of at most 0.5 s, the first time),
/// then kept current from the bus's PropertiesChanged signals on the main context. False
/// without a session bus.
gboolean flick_gtk_assistive_technology_listens(void);

/// Whether the keyboard focus of `widget`'s window is `widget` or inside it.
gboolean flick_gtk_focus_is_within(GtkWidget *widget);

#endif
