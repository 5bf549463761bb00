import CFlickGTK
import CGtk4
import FlickCore
import FlickHost
import FlickList

/// The list as assistive technology meets it (GTK 4.8 builds AT-SPI's tree from widgets only):
/// the canvas has role LIST; each row the engine names (`ListEngine.accessibleRows`: on screen,
/// a small overscan, the focused row) has a proxy child with role LIST_ITEM, its label from
/// the client (`RowInteraction.accessibleLabel`), its description its place ("1,002 of
/// 250,000"; GTK 4.8 sends no set size to AT-SPI), SELECTED from the selection, and LINK
/// children for its links; the list is BUSY while a row it shows has no item yet; accessories
/// with a label are buttons or status lines. Keyboard focus follows the focused row's proxy.
/// Main thread, once per frame, when the main loop is idle after it (`requestAccessibilitySync`).
extension FlickListView {
    /// Whether the list keeps proxies (`GtkListConfiguration.accessibility`).
    public var isAccessible: Bool { accessible.isActive == true }

    /// Proxy widgets made so far (rows, links, accessories): what standing for the rows costs.
    public var accessibleProxiesMade: Int { accessible.proxiesMade }

    /// Milliseconds each frame's `syncAccessibility` took while the list stood for its rows (the
    /// last `frameLogLimit` at most).
    public var accessibleSyncMilliseconds: [Double] { accessible.syncMilliseconds }

    /// Asks for a sync once the main loop is idle after this frame (GLib's default idle priority,
    /// below GTK's frame clock): the accessibility tree is not part of the frame's work, so a
    /// screen reader's updates never delay a frame; they follow it within the same interval.
    func requestAccessibilitySync() {
        guard configuration.accessibility != .off, accessible.pendingSync == 0, !isDisposed else { return }
        accessible.pendingSync = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, GtkCallbacks.accessibilityIdle, eventsContext, nil)
    }

    func accessibilitySyncDue() {
        accessible.pendingSync = 0
        syncAccessibility(time: now)
    }

    /// Runs the sync a frame asked for, if it has not run yet.
    func runPendingAccessibilitySync() {
        guard accessible.pendingSync != 0 else { return }
        cancelAccessibilitySync()
        syncAccessibility(time: now)
    }

    func cancelAccessibilitySync() {
        if accessible.pendingSync != 0 { g_source_remove(accessible.pendingSync) }
        accessible.pendingSync = 0
    }

    func syncAccessibility(time: Double) {
        guard !isDisposed, let wanted = accessibilityWanted() else { return }
        if !wanted {
            if accessible.isActive == true { stopStandingForRows() }
            accessible.isActive = false
            return
        }
        accessible.isActive = true
        // BUSY every frame (one state, a page load can be shorter than the interval below): a
        // row on screen with no item yet.
        let visible = engine.lastPlan?.visible ?? 0..<0
        setBusy(visible.contains { engine.source.item(at: $0) == nil })
        // While the list moves, the tree follows it a few times a second: every change is AT-SPI
        // events (bounds, names, children) a screen reader reads, and it reads the tree where the
        // reader stops. At rest, and whenever the keyboard focus moves, at once.
        let focus = (engine.selection.focus, engine.selection.focusedLink?.index)
        let focusMoved = focus.0 != accessible.lastFocus.row || focus.1 != accessible.lastFocus.link
        guard engine.physics.phase == .idle || focusMoved || time - accessible.lastSynced >= configuration.accessibleMovingInterval else { return }
        accessible.lastSynced = time
        accessible.lastFocus = focus
        let began = g_get_monotonic_time()
        defer {
            accessible.syncMilliseconds.append(Double(g_get_monotonic_time() - began) / 1000)
            if accessible.syncMilliseconds.count > configuration.frameLogLimit { accessible.syncMilliseconds.removeFirst(configuration.frameLogLimit / 2) }
        }
        let rows = engine.accessibleRows(overscan: configuration.accessibleOverscanRows)
        bindRowProxies(rows)
        for index in accessible.rows.indices where accessible.rows[index].key != nil {
            updateRowProxy(at: index)
        }
        syncAccessoryProxies()
        orderProxies()

        followFocus()
    }

    /// Whether the list should stand for its rows now (`GtkAccessibility`); nil until the canvas
    /// is realized (GTK's backend is not known before).
    private func accessibilityWanted() -> Bool? {
        switch configuration.accessibility {
        case .on: return true
        case .off: return false
        case .automatic:
            if accessible.backend == nil {
                guard gtk_widget_get_realized(canvas) != 0 else { return nil }
                accessible.backend = flick_gtk_accessibility_backend()
            }
            switch accessible.backend {
            case FLICK_GTK_ACCESSIBILITY_TEST: return true
            case FLICK_GTK_ACCESSIBILITY_ATSPI: return flick_gtk_assistive_technology_listens() != 0
            default: return false
            }
        }
    }

    /// Nobody listens any more: the proxies go, and the list is no longer busy.
    private func stopStandingForRows() {
        if flick_gtk_focus_is_within(canvas) != 0 { gtk_widget_grab_focus(canvas) }
        accessible.unparentAll()
        setBusy(false)
    }

    private func setBusy(_ busy: Bool) {
        guard busy != accessible.isBusy else { return }
        accessible.isBusy = busy
        flick_gtk_accessible_set_busy(canvas, busy ? 1 : 0)
    }

    /// Binds a proxy to every row in `rows`: each keeps the item it stood for, a row still
    /// loading keeps its row number's proxy, new rows take free proxies (made when none is
    /// free), and proxies no row wants are freed and hidden.
    private func bindRowProxies(_ rows: [Int]) {
        let keys = rows.map { row in engine.itemID(atRow: row).map { AccessibleRowKey.item($0) } ?? .row(row) }
        var wanted = Dictionary(zip(keys, rows), uniquingKeysWith: { first, _ in first })
        var freeByRow: [Int: Int] = [:]
        var free: [Int] = []
        for index in accessible.rows.indices {
            if let key = accessible.rows[index].key, let row = wanted.removeValue(forKey: key) {
                accessible.rows[index].row = row
                continue
            }
            accessible.rows[index].key = nil
            freeByRow[accessible.rows[index].row] = index
            free.append(index)
        }
        for (key, row) in wanted.sorted(by: { $0.value < $1.value }) {
            let index: Int
            if let same = freeByRow.removeValue(forKey: row) {
                index = same
                free.removeAll { $0 == same }
            } else if let reused = free.popLast() {
                freeByRow = freeByRow.filter { $0.value != reused }
                index = reused
            } else {
                accessible.rows.append(RowProxy(widget: accessible.makeProxy(role: GTK_ACCESSIBLE_ROLE_LIST_ITEM, in: canvas)))
                index = accessible.rows.count - 1
            }
            if accessible.rows[index].key != key {
                accessible.rows[index].labelledVersion = nil
                accessible.rows[index].linksMadeFor = nil
                // The last item's links go now: the new one's come with its layout.
                for link in accessible.rows[index].links.prefix(accessible.rows[index].linksShown) { gtk_widget_set_visible(link, 0) }
                accessible.rows[index].linksShown = 0
            }
            accessible.rows[index].key = key
            accessible.rows[index].row = row
        }
        for index in free where accessible.rows[index].key == nil {
            setShown(accessible.rows[index].widget, false, was: &accessible.rows[index].isShown)
        }
    }

    /// Updates one bound proxy's place, words, state and links.
    private func updateRowProxy(at index: Int) {
        var proxy = accessible.rows[index]
        defer { accessible.rows[index] = proxy }
        let row = proxy.row
        guard let frame = engine.rowFrame(row) else { return }
        place(proxy.widget, frame)
        let item = engine.source.item(at: row)
        if item == nil || proxy.labelledVersion != item?.version || proxy.label == nil {
            proxy.label = item.map { interaction.accessibleLabel(of: $0) ?? "Row \(NumberText.grouped(row + 1))" } ?? "Loading…"
            proxy.labelledVersion = item?.version
            proxy.description = nil  // sent again with the label
        }
        let description = NumberText.position(ofRow: row, count: engine.source.rowCountIsFinal ? engine.heights.rowCount : nil)
        if description != proxy.description {
            proxy.description = description
            flick_gtk_proxy_set_text(proxy.widget, proxy.label, description)
        }
        let mode = engine.selectionMode
        flick_gtk_proxy_set_selected(proxy.widget, mode == .none ? -1 : engine.selection.selected.contains(row) ? 1 : 0)
        if let item { updateLinkProxies(&proxy, version: item.version) }
        setShown(proxy.widget, true, was: &proxy.isShown)
    }

    /// Link proxies for the row's focus targets, once per item version and width, when the
    /// row has a layout (a row without one has none until it is laid out).
    private func updateLinkProxies(_ proxy: inout RowProxy<Source.Item.ID>, version: UInt64) {
        let key = RowProxy<Source.Item.ID>.LinksKey(version: version, width: engine.width)
        guard proxy.linksMadeFor != key, let layout = engine.layout(ofRow: proxy.row) else { return }
        let targets = interaction.focusTargets(in: layout)
        for (index, target) in targets.enumerated() {
            if index == proxy.links.count { proxy.links.append(accessible.makeProxy(role: GTK_ACCESSIBLE_ROLE_LINK, in: proxy.widget)) }
            let link = proxy.links[index]
            place(link, Rect.union(of: target.rects))
            flick_gtk_proxy_set_text(link, interaction.accessibleName(of: target.target, in: layout), nil)
            gtk_widget_set_visible(link, 1)
        }
        for link in proxy.links.dropFirst(targets.count) { gtk_widget_set_visible(link, 0) }
        proxy.linksShown = targets.count
        proxy.linksMadeFor = key
    }

    /// Accessories with a label (the "N new posts" pill, a footer's retry) as buttons or status
    /// lines at their drawn frames; hidden when off screen or unlabelled.
    private func syncAccessoryProxies() {
        for placement in ListAccessory.Placement.allCases {
            let accessory = engine.accessory(at: placement)
            guard let accessory, let label = accessory.accessibleLabel, let frame = engine.accessoryFrame(at: placement) else {
                if var proxy = accessible.accessories[placement] {
                    setShown(proxy.widget, false, was: &proxy.isShown)
                    accessible.accessories[placement] = proxy
                }
                continue
            }
            var proxy = accessible.accessories[placement]
            if let existing = proxy, existing.isActionable != accessory.isActionable {
                gtk_widget_unparent(existing.widget)
                proxy = nil
            }
            if proxy == nil {
                let role = accessory.isActionable ? GTK_ACCESSIBLE_ROLE_BUTTON : GTK_ACCESSIBLE_ROLE_STATUS
                proxy = AccessoryProxy(widget: accessible.makeProxy(role: role, in: canvas), isActionable: accessory.isActionable)
            }
            guard var proxy else { continue }
            place(proxy.widget, frame)
            flick_gtk_proxy_set_text(proxy.widget, label, nil)
            setShown(proxy.widget, true, was: &proxy.isShown)
            accessible.accessories[placement] = proxy
        }
    }

    /// Puts the proxies in reading order among the canvas's children (AT-SPI's child order):
    /// badge, header, rows by row number, footer.
    private func orderProxies() {
        var previous: UnsafeMutablePointer<GtkWidget>?
        for widget in accessible.readingOrder {
            if gtk_widget_get_prev_sibling(widget) != previous { gtk_widget_insert_after(widget, canvas, previous) }
            previous = widget
        }
    }

    /// While the keyboard focus is in the list, it sits on the focused row's proxy (its focused
    /// link's, when Tab is on one), so a screen reader follows the reader; with no focused row,
    /// on the canvas.
    private func followFocus() {
        guard flick_gtk_focus_is_within(canvas) != 0 else { return }
        var target = canvas
        if let row = engine.selection.focus, let proxy = accessible.rows.first(where: { $0.key != nil && $0.row == row }) {
            target = proxy.widget
            if let link = engine.selection.focusedLink?.index, link < proxy.linksShown { target = proxy.links[link] }
        }
        guard let root = gtk_widget_get_root(canvas), gtk_root_get_focus(root) != target else { return }
        gtk_widget_grab_focus(target)
    }

    /// An assistive technology activated a proxy: a link or a row taps as Enter would, an
    /// accessory as a tap on it.
    func proxyActivated(_ widget: UnsafeMutablePointer<GtkWidget>) {
        if let placement = accessible.accessory(widget) {
            engine.onAccessoryTap?(placement)
            return
        }
        guard let (row, link) = accessible.find(widget) else { return }
        record(engine.activation(ofRow: row, target: link, interaction: interaction))
    }
}
