import FlickCore
import FlickRaster

/// The accessories shown this frame (header, footer, badge), set by the client on the main thread.
struct ListAccessories {
    var header: ListAccessory?
    var footer: ListAccessory?
    var badge: ListAccessory?
    /// Whether the header keeps its space while the reader is not pulling (a refresh running).
    var holdsHeaderOpen = false
    /// Where each was drawn in the last frame, viewport points, for taps.
    var lastFrames: [ListAccessory.Placement: Rect] = [:]

    subscript(placement: ListAccessory.Placement) -> ListAccessory? {
        get {
            switch placement {
            case .header: header
            case .footer: footer
            case .badge: badge
            }
        }
        set {
            switch placement {
            case .header: header = newValue
            case .footer: footer = newValue
            case .badge: badge = newValue
            }
        }
    }

    /// The scroll insets they ask for: the footer's height below the last row, the header's
    /// above the first while held open.
    var insets: ScrollInsets {
        ScrollInsets(top: holdsHeaderOpen ? header?.height ?? 0 : 0, bottom: footer?.height ?? 0)
    }
}

extension ListEngine {
    /// Shows `accessory` at `placement` (nil removes it) from the next frame. A footer adds
    /// its height to the scroll range below the last row; a header sits in the space a pull
    /// opens above the first row. Main thread.
    public func setAccessory(_ accessory: ListAccessory?, at placement: ListAccessory.Placement) {
        accessories[placement] = accessory
    }

    /// The accessory at `placement`, if any.
    public func accessory(at placement: ListAccessory.Placement) -> ListAccessory? { accessories[placement] }

    /// Keeps the header's space open above the first row while a refresh runs (the content
    /// rests below it), or gives it back (content past the new top springs back). Main thread.
    public var holdsHeaderOpen: Bool {
        get { accessories.holdsHeaderOpen }
        set { accessories.holdsHeaderOpen = newValue }
    }

    /// How far the reader has pulled the content down past its first row, points (0 when not
    /// past the top): what a pull-to-refresh control measures against its threshold.
    public var pullDistance: Double { max(0, -physics.contentOffset) }

    /// Where the accessory at `placement` was drawn in the last frame, viewport points; nil
    /// when it was not on screen.
    public func accessoryFrame(at placement: ListAccessory.Placement) -> Rect? { accessories.lastFrames[placement] }

    /// The accessory under a viewport point in the last frame (badge first: it is on top).
    public func accessory(at point: Point) -> ListAccessory.Placement? {
        for placement in [ListAccessory.Placement.badge, .header, .footer] {
            if let frame = accessories.lastFrames[placement], frame.contains(point) { return placement }
        }
        return nil
    }

    /// Sends a tap at a viewport point to the accessory there, if any, through
    /// `onAccessoryTap`; true when one took it (the host then does not treat it as a row tap).
    /// Main thread.
    @discardableResult
    public func tapAccessory(at point: Point) -> Bool {
        guard let placement = accessory(at: point) else { return false }
        onAccessoryTap?(placement)
        return true
    }

    /// Gap between the top edge and the badge, points.
    public static var badgeTop: Double { 12 }

    /// The scroll insets the accessories ask for, applied at the start of each frame.
    func applyAccessoryInsets(time: Double) {
        physics.setInsets(accessories.insets, time: time)
    }

    /// This frame's accessory layers, placed against the content's ends, with their frames
    /// kept for taps. Main thread.
    func accessoryLayers() -> [Compositor.Accessory] {
        var placed: [Compositor.Accessory] = []
        accessories.lastFrames.removeAll(keepingCapacity: true)
        let contentTop = -physics.contentOffset
        let viewportHeight = viewport.height
        func place(_ placement: ListAccessory.Placement, x: Double, top: Double) {
            guard let accessory = accessories[placement] else { return }
            let frame = Rect(origin: Point(x: scale.round(x), y: scale.round(top)), size: accessory.bitmap.pointSize)
            guard frame.maxY > 0, frame.minY < viewportHeight else { return }
            accessories.lastFrames[placement] = frame
            placed.append(Compositor.Accessory(accessory: accessory, origin: frame.origin, placement: placement))
        }
        if let header = accessories.header, contentTop > 0 || accessories.holdsHeaderOpen {
            place(.header, x: 0, top: contentTop - header.height)
        }
        place(.footer, x: 0, top: contentTop + heights.totalHeight)
        if let badge = accessories.badge {
            place(.badge, x: (viewport.width - badge.bitmap.pointSize.width) / 2, top: Self.badgeTop)
        }
        return placed
    }
}
