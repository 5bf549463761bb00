// FlickGtkView: the GtkWidget subclass that hosts a Flick list. GObject subclassing stays in C;
// every vfunc calls back into Swift through the function pointers given at creation.
// Main thread only (GTK's).
#ifndef FLICK_GTK_H
#define FLICK_GTK_H

#include <gtk/gtk.h>

/// What the widget calls. `context` is handed back unchanged; `release` runs once, when the
/// widget is disposed, so the Swift host can let go of itself.
typedef struct FlickGtkViewCallbacks {
    void *context;
    void (*snapshot)(void *context, GtkSnapshot *snapshot, int width, int height);
    void (*size_allocate)(void *context, int width, int height);
    void (*release)(void *context);
    /// An assistive technology (or a test) activated `proxy`, a FlickGtkProxy inside the view.
    void (*activate_proxy)(void *context, GtkWidget *proxy);
} FlickGtkViewCallbacks;

/// A new focusable widget asking for `natural_width` × `natural_height` points.
GtkWidget *flick_gtk_view_new(FlickGtkViewCallbacks callbacks, int natural_width, int natural_height);

/// Tells the FlickGtkView holding `proxy` (its nearest ancestor view) that it was activated;
/// nothing when it is in none (already taken out of a disposed view).
void flick_gtk_view_proxy_activated(GtkWidget *proxy);

/// Changes the size the widget asks for.
void flick_gtk_view_set_natural_size(GtkWidget *view, int natural_width, int natural_height);

// Signal helpers: g_signal_connect is a macro and g_signal_emit_by_name is variadic, so Swift
// reaches both through these.
gulong flick_gtk_connect(gpointer instance, const char *signal, GCallback handler, gpointer data, gboolean after);
/// As flick_gtk_connect; `release` gets `data` back when the handler goes (the instance is
/// finalized or the handler disconnected), to drop what `data` holds.
gulong flick_gtk_connect_owned(gpointer instance, const char *signal, GCallback handler, gpointer data, GClosureNotify release,
                               gboolean after);
/// Emits a signal taking (double, double) — drag-begin, drag-update, drag-end, decelerate.
void flick_gtk_emit_dd(gpointer instance, const char *signal, double a, double b);
/// Emits a signal taking (int, double, double) — GtkGestureClick's pressed and released.
void flick_gtk_emit_idd(gpointer instance, const char *signal, int n, double a, double b);
/// Emits a signal taking nothing — scroll-begin, scroll-end, stopped.
void flick_gtk_emit_void(gpointer instance, const char *signal);
/// Emits GtkEventControllerScroll's scroll (dx, dy); returns whether it was handled.
gboolean flick_gtk_emit_scroll(gpointer instance, double dx, double dy);
/// Emits GtkEventControllerKey's key-pressed; returns whether it was handled.
gboolean flick_gtk_emit_key(gpointer instance, guint keyval, GdkModifierType state);

/// Keeps cairo-xlib's shared-memory pool for `widget`'s X display alive while the returned
/// surface lives: an image from that pool of `pixel_width` × `pixel_height` ARGB32 pixels,
/// never drawn. cairo-xlib (1.16) destroys its pool whenever the pool is empty, and GDK's
/// X11 Cairo context uploads every frame through it, so without a holder each frame maps,
/// faults in and unmaps a fresh segment on both sides of the connection. The pool's size is
/// eight times the first allocation rounded up to a power of two, so a holder as large as the
/// window leaves room for several whole-window uploads. NULL when the display is not X11 or
/// the server has no MIT-SHM (nothing to keep). Destroy it with cairo_surface_destroy.
cairo_surface_t *flick_gtk_hold_x11_upload_pool(GtkWidget *widget, int pixel_width, int pixel_height);

/// Whether `surface` (from flick_gtk_hold_x11_upload_pool) lives in X shared memory.
gboolean flick_gtk_surface_is_x11_shm(cairo_surface_t *surface);

/// A GskCairoNode of `bounds` (points) that paints `image` (an image surface whose device
/// scale maps its pixels to those points) at its origin. GSK's Cairo renderer (GTK 4.8, cairo
/// 1.16) draws a Cairo node by replaying its recording, and cairo replays a recording used as
/// a source through a temporary image the size of what shows: a calloc'd image, the replay's
/// copy into it, then the composite, every frame. With `direct`, the node is made to hold
/// `image` itself in place of its recording (GTK 4.8's node draws the one surface it holds,
/// the one gsk_cairo_node_get_surface returns), so the renderer composites straight from the
/// image's pixels. `*is_direct` says whether that was done; when the node's layout is not the
/// expected one it keeps its recording, which draws the same pixels. Takes its own reference
/// to `image`. Main thread.
GskRenderNode *flick_gtk_cairo_node_new_for_image(const graphene_rect_t *bounds, cairo_surface_t *image, gboolean direct,
                                                  gboolean *is_direct);

/// The GL_RENDERER string of a GL context GDK makes on `display` ("llvmpipe (LLVM 15.0.6,
/// 256 bits)"), or NULL when GDK cannot make and realize one. Free it with g_free. Main
/// thread; call before any window is realized (it makes a context current and clears it).
char *flick_gtk_gl_renderer_name(GdkDisplay *display);

#endif
