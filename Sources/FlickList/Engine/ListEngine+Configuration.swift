import FlickCore

extension ListEngine {
    public struct Configuration: Sendable {
        /// Working ranges and fast-fling rules.
        public var ranges = RangePolicy.Configuration.standard
        /// Physics constants (UIScrollView's normal deceleration by default).
        public var physics = ScrollPhysics.Configuration.standard
        /// Show skeletons and placeholders for rows not drawn yet (`false` = VVebo's blank rows).
        public var skeletons = true
        /// Apply the fast-fling landing-zone rule (`false` = draw rows in viewport order).
        public var fastFling = true
        /// Bytes of bitmaps kept for rows outside every range; default 12 MB (the row store's
        /// `bitmapBudget`, which gives the reason). Not yet in screens like the other pixel
        /// budgets: at three 1× screens (3 MB) the GTK keyboard test saw visible rows drawn again
        /// after Home and End within a selection change's watch, not yet understood.
        public var bitmapBudget = 12 * 1024 * 1024
        /// Which pipeline draws rows; default `.flick`.
        public var pipeline = Pipeline.flick
        /// During a fast fling only the landing zone starts image loads (seed 004 §3); default
        /// true. `false` loads images for every row in range, for the benchmark's ablation.
        public var defersImagesDuringFling = true
        /// The edge the list keeps still; default `.top` (a timeline). `.bottom` is a chat:
        /// it opens at the last row and stays pinned there while the reader is at the bottom.
        public var anchorEdge = AnchorEdge.top
        /// What rows inserted above the first row do while the reader is at the very top;
        /// default `.keepReading` (the engine counts them in `rowsInsertedAbove` for a "N new
        /// posts" pill), as every timeline app that does not yank the reader does.
        public var insertionsAtTop = InsertionsAtTop.keepReading
        /// How close to the bottom, points, counts as "at the bottom" for pinning; default
        /// 2 pt: a fraction of a line, so a reader who scrolled up on purpose is not pulled
        /// down, while rounding of exact heights never unpins one who is there.
        public var pinTolerance = 2.0
        /// Animate updates of visible rows: inserted rows slide in, deleted ones collapse
        /// (0.25 s, visual only: anchoring is exact from the first frame). Default true, as
        /// users of lists expect; the benchmark and lockstep tests turn it off unless they
        /// measure it.
        public var animatesUpdates = true
        /// Which rows the reader can select; default `.none`: a list for reading focuses rows
        /// but selects none until its client asks (the timeline and the chat choose `.multiple`).
        public var selectionMode = SelectionMode.none
        /// What Page Up/Down and Space do; default `.list` (GTK's list); timelines and chats
        /// choose `.feed` (the WAI-ARIA feed pattern).
        public var navigation = KeyboardNavigation.list
        /// How focus and selection are drawn over the rows.
        public var selectionAppearance = SelectionAppearance()

        public init() {}

        /// The naive baseline the seeds start from: cell reuse only.
        public static var naive: Configuration {
            var configuration = Configuration()
            configuration.pipeline = .naive
            configuration.skeletons = false
            configuration.fastFling = false
            return configuration
        }
    }

    /// How rows get drawn.
    public enum Pipeline: Sendable, Hashable {
        /// Layout and raster on pool workers, results committed once per frame.
        case flick
        /// What the seeds start from: each row that comes on screen is laid out and rasterized
        /// synchronously on the main thread, bitmaps only for rows on screen (cell reuse), no
        /// work ahead of time. Exists to be measured against.
        case naive
    }
}
