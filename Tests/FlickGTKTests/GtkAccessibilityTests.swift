import CFlickGTK
import CFlickGTKTesting
import CGtk4
import Flick
@testable import FlickGTK
import FlickTestSupport
import Foundation
import Testing

/// The widget's accessibility tree in process, through GTK's own test backend (`GTK_A11Y=test`,
/// `gtk_test_accessible_*`): roles, labels, "N of M" descriptions, SELECTED and BUSY states,
/// links and buttons that activate, focus that follows the keyboard (real keys, xdotool), and a
/// pool that recycles its proxies however far the list scrolls. The out-of-process AT-SPI walk
/// is FlickCLITests' AccessibilityTreeTests.
extension FlickListViewTests {
    /// The canvas's shown proxies in child order (AT-SPI's order), with the row each says it is.
    static func rowProxies(_ bed: GtkTestbed) -> [(widget: UnsafeMutablePointer<GtkWidget>, row: Int)] {
        var found: [(UnsafeMutablePointer<GtkWidget>, Int)] = []
        var child = gtk_widget_get_first_child(bed.view.canvas)
        while let widget = child {
            if flick_gtk_is_proxy(widget) != 0, gtk_widget_get_visible(widget) != 0,
                gtk_test_accessible_has_role(OpaquePointer(widget), GTK_ACCESSIBLE_ROLE_LIST_ITEM) != 0,
                let description = flick_gtk_proxy_description(widget),
                let number = Int(String(cString: description).split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))
            {
                found.append((widget, number - 1))
            }
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }

    /// The labels of `proxy`'s shown LINK children, in order.
    static func linkNames(_ proxy: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var names: [String] = []
        var child = gtk_widget_get_first_child(proxy)
        while let link = child {
            if gtk_widget_get_visible(link) != 0, gtk_test_accessible_has_role(OpaquePointer(link), GTK_ACCESSIBLE_ROLE_LINK) != 0 {
                names.append(flick_gtk_proxy_label(link).map { String(cString: $0) } ?? "")
            }
            child = gtk_widget_get_next_sibling(link)
        }
        return names
    }

    /// GTK's message when `widget`'s `property` is not `expected`, nil when it is.
    static func mismatch(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ expected: String) -> String? {
        guard let message = flick_gtk_test_check_string(widget, property, expected) else { return nil }
        defer { g_free(message) }
        return String(cString: message)
    }

    @Test func rowsAreListItemsWithTheirWordsPlaceAndExtents() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        #expect(bed.view.isAccessible, "GTK_A11Y=test bridges the app: the list keeps proxies")
        #expect(gtk_test_accessible_has_role(OpaquePointer(bed.view.canvas), GTK_ACCESSIBLE_ROLE_LIST) != 0)
        #expect(Self.mismatch(bed.view.canvas, GTK_ACCESSIBLE_PROPERTY_LABEL, "List") == nil)
        let notes = GtkTestbed.notes(300)
        for scrolledTo in [0, 150, 299] {
            bed.view.engine.jump(toRow: scrolledTo, time: bed.view.now)
            bed.settle()
            let proxies = Self.rowProxies(bed)
            let visible = try #require(bed.view.engine.lastPlan?.visible)
            let rows = proxies.map(\.row)
            #expect(rows == Array(rows.first!..<(rows.first! + rows.count)), "in row order: \(rows)")
            #expect(rows.first == max(0, visible.lowerBound - 2) && rows.last == min(299, visible.upperBound + 1), "on screen and 2 more each side: \(rows), \(visible)")
            for (widget, row) in proxies {
                #expect(Self.mismatch(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, notes[row].accessibleLabel ?? "") == nil, "row \(row)")
                #expect(Self.mismatch(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "\(row + 1) of 300") == nil, "row \(row)")
                var bounds = graphene_rect_t()
                #expect(gtk_widget_compute_bounds(widget, bed.view.canvas, &bounds) != 0)
                let frame = try #require(bed.view.engine.rowFrame(row))
                #expect(abs(Double(bounds.origin.y) - frame.minY) < 1 && abs(Double(bounds.size.height) - frame.height) < 1.5, "row \(row)'s extents")
                // A recycled proxy shows this row's links, no other row's.
                let layout = try #require(bed.view.engine.layout(ofRow: row))
                #expect(Self.linkNames(widget) == layout.hitRegions.map(\.label), "row \(row)'s links")
            }
        }
        #expect(bed.view.accessible.proxiesMade < 60, "a recycled pool: \(bed.view.accessible.proxiesMade) proxies for 300 rows")
    }

    @Test func theFocusAndSelectionFollowTheKeyboardAndTheFocusedRowStays() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        gtk_widget_grab_focus(bed.view.canvas)
        let engine = { bed.view.engine }
        let root = try #require(gtk_widget_get_root(bed.view.canvas))
        let focused = { Self.rowProxies(bed).first { $0.widget == gtk_root_get_focus(root) }?.row }
        #expect(try Self.press("Down", bed) { focused() == 0 }, "the first Down focuses the top row's proxy")
        #expect(try Self.press("Down", bed) { focused() == 1 })
        for (widget, row) in Self.rowProxies(bed) {
            let message = flick_gtk_test_check_selected(widget, row == 1 ? 1 : 0)
            #expect(message == nil, "row \(row): \(message.map { String(cString: $0) } ?? "")")
            g_free(message)
        }
        // Scrolled far away, the focused row keeps its proxy (bound to the same note) and the focus.
        engine().jump(toRow: 200, time: bed.view.now)
        bed.settle()
        let proxies = Self.rowProxies(bed)
        #expect(proxies.first?.row == 1 && proxies.dropFirst().allSatisfy { $0.row >= 198 }, "\(proxies.map(\.row))")
        #expect(focused() == 1, "the focus stays on row 1's proxy")
        #expect(Self.mismatch(proxies[0].widget, GTK_ACCESSIBLE_PROPERTY_LABEL, GtkTestbed.notes(300)[1].accessibleLabel ?? "") == nil)
        // A click elsewhere moves the focus (and the selection) to the clicked row's proxy.
        let clicked = try #require(proxies.dropFirst(3).first)
        let frame = try #require(engine().rowFrame(clicked.row))
        try SyntheticKeys.click(x: 150, y: Int(frame.midY), inWindowTitled: GtkTestbed.title)
        let deadline = Date().addingTimeInterval(5)
        while focused() != clicked.row, Date() < deadline { bed.frames(1) }
        #expect(focused() == clicked.row, "the clicked row's proxy has the focus")
    }

    @Test func linksAndButtonsActivateThroughTheirAccessibleAction() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        // Row 0's note has links (every third note does): LINK children named by their words.
        let row0 = try #require(Self.rowProxies(bed).first { $0.row == 0 }?.widget)
        var links: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(row0)
        while let link = child {
            if gtk_widget_get_visible(link) != 0 { links.append(link) }
            child = gtk_widget_get_next_sibling(link)
        }
        #expect(links.count == 4, "@alice0, @bob, #topic0#, the URL")
        let first = try #require(links.first)
        #expect(gtk_test_accessible_has_role(OpaquePointer(first), GTK_ACCESSIBLE_ROLE_LINK) != 0)
        #expect(Self.mismatch(first, GTK_ACCESSIBLE_PROPERTY_LABEL, "@alice0") == nil)
        #expect(gtk_widget_activate_action_variant(first, "item.activate", nil) != 0)
        let tap = try #require(bed.view.taps.last)
        #expect(tap.row == 0 && tap.target?.label == "@alice0" && tap.byKeyboard, "\(tap)")

        // An accessory with a label is a button at its drawn place; activating it taps it.
        var tapped: [ListAccessory.Placement] = []
        bed.view.engine.onAccessoryTap = { tapped.append($0) }
        let canvas = Canvas(size: Size(width: 120, height: 32), scale: bed.view.scale)
        canvas.fill(canvas.bounds, Color(hex: 0xEB7350))
        let pill = ListAccessory(bitmap: canvas.makeBitmap(), isOpaque: true, accessibleLabel: "3 new posts", isActionable: true)
        bed.view.engine.setAccessory(pill, at: .badge)
        bed.frames(2)
        let button = try #require(bed.view.accessible.accessories[.badge]?.widget)
        #expect(gtk_test_accessible_has_role(OpaquePointer(button), GTK_ACCESSIBLE_ROLE_BUTTON) != 0)
        #expect(Self.mismatch(button, GTK_ACCESSIBLE_PROPERTY_LABEL, "3 new posts") == nil)
        #expect(gtk_widget_get_first_child(bed.view.canvas) == button, "the badge is read first")
        #expect(gtk_widget_activate_action_variant(button, "item.activate", nil) != 0)
        #expect(tapped == [.badge])
        bed.view.engine.setAccessory(nil, at: .badge)
        bed.frames(2)
        #expect(gtk_widget_get_visible(button) == 0, "gone with the badge")
    }

    @Test func aListThatMayGrowSaysEachRowsPlaceWithoutACount() throws {
        let bed = try GtkTestbed()
        defer { bed.close() }
        bed.list.source.rowCountIsFinal = false
        bed.view.engine.jump(toRow: 1, time: bed.view.now)
        bed.settle()
        let proxies = Self.rowProxies(bed)
        #expect(!proxies.isEmpty)
        for (widget, row) in proxies {
            #expect(Self.mismatch(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "\(row + 1)") == nil, "row \(row)")
        }
    }

    @Test func aListWithAccessibilityOffKeepsNoProxies() throws {
        let bed = try GtkTestbed { $0.accessibility = .off }
        defer { bed.close() }
        bed.view.engine.jump(toRow: 100, time: bed.view.now)
        bed.settle()
        #expect(!bed.view.isAccessible && gtk_widget_get_first_child(bed.view.canvas) == nil && bed.view.accessible.proxiesMade == 0)
    }
}
