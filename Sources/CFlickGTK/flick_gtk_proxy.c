#include "flick_gtk_proxy.h"
#include "flick_gtk.h"

#include <string.h>

#define FLICK_TYPE_GTK_PROXY (flick_gtk_proxy_get_type())
G_DECLARE_FINAL_TYPE(FlickGtkProxy, flick_gtk_proxy, FLICK, GTK_PROXY, GtkWidget)

struct _FlickGtkProxy {
    GtkWidget parent_instance;
    GdkRectangle place;
    char *label;
    char *description;
    int selected;  // -1: undefined
};

G_DEFINE_FINAL_TYPE(FlickGtkProxy, flick_gtk_proxy, GTK_TYPE_WIDGET)

static void flick_gtk_proxy_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                                    int *minimum_baseline, int *natural_baseline) {
    (void)widget, (void)orientation, (void)for_size;
    *minimum = 0;
    *natural = 0;
    *minimum_baseline = -1;
    *natural_baseline = -1;
}

static void flick_gtk_proxy_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)width, (void)height, (void)baseline;
    flick_gtk_proxy_allocate_children(widget);
}

// Draws nothing: the list paints the row; the proxy only stands for it.
static void flick_gtk_proxy_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) { (void)widget, (void)snapshot; }

static void flick_gtk_proxy_activate(GtkWidget *widget, const char *name, GVariant *parameter) {
    (void)name, (void)parameter;
    flick_gtk_view_proxy_activated(widget);
}

void flick_gtk_unparent_children(GtkWidget *parent) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(parent)) != NULL) gtk_widget_unparent(child);
}

static void flick_gtk_proxy_dispose(GObject *object) {
    flick_gtk_unparent_children(GTK_WIDGET(object));
    G_OBJECT_CLASS(flick_gtk_proxy_parent_class)->dispose(object);
}

static void flick_gtk_proxy_finalize(GObject *object) {
    FlickGtkProxy *self = FLICK_GTK_PROXY(object);
    g_free(self->label);
    g_free(self->description);
    G_OBJECT_CLASS(flick_gtk_proxy_parent_class)->finalize(object);
}

static void flick_gtk_proxy_class_init(FlickGtkProxyClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = flick_gtk_proxy_measure;
    widget_class->size_allocate = flick_gtk_proxy_size_allocate;
    widget_class->snapshot = flick_gtk_proxy_snapshot;
    G_OBJECT_CLASS(klass)->dispose = flick_gtk_proxy_dispose;
    G_OBJECT_CLASS(klass)->finalize = flick_gtk_proxy_finalize;
    gtk_widget_class_set_css_name(widget_class, "flickproxy");
    gtk_widget_class_install_action(widget_class, "item.activate", NULL, flick_gtk_proxy_activate);
}

static void flick_gtk_proxy_init(FlickGtkProxy *self) {
    self->selected = -1;
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_widget_set_can_target(GTK_WIDGET(self), FALSE);
}

GtkWidget *flick_gtk_proxy_new(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(FLICK_TYPE_GTK_PROXY, "accessible-role", role, NULL));
}

gboolean flick_gtk_is_proxy(GtkWidget *widget) { return widget != NULL && FLICK_IS_GTK_PROXY(widget); }

void flick_gtk_proxy_place(GtkWidget *proxy, int x, int y, int width, int height) {
    FlickGtkProxy *self = FLICK_GTK_PROXY(proxy);
    GdkRectangle place = {x, y, width < 0 ? 0 : width, height < 0 ? 0 : height};
    if (gdk_rectangle_equal(&place, &self->place)) return;
    self->place = place;
    GtkWidget *parent = gtk_widget_get_parent(proxy);
    if (parent != NULL) gtk_widget_queue_allocate(parent);
}

// GTK's setters are variadic; their _value forms take GValues.
static void flick_gtk_accessible_set_string(GtkWidget *widget, GtkAccessibleProperty property, const char *text) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_STRING);
    g_value_set_string(&value, text);
    GtkAccessibleProperty properties[1] = {property};
    gtk_accessible_update_property_value(GTK_ACCESSIBLE(widget), 1, properties, &value);
    g_value_unset(&value);
}

/// `type` is G_TYPE_BOOLEAN for plain boolean states, G_TYPE_INT for those that may be undefined
/// (GTK collects those as ints: gtkaccessiblevalue.c).
static void flick_gtk_accessible_set_state(GtkWidget *widget, GtkAccessibleState state, GType type, int on) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, type);
    if (type == G_TYPE_BOOLEAN) g_value_set_boolean(&value, on); else g_value_set_int(&value, on);
    GtkAccessibleState states[1] = {state};
    gtk_accessible_update_state_value(GTK_ACCESSIBLE(widget), 1, states, &value);
    g_value_unset(&value);
}

static void flick_gtk_proxy_update_string(GtkWidget *proxy, GtkAccessibleProperty property, char **held, const char *text) {
    if (g_strcmp0(*held, text) == 0) return;
    g_free(*held);
    *held = g_strdup(text);
    if (text == NULL) {
        gtk_accessible_reset_property(GTK_ACCESSIBLE(proxy), property);
        return;
    }
    flick_gtk_accessible_set_string(proxy, property, text);
}

void flick_gtk_proxy_set_text(GtkWidget *proxy, const char *label, const char *description) {
    FlickGtkProxy *self = FLICK_GTK_PROXY(proxy);
    flick_gtk_proxy_update_string(proxy, GTK_ACCESSIBLE_PROPERTY_LABEL, &self->label, label);
    flick_gtk_proxy_update_string(proxy, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, &self->description, description);
}

void flick_gtk_proxy_set_selected(GtkWidget *proxy, int selected) {
    FlickGtkProxy *self = FLICK_GTK_PROXY(proxy);
    selected = selected < 0 ? -1 : selected > 0;
    if (selected == self->selected) return;
    self->selected = selected;
    if (selected < 0) {
        gtk_accessible_reset_state(GTK_ACCESSIBLE(proxy), GTK_ACCESSIBLE_STATE_SELECTED);
        return;
    }
    flick_gtk_accessible_set_state(proxy, GTK_ACCESSIBLE_STATE_SELECTED, G_TYPE_INT, selected);
}

const char *flick_gtk_proxy_label(GtkWidget *proxy) { return FLICK_GTK_PROXY(proxy)->label; }

const char *flick_gtk_proxy_description(GtkWidget *proxy) { return FLICK_GTK_PROXY(proxy)->description; }

void flick_gtk_proxy_allocate_children(GtkWidget *parent) {
    for (GtkWidget *child = gtk_widget_get_first_child(parent); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (!FLICK_IS_GTK_PROXY(child)) continue;
        int minimum = 0;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &minimum, NULL, NULL, NULL);
        gtk_widget_size_allocate(child, &FLICK_GTK_PROXY(child)->place, -1);
    }
}

void flick_gtk_accessible_set_label(GtkWidget *widget, const char *label) {
    flick_gtk_accessible_set_string(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

void flick_gtk_accessible_set_busy(GtkWidget *widget, gboolean busy) {
    flick_gtk_accessible_set_state(widget, GTK_ACCESSIBLE_STATE_BUSY, G_TYPE_BOOLEAN, busy);
}

FlickGtkAccessibilityBackend flick_gtk_accessibility_backend(void) {
    // GTK makes each widget's context from the first backend that works (gtkatcontext.c): AT-SPI
    // when the accessibility bus answers (its type is registered with its first context), else
    // the in-process test backend, which only counts when asked for by name.
    const char *asked = g_getenv("GTK_A11Y");
    if (asked != NULL && g_ascii_strcasecmp(asked, "test") == 0) return FLICK_GTK_ACCESSIBILITY_TEST;
    return g_type_from_name("GtkAtSpiContext") != 0 ? FLICK_GTK_ACCESSIBILITY_ATSPI : FLICK_GTK_ACCESSIBILITY_NONE;
}

gboolean flick_gtk_focus_is_within(GtkWidget *widget) {
    GtkRoot *root = gtk_widget_get_root(widget);
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    return focus != NULL && (focus == widget || gtk_widget_is_ancestor(focus, widget));
}

// Whether an assistive technology says it listens: AT-SPI's org.a11y.Status on the session bus
// (IsEnabled: the desktop turned accessibility on; ScreenReaderEnabled: a screen reader runs),
// read once and then followed through PropertiesChanged. GTK itself bridges regardless.
static gboolean status_is_enabled = FALSE;
static gboolean status_screen_reader = FALSE;
static gboolean status_known = FALSE;
static GDBusConnection *status_bus = NULL;

static void flick_gtk_status_take(const char *name, GVariant *value) {
    if (!g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN)) return;
    if (g_strcmp0(name, "IsEnabled") == 0) status_is_enabled = g_variant_get_boolean(value);
    if (g_strcmp0(name, "ScreenReaderEnabled") == 0) status_screen_reader = g_variant_get_boolean(value);
}

static void flick_gtk_status_changed(GDBusConnection *connection, const char *sender, const char *path, const char *interface,
                                     const char *signal, GVariant *parameters, gpointer data) {
    (void)connection, (void)sender, (void)path, (void)interface, (void)signal, (void)data;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sa{sv}as)"))) return;
    const char *changed_interface = NULL;
    GVariantIter *changed = NULL;
    g_variant_get(parameters, "(&sa{sv}as)", &changed_interface, &changed, NULL);
    if (g_strcmp0(changed_interface, "org.a11y.Status") == 0) {
        const char *name;
        GVariant *value;
        while (g_variant_iter_next(changed, "{&sv}", &name, &value)) {
            flick_gtk_status_take(name, value);
            g_variant_unref(value);
        }
    }
    g_variant_iter_free(changed);
}

static void flick_gtk_status_read(GDBusConnection *bus, const char *name) {
    GVariant *reply = g_dbus_connection_call_sync(bus, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get",
                                                  g_variant_new("(ss)", "org.a11y.Status", name), G_VARIANT_TYPE("(v)"),
                                                  G_DBUS_CALL_FLAGS_NO_AUTO_START, 500, NULL, NULL);
    if (reply == NULL) return;
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    flick_gtk_status_take(name, value);
    g_variant_unref(value);
    g_variant_unref(reply);
}

gboolean flick_gtk_assistive_technology_listens(void) {
    if (!status_known) {
        status_known = TRUE;
        GDBusConnection *bus = g_getenv("DBUS_SESSION_BUS_ADDRESS") != NULL ? g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL) : NULL;
        if (bus != NULL) {
            // Subscribed first, so a change between the read and the subscription is not lost.
            g_dbus_connection_signal_subscribe(bus, NULL, "org.freedesktop.DBus.Properties", "PropertiesChanged", "/org/a11y/bus",
                                               "org.a11y.Status", G_DBUS_SIGNAL_FLAGS_NONE, flick_gtk_status_changed, NULL, NULL);
            flick_gtk_status_read(bus, "IsEnabled");
            flick_gtk_status_read(bus, "ScreenReaderEnabled");
            status_bus = bus;  // kept: the subscription lives as long as the connection
        }
    }
    return status_is_enabled || status_screen_reader;
}
