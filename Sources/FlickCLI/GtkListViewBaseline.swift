import CGtk4
import FlickCore
import Foundation

/// The GtkListView side of `flick gtk-demo --compare`: an idiomatic GTK4 list over the same
/// posts. A `GtkStringList` of row numbers behind a `GtkNoSelection`, a
/// `GtkSignalListItemFactory` whose `setup` builds one row widget (a vertical `GtkBox` of
/// wrapped `GtkLabel`s: name, body, retweet, meta, styled by CSS at Flick's font sizes) and
/// whose `bind` sets the post's cached Pango markup; the list in a `GtkScrolledWindow`.
/// GTK recycles row widgets and measures wrapped labels itself. Main thread.
@MainActor
final class GtkListViewBaseline {
    let markup: [GtkPostMarkup]
    /// The widget to put in the window.
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    let listView: UnsafeMutablePointer<GtkWidget>
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private(set) var binds = 0

    init(markup: [GtkPostMarkup]) {
        self.markup = markup
        Self.installStyle()
        let strings = gtk_string_list_new(nil)!
        for index in markup.indices { gtk_string_list_append(strings, "\(index)") }
        let selection = gtk_no_selection_new(strings)
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        scrolledWindow = gtk_scrolled_window_new()
        let scrolled = OpaquePointer(scrolledWindow)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled, listView)
        adjustment = gtk_scrolled_window_get_vadjustment(scrolled)
        Self.connect(factory, "setup", Self.setup, self)
        Self.connect(factory, "bind", Self.bind, self)
    }

    private typealias ItemSignal = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void

    /// Connects `handler` with its own reference to `list`, dropped when the factory goes.
    private static func connect(_ factory: OpaquePointer, _ signal: String, _ handler: ItemSignal, _ list: GtkListViewBaseline) {
        let data = Unmanaged.passRetained(list).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<GtkListViewBaseline>.fromOpaque(data).release()
        }
        g_signal_connect_data(gpointer(factory), signal, unsafeBitCast(handler, to: GCallback.self), data, release, GConnectFlags(rawValue: 0))
    }

    /// A row: four labels in a box.
    private static let setup: ItemSignal = { _, item, _ in
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(box, "flick-row")
        for style in ["flick-name", "flick-body", "flick-retweet", "flick-meta"] {
            let label = gtk_label_new(nil)!
            let asLabel = OpaquePointer(label)
            gtk_label_set_wrap(asLabel, 1)
            gtk_label_set_wrap_mode(asLabel, .init(rawValue: 2))  // PANGO_WRAP_WORD_CHAR (pango's header may belong to CPangoCairo's module)
            gtk_label_set_xalign(asLabel, 0)
            gtk_widget_add_css_class(label, style)
            gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), label)
        }
        gtk_list_item_set_child(OpaquePointer(item), box)
    }

    /// Sets the post's markup on the row's labels.
    private static let bind: ItemSignal = { _, item, data in
        let address = UInt(bitPattern: data)
        nonisolated(unsafe) let item = item
        MainActor.assumeIsolated {
            guard let raw = UnsafeMutableRawPointer(bitPattern: address), let item else { return }
            let list = Unmanaged<GtkListViewBaseline>.fromOpaque(raw).takeUnretainedValue()
            let listItem = OpaquePointer(item)
            guard let object = gtk_list_item_get_item(listItem), let string = gtk_string_object_get_string(OpaquePointer(object)),
                let index = Int(String(cString: string)), list.markup.indices.contains(index), let box = gtk_list_item_get_child(listItem)
            else { return }
            list.binds += 1
            let post = list.markup[index]
            var label = gtk_widget_get_first_child(box)
            for text in [post.name, post.body, post.retweet, post.meta] {
                guard let current = label else { break }
                gtk_label_set_markup(OpaquePointer(current), text ?? "")
                gtk_widget_set_visible(current, text == nil ? 0 : 1)
                label = gtk_widget_get_next_sibling(current)
            }
        }
    }

    /// Flick's cell look in CSS: white cells on the grey background, its font sizes and colours.
    private static func installStyle() {
        let css = """
            listview { background: #F2F2F2; }
            .flick-row { background: #FFFFFF; padding: 12px 16px; margin-bottom: 8px; }
            .flick-name { font-size: 15px; font-weight: 500; color: #333333; }
            .flick-body { font-size: 16px; color: #333333; }
            .flick-retweet { font-size: 15px; color: #5D5D5D; background: #F7F7F7; padding: 8px; }
            .flick-meta { font-size: 12px; color: #939393; }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
