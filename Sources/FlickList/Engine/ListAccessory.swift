import FlickCore
import FlickRaster

/// A view the list shows beside its rows rather than as one (UITableView's header and footer
/// views): a pull-to-refresh header above the first row, a paging footer below the last, or a
/// badge floating over the rows (a "N new posts" pill). The client draws its bitmap — once per
/// state, not per frame — and hands it to the engine; the engine places it each frame, counts
/// it in the content's scroll range (a footer; a header while held open) and routes taps on it.
/// Plain value: made on any thread, set on the engine on the main thread.
public struct ListAccessory: Sendable {
    /// Where an accessory goes.
    public enum Placement: Sendable, Hashable, CaseIterable {
        /// Above the first row, in the space a pull opens (or held open: `holdsHeaderOpen`).
        case header
        /// Below the last row, scrolled with the content.
        case footer
        /// Over the rows, centred horizontally, `ListEngine.badgeTop` below the top edge.
        case badge
    }

    public let bitmap: Bitmap
    /// Whether every pixel is opaque (a display may copy rather than blend).
    public let isOpaque: Bool
    /// What assistive technology says for it ("12 new posts"); nil: it is decoration.
    public let accessibleLabel: String?
    /// Whether a tap on it does something (`ListEngine.onAccessoryTap`): assistive technology
    /// then offers it as a button, else as a status line.
    public let isActionable: Bool

    public init(bitmap: Bitmap, isOpaque: Bool, accessibleLabel: String? = nil, isActionable: Bool = false) {
        self.bitmap = bitmap
        self.isOpaque = isOpaque
        self.accessibleLabel = accessibleLabel
        self.isActionable = isActionable
    }

    /// Height in points.
    public var height: Double { bitmap.pointSize.height }
}
