import CFlickGTK
import CGtk4
import FlickCore
import FlickList

/// Whether a `FlickListView` stands for its rows to assistive technology.
public enum GtkAccessibility: Sendable, Hashable {
    /// While an assistive technology listens: GTK bridges the app to the AT-SPI bus and the bus
    /// says a screen reader runs or the desktop turned accessibility on (`org.a11y.Status`'s
    /// ScreenReaderEnabled / IsEnabled, followed as they change), or GTK's test backend is in
    /// use (`GTK_A11Y=test`). Otherwise the list keeps no proxies and pays nothing.
    case automatic
    case on
    case off
}

/// What identifies the thing a row proxy stands for: the row's item when the list knows it,
/// else the row number (a row whose page is still loading).
enum AccessibleRowKey<ID: Hashable>: Hashable {
    case item(ID)
    case row(Int)
}

/// One row proxy (a `FlickGtkProxy` with role LIST_ITEM, a child of the canvas) and what it
/// last told GTK, so a frame sends only what changed.
struct RowProxy<ID: Hashable> {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What it stands for; nil while free (hidden, waiting to be bound again).
    var key: AccessibleRowKey<ID>?
    var row = -1
    var label: String?
    var description: String?
    /// The item version the label was made from (nil: the row had no item).
    var labelledVersion: UInt64?
    /// Its link proxies (role LINK, children of `widget`), the first `linksShown` in use.
    var links: [UnsafeMutablePointer<GtkWidget>] = []
    var linksShown = 0
    /// The item version and width the links were made for (nil: not made, no layout yet).
    var linksMadeFor: LinksKey?
    var isShown = false

    struct LinksKey: Hashable {
        let version: UInt64
        let width: Double
    }
}

/// A proxy for a header, footer or badge the list shows (role BUTTON when tapping it does
/// something, else STATUS).
struct AccessoryProxy {
    let widget: UnsafeMutablePointer<GtkWidget>
    let isActionable: Bool
    var isShown = false
}

/// The list's accessibility tree below its canvas: a recycled pool of row proxies for the rows
/// `ListEngine.accessibleRows` names, their links, the accessories, and the list's BUSY state.
/// Kept by `FlickListView`, synced once per frame (`syncAccessibility`). Main thread.
struct GtkAccessibleRows<ID: Hashable> {
    var rows: [RowProxy<ID>] = []
    var accessories: [ListAccessory.Placement: AccessoryProxy] = [:]
    var isBusy = false
    /// Whether the pool is in use (`GtkAccessibility`); nil until it could be decided.
    var isActive: Bool?
    /// The backend GTK sends to, known once the canvas is realized.
    var backend: FlickGtkAccessibilityBackend?
    /// When the tree last followed the list (`GtkListConfiguration.accessibleMovingInterval`),
    /// and the keyboard focus it followed then.
    var lastSynced = -Double.infinity
    var lastFocus: (row: Int?, link: Int?) = (nil, nil)
    /// Proxies made so far (rows, links, accessories): the pool's whole cost in widgets.
    var proxiesMade = 0
    /// The idle source of the sync the last frame asked for (0: none pending).
    var pendingSync: guint = 0
    /// Each sync's milliseconds (`FlickListView.accessibleSyncMilliseconds`).
    var syncMilliseconds: [Double] = []

    /// A new proxy of `role` inside `parent`.
    mutating func makeProxy(role: GtkAccessibleRole, in parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let widget = flick_gtk_proxy_new(role)!
        gtk_widget_set_parent(widget, parent)
        proxiesMade += 1
        return widget
    }

    /// The row proxy and link index `widget` is (link index nil: the row itself).
    func find(_ widget: UnsafeMutablePointer<GtkWidget>) -> (row: Int, link: Int?)? {
        for proxy in rows where proxy.key != nil {
            if proxy.widget == widget { return (proxy.row, nil) }
            if let index = proxy.links.prefix(proxy.linksShown).firstIndex(of: widget) { return (proxy.row, index) }
        }
        return nil
    }

    /// The accessory `widget` stands for.
    func accessory(_ widget: UnsafeMutablePointer<GtkWidget>) -> ListAccessory.Placement? {
        accessories.first { $0.value.widget == widget }?.key
    }

    /// The shown proxies in reading order: badge, header, rows by row number, footer.
    var readingOrder: [UnsafeMutablePointer<GtkWidget>] {
        let shown = { (placement: ListAccessory.Placement) in accessories[placement].flatMap { $0.isShown ? $0.widget : nil } }
        let bound = rows.filter { $0.key != nil }.sorted { $0.row < $1.row }.map(\.widget)
        return [shown(.badge), shown(.header)].compactMap { $0 } + bound + [shown(.footer)].compactMap { $0 }
    }

    /// Takes every proxy out of the canvas and forgets it (nobody listens any more).
    mutating func unparentAll() {
        for proxy in rows { gtk_widget_unparent(proxy.widget) }
        for proxy in accessories.values { gtk_widget_unparent(proxy.widget) }
        removeAll()
    }

    /// Forgets every proxy (the canvas unparents them when it is disposed).
    mutating func removeAll() {
        rows.removeAll()
        accessories.removeAll()
    }
}

/// Sets a proxy's visibility only when it changes (hidden proxies are left out of the tree).
func setShown(_ widget: UnsafeMutablePointer<GtkWidget>, _ shown: Bool, was: inout Bool) {
    guard shown != was else { return }
    gtk_widget_set_visible(widget, shown ? 1 : 0)
    was = shown
}

/// Places `widget` at `frame` (points in its parent), each edge at the nearest whole point (rows
/// that touch keep touching; a fraction's float error never makes them overlap).
func place(_ widget: UnsafeMutablePointer<GtkWidget>, _ frame: Rect) {
    let x = frame.minX.rounded(), y = frame.minY.rounded()
    let width = frame.maxX.rounded() - x, height = frame.maxY.rounded() - y
    let clamp = { (value: Double) in Int32(max(-1e9, min(1e9, value))) }
    flick_gtk_proxy_place(widget, clamp(x), clamp(y), clamp(width), clamp(height))
}
