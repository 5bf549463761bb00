#include "flick_gtk.h"
#include "flick_gtk_proxy.h"

#include <cairo-xlib.h>
#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

#define FLICK_TYPE_GTK_VIEW (flick_gtk_view_get_type())
G_DECLARE_FINAL_TYPE(FlickGtkView, flick_gtk_view, FLICK, GTK_VIEW, GtkWidget)

struct _FlickGtkView {
    GtkWidget parent_instance;
    FlickGtkViewCallbacks callbacks;
    int natural_width;
    int natural_height;
};

G_DEFINE_FINAL_TYPE(FlickGtkView, flick_gtk_view, GTK_TYPE_WIDGET)

static void flick_gtk_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    FlickGtkView *self = FLICK_GTK_VIEW(widget);
    if (self->callbacks.snapshot == NULL) return;
    self->callbacks.snapshot(self->callbacks.context, snapshot, gtk_widget_get_width(widget), gtk_widget_get_height(widget));
}

static void flick_gtk_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                                   int *minimum_baseline, int *natural_baseline) {
    (void)for_size;
    FlickGtkView *self = FLICK_GTK_VIEW(widget);
    *minimum = 1;
    *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? self->natural_width : self->natural_height;
    *minimum_baseline = -1;
    *natural_baseline = -1;
}

static void flick_gtk_view_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    FlickGtkView *self = FLICK_GTK_VIEW(widget);
    if (self->callbacks.size_allocate != NULL) self->callbacks.size_allocate(self->callbacks.context, width, height);
    flick_gtk_proxy_allocate_children(widget);
}

// The list is one stop in the window's focus chain: focus coming from outside lands on the view
// (the host then moves it to its focused row's proxy), and focus already inside leaves. GTK's
// default would walk the row proxies one by one.
static gboolean flick_gtk_view_focus(GtkWidget *widget, GtkDirectionType direction) {
    (void)direction;
    if (flick_gtk_focus_is_within(widget)) return FALSE;
    return gtk_widget_grab_focus(widget);
}

void flick_gtk_view_proxy_activated(GtkWidget *proxy) {
    GtkWidget *view = gtk_widget_get_ancestor(proxy, flick_gtk_view_get_type());
    if (view == NULL) return;
    FlickGtkViewCallbacks callbacks = FLICK_GTK_VIEW(view)->callbacks;
    if (callbacks.activate_proxy != NULL) callbacks.activate_proxy(callbacks.context, proxy);
}

static void flick_gtk_view_dispose(GObject *object) {
    FlickGtkView *self = FLICK_GTK_VIEW(object);
    FlickGtkViewCallbacks callbacks = self->callbacks;
    self->callbacks = (FlickGtkViewCallbacks){0};
    if (callbacks.release != NULL) callbacks.release(callbacks.context);
    flick_gtk_unparent_children(GTK_WIDGET(object));
    G_OBJECT_CLASS(flick_gtk_view_parent_class)->dispose(object);
}

static void flick_gtk_view_class_init(FlickGtkViewClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->snapshot = flick_gtk_view_snapshot;
    widget_class->measure = flick_gtk_view_measure;
    widget_class->size_allocate = flick_gtk_view_size_allocate;
    widget_class->focus = flick_gtk_view_focus;
    G_OBJECT_CLASS(klass)->dispose = flick_gtk_view_dispose;
    gtk_widget_class_set_css_name(widget_class, "flicklist");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void flick_gtk_view_init(FlickGtkView *self) {
    self->natural_width = 375;
    self->natural_height = 667;
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *flick_gtk_view_new(FlickGtkViewCallbacks callbacks, int natural_width, int natural_height) {
    FlickGtkView *self = g_object_new(FLICK_TYPE_GTK_VIEW, NULL);
    self->callbacks = callbacks;
    self->natural_width = natural_width;
    self->natural_height = natural_height;
    return GTK_WIDGET(self);
}

void flick_gtk_view_set_natural_size(GtkWidget *view, int natural_width, int natural_height) {
    FlickGtkView *self = FLICK_GTK_VIEW(view);
    self->natural_width = natural_width;
    self->natural_height = natural_height;
    gtk_widget_queue_resize(view);
}

gulong flick_gtk_connect(gpointer instance, const char *signal, GCallback handler, gpointer data, gboolean after) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, after ? G_CONNECT_AFTER : 0);
}

gulong flick_gtk_connect_owned(gpointer instance, const char *signal, GCallback handler, gpointer data, GClosureNotify release,
                               gboolean after) {
    return g_signal_connect_data(instance, signal, handler, data, release, after ? G_CONNECT_AFTER : 0);
}

void flick_gtk_emit_dd(gpointer instance, const char *signal, double a, double b) {
    g_signal_emit_by_name(instance, signal, a, b);
}

void flick_gtk_emit_idd(gpointer instance, const char *signal, int n, double a, double b) {
    g_signal_emit_by_name(instance, signal, n, a, b);
}

void flick_gtk_emit_void(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

gboolean flick_gtk_emit_scroll(gpointer instance, double dx, double dy) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(instance, "scroll", dx, dy, &handled);
    return handled;
}

gboolean flick_gtk_emit_key(gpointer instance, guint keyval, GdkModifierType state) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(instance, "key-pressed", keyval, 0u, state, &handled);
    return handled;
}

cairo_surface_t *flick_gtk_hold_x11_upload_pool(GtkWidget *widget, int pixel_width, int pixel_height) {
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (!GDK_IS_X11_DISPLAY(display) || pixel_width < 1 || pixel_height < 1) return NULL;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    int screen = DefaultScreen(xdisplay);
    // Any xlib surface on the connection reaches its pool; the root window is never drawn to.
    cairo_surface_t *root = cairo_xlib_surface_create(xdisplay, RootWindow(xdisplay, screen), DefaultVisual(xdisplay, screen), 1, 1);
    cairo_surface_t *held = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
    cairo_surface_destroy(root);
    if (held != NULL && (cairo_surface_status(held) != CAIRO_STATUS_SUCCESS || !flick_gtk_surface_is_x11_shm(held))) {
        cairo_surface_destroy(held);
        return NULL;
    }
    return held;
}

gboolean flick_gtk_surface_is_x11_shm(cairo_surface_t *surface) {
    // cairo-xlib's shared-memory images report the image type but are not plain images:
    // only those carry an xlib device.
    cairo_device_t *device = surface != NULL ? cairo_surface_get_device(surface) : NULL;
    return device != NULL && cairo_device_get_type(device) == CAIRO_DEVICE_TYPE_XLIB;
}

char *flick_gtk_gl_renderer_name(GdkDisplay *display) {
    GError *error = NULL;
    GdkGLContext *context = gdk_display_create_gl_context(display, &error);
    if (context == NULL) {
        g_clear_error(&error);
        return NULL;
    }
    if (!gdk_gl_context_realize(context, &error)) {
        g_clear_error(&error);
        g_object_unref(context);
        return NULL;
    }
    gdk_gl_context_make_current(context);
    // GTK reaches GL through libepoxy, already loaded: its glGetString is a pointer variable.
    typedef const unsigned char *(*GetString)(unsigned int);
    GetString *get_string = (GetString *)dlsym(RTLD_DEFAULT, "epoxy_glGetString");
    const unsigned char *name = get_string != NULL && *get_string != NULL ? (*get_string)(0x1F01 /* GL_RENDERER */) : NULL;
    char *copy = name != NULL ? g_strdup((const char *)name) : NULL;
    gdk_gl_context_clear_current();
    g_object_unref(context);
    return copy;
}

/// Puts `image` in place of `node`'s recording, found by its address among the node's
/// pointer-sized fields (GTK 4.8: after the render node's header) rather than at an assumed
/// offset, and kept only if the node's own accessor then returns `image`.
static gboolean flick_gtk_cairo_node_hold_image(GskRenderNode *node, cairo_surface_t *image) {
    cairo_surface_t *recording = gsk_cairo_node_get_surface(node);
    GTypeQuery query;
    g_type_query(GSK_TYPE_CAIRO_NODE, &query);
    if (recording == NULL || query.type == 0) return FALSE;
    cairo_surface_t **fields = (cairo_surface_t **)node;
    size_t count = query.instance_size / sizeof(cairo_surface_t *), found = 0;
    for (size_t i = 1; i < count; i++) {
        if (fields[i] != recording) continue;
        if (found != 0) return FALSE;  // two candidates: not the layout this expects
        found = i;
    }
    if (found == 0) return FALSE;
    fields[found] = cairo_surface_reference(image);
    if (gsk_cairo_node_get_surface(node) != image) {
        fields[found] = recording;
        cairo_surface_destroy(image);
        return FALSE;
    }
    cairo_surface_destroy(recording);  // the node's reference, now to `image`
    return TRUE;
}

GskRenderNode *flick_gtk_cairo_node_new_for_image(const graphene_rect_t *bounds, cairo_surface_t *image, gboolean direct,
                                                  gboolean *is_direct) {
    *is_direct = FALSE;
    GskRenderNode *node = gsk_cairo_node_new(bounds);
    if (node == NULL) return NULL;
    cairo_t *context = gsk_cairo_node_get_draw_context(node);
    cairo_set_source_surface(context, image, 0, 0);
    cairo_paint(context);
    cairo_destroy(context);
    if (direct) *is_direct = flick_gtk_cairo_node_hold_image(node, image);
    return node;
}
