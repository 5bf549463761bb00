import CFlickGTK
import CGtk4
import FlickCore
import FlickList

/// The GTK find bar's widgets: a `GtkSearchEntry` and the "3 of 1,204" label, in an OSD box
/// over the list's top right. Main thread.
struct GtkFindBar {
    let box: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    let label: UnsafeMutablePointer<GtkWidget>
    /// What the widgets show: whether the bar is open, and the find's revision shown.
    var shownOpen = false
    var shownRevision = -1
}

/// Find in the GTK widget: the same `ListFind` the SDL window draws a bar for, here behind a
/// `GtkSearchEntry` (GTK's own search field: its icon, clear button and input methods). Ctrl+F
/// on the list shows it and moves the keyboard focus into it; while it is open, text typed on
/// the list goes to it (`gtk_search_entry_set_key_capture_widget`); Enter / Shift+Enter and
/// F3 / Shift+F3 step, Escape closes it and gives the focus back to the list.
extension FlickListView {
    /// Makes the bar (hidden) the first time `find` is set.
    func installFindBar() {
        guard findBar == nil else { return }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        // "osd": GTK's on-screen-display look, a dark translucent panel readable over any row.
        gtk_widget_add_css_class(box, "osd")
        gtk_widget_set_halign(box, GTK_ALIGN_END)
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_end] { side(box, 8) }
        let entry = gtk_search_entry_new()!
        gtk_editable_set_width_chars(GObject.opaque(entry.object), 22)
        let label = gtk_label_new("")!
        gtk_label_set_width_chars(GObject.opaque(label.object), 12)
        gtk_box_append(GObject.cast(box.object), entry)
        gtk_box_append(GObject.cast(box.object), label)
        gtk_overlay_add_overlay(OpaquePointer(widget), box)
        gtk_widget_set_visible(box, 0)
        // "changed", not "search-changed": the find debounces typing itself, once for every host.
        GObject.connect(entry.object, "changed", GtkCallbacks.findChanged, data: eventsContext)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        GObject.connect(GObject.pointer(keys), "key-pressed", GtkCallbacks.findKeyPressed, data: eventsContext)
        gtk_widget_add_controller(entry, keys)
        findBar = GtkFindBar(box: box, entry: entry, label: label)
    }

    /// Brings the bar's widgets in line with the find: shown and focused when it opened,
    /// hidden (focus back on the list) when it closed, the status when it changed.
    func syncFindBar() {
        guard let find, var bar = findBar else { return }
        defer { findBar = bar }
        if find.isOpen != bar.shownOpen {
            bar.shownOpen = find.isOpen
            gtk_widget_set_visible(bar.box, find.isOpen ? 1 : 0)
            if find.isOpen {
                gtk_search_entry_set_key_capture_widget(GObject.opaque(bar.entry.object), canvas)
                _ = gtk_widget_grab_focus(bar.entry)
                gtk_editable_select_region(GObject.opaque(bar.entry.object), 0, -1)
            } else {
                gtk_search_entry_set_key_capture_widget(GObject.opaque(bar.entry.object), nil)
                _ = gtk_widget_grab_focus(canvas)
            }
        }
        if find.revision != bar.shownRevision {
            bar.shownRevision = find.revision
            gtk_label_set_text(GObject.opaque(bar.label.object), find.status)
            gtk_widget_queue_draw(canvas)
        }
    }

    func findTextChanged() {
        guard let find, let bar = findBar, let text = gtk_editable_get_text(GObject.opaque(bar.entry.object)) else { return }
        if !find.isOpen { find.open(engine: engine) }
        find.setText(String(cString: text), time: now)
        syncFindBar()
    }

    /// Escape, Enter, F3 (with Shift: back) in the entry go to the find; Ctrl+F selects the
    /// entry's text; every other key is the entry's (typing, Backspace, moving the caret).
    func findKeyPressed(keyval: UInt32, state: GdkModifierType) -> Bool {
        guard let find, let bar = findBar, let key = Self.key(for: keyval) else { return false }
        let press = KeyPress(key, Self.modifiers(state))
        switch key {
        case .escape, .enter, .f3:
            _ = find.handleKey(press, engine: engine, time: now)
        case .character("f") where press.modifiers.contains(.control):
            gtk_editable_select_region(GObject.opaque(bar.entry.object), 0, -1)
        default:
            return false
        }
        syncFindBar()
        return true
    }
}
