/// Decides, each frame, which rows get what: the seeds' "按需加载" as a pure function.
///
/// Texture's working ranges (visible / display / preload, in screenfuls, leading in the
/// scroll direction) for ordinary scrolling, and VVebo's fast-fling rule made safe: when a
/// fling will land more than `skipRows` rows away, full renders go to the landing viewport
/// first and rows merely flown past get none — but every row that appears on screen still
/// shows at least a skeleton, never a blank (VVebo leaves them blank).
///
/// Pure and `Sendable`: the list engine calls it on the main thread every frame; tests call
/// it with hand-made inputs.
public struct RangePolicy: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Screenfuls beyond the viewport, in the scroll direction, that get full renders.
        /// Default 1: a row is drawn one screen before it arrives (Texture's display range).
        public var displayLeading = 1.0
        /// Screenfuls behind the viewport kept drawn. Default 0.5: a short reversal shows
        /// drawn rows without keeping a whole screen of bitmaps behind.
        public var displayTrailing = 0.5
        /// Screenfuls ahead that get layout, data and images. Default 2.5: at 3,000 pt/s on a
        /// 667 pt screen that is ~0.5 s of warning, longer than a cold layout + decode.
        public var preloadLeading = 2.5
        /// Screenfuls behind kept laid out and loaded. Default 1.5: less than ahead (the user
        /// rarely turns back far), but a reversal of a screen or so finds rows laid out.
        public var preloadTrailing = 1.5
        /// A fling landing more than this many rows from the first visible row is a fast fling.
        /// Default 8: VVebo's `skipCount`; nearer than that, ordinary ranges already cover it.
        public var skipRows = 8
        /// Rows above and below the landing viewport drawn with it. Default 3: VVebo's `+3`,
        /// enough to cover the last few frames of deceleration and a small bounce.
        public var landingMargin = 3
        /// Speed below which the direction is not trusted and ranges are symmetric. Default
        /// 30 pt/s: a finger resting on the glass drifts a few points either way; below this the
        /// sign of the velocity is noise, and leading one way would starve the other.
        public var directionThreshold = 30.0
        /// Speed assumed for rows ahead when predicting time-to-visible at rest. Default
        /// 600 pt/s: a relaxed reading scroll, so rows a screen away rank about a second out.
        public var restingSpeed = 600.0

        public init() {}
        public static let standard = Configuration()
    }

    /// What the scroll view is doing.
    public enum Motion: Sendable, Hashable {
        case idle
        case dragging
        /// Decelerating after a release, heading for `target` (the projected resting offset).
        case decelerating(target: Double)
        /// Animating to `target` (scroll-to-top, programmatic scrolls).
        case animating(target: Double)
    }

    /// One frame's inputs.
    public struct Input: Sendable {
        /// Content offset of the viewport's top edge, points.
        public var offset: Double
        /// Viewport height, points.
        public var viewportHeight: Double
        /// Scroll velocity, points per second; positive moves toward later rows.
        public var velocity: Double
        public var motion: Motion
        /// True on the frame a finger lands during a fling (VVebo's hitTest): the visible rows
        /// become the most urgent work at once.
        public var touchedDuringFling: Bool

        public init(offset: Double, viewportHeight: Double, velocity: Double = 0, motion: Motion = .idle, touchedDuringFling: Bool = false) {
            self.offset = offset
            self.viewportHeight = viewportHeight
            self.velocity = velocity
            self.motion = motion
            self.touchedDuringFling = touchedDuringFling
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration = .standard) {
        self.configuration = configuration
    }

    /// The plan for this frame.
    public func plan(_ input: Input, rows geometry: some RowGeometry) -> RangePlan {
        let height = max(1, input.viewportHeight)
        let top = input.offset
        let visible = geometry.rows(from: top, to: top + height)
        let direction = scrollDirection(input)

        func span(leading: Double, trailing: Double) -> Range<Int> {
            let (ahead, behind): (Double, Double) =
                switch direction {
                case .forward: (leading, trailing)
                case .backward: (trailing, leading)
                case .none: (max(leading, trailing), max(leading, trailing))
                }
            return geometry.rows(from: top - behind * height, to: top + height + ahead * height)
        }

        let display = span(leading: configuration.displayLeading, trailing: configuration.displayTrailing)
        let preload = span(leading: configuration.preloadLeading, trailing: configuration.preloadTrailing)

        guard let target = travelTarget(input), !input.touchedDuringFling,
            let landing = landingZone(target: target, height: height, visible: visible, geometry: geometry)
        else {
            return RangePlan(
                mode: input.touchedDuringFling ? .touchStopped : .normal, visible: visible, display: display,
                preload: preload, landing: nil)
        }
        // Fast fling or long animation: full renders only at the landing zone (and for rows
        // already on screen when the fling started, which stay drawn); everything that will
        // be on screen in between gets at least a skeleton from the compositor.
        let landingPreload = geometry.rows(
            from: geometry.offset(ofRow: landing.lowerBound) - configuration.preloadTrailing * height,
            to: geometry.offset(ofRow: landing.upperBound - 1) + configuration.preloadLeading * height)
        let mode: RangePlan.Mode = if case .animating = input.motion { .scrollToTop } else { .fastFling }
        return RangePlan(mode: mode, visible: visible, display: landing, preload: landingPreload, landing: landing)
    }

    /// Seconds until `row` is expected on screen under `input`: 0 when visible; the draw
    /// scheduler's priority (smaller first).
    public func timeUntilVisible(row: Int, input: Input, rows geometry: some RowGeometry) -> Double {
        let top = geometry.offset(ofRow: row)
        let bottom = row + 1 < geometry.rowCount ? geometry.offset(ofRow: row + 1) : geometry.totalHeight
        let viewTop = input.offset
        let viewBottom = input.offset + input.viewportHeight
        if bottom > viewTop, top < viewBottom { return 0 }
        let ahead = top >= viewBottom
        let distance = ahead ? top - viewBottom : viewTop - bottom
        let direction = scrollDirection(input)
        let movingToward = (ahead && direction == .forward) || (!ahead && direction == .backward)
        let speed = max(configuration.restingSpeed, movingToward ? abs(input.velocity) : 0)
        // Rows behind the motion wait for a reversal: count them as twice as far.
        return distance / speed * (movingToward || direction == .none ? 1 : 2)
    }

    enum Direction { case forward, backward, none }

    func scrollDirection(_ input: Input) -> Direction {
        if let target = travelTarget(input) { return target >= input.offset ? .forward : .backward }
        if input.velocity > configuration.directionThreshold { return .forward }
        if input.velocity < -configuration.directionThreshold { return .backward }
        return .none
    }

    private func travelTarget(_ input: Input) -> Double? {
        switch input.motion {
        case .decelerating(let target), .animating(let target): target
        case .idle, .dragging: nil
        }
    }

    /// Rows visible at `target` ± `landingMargin`, when the target is a fast fling away.
    private func landingZone(target: Double, height: Double, visible: Range<Int>, geometry: some RowGeometry) -> Range<Int>? {
        let clamped = min(max(0, target), max(0, geometry.totalHeight - height))
        let atTarget = geometry.rows(from: clamped, to: clamped + height)
        guard !atTarget.isEmpty, !visible.isEmpty,
            abs(atTarget.lowerBound - visible.lowerBound) > configuration.skipRows
        else { return nil }
        let margin = configuration.landingMargin
        return max(0, atTarget.lowerBound - margin)..<min(geometry.rowCount, atTarget.upperBound + margin)
    }
}

/// One frame's range decisions.
public struct RangePlan: Sendable, Hashable {
    public enum Mode: Sendable, Hashable {
        /// Ordinary scrolling: working ranges around the viewport.
        case normal
        /// A fling landing far away: the landing zone is drawn first.
        case fastFling
        /// Scroll-to-top (or another long animation): the destination is drawn first.
        case scrollToTop
        /// A finger stopped a fling this frame: visible rows are the only urgent work.
        case touchStopped
    }

    public let mode: Mode
    /// Rows on screen now: each shows at least a skeleton this frame.
    public let visible: Range<Int>
    /// Rows that should have a full render (drawn in priority order).
    public let display: Range<Int>
    /// Rows that should have data, layout and images ready.
    public let preload: Range<Int>
    /// The fling's landing zone, when this is a fast fling.
    public let landing: Range<Int>?

    /// Whether `row` should get a full render now (visible rows during a fast fling get one
    /// only when workers are otherwise idle; the scheduler asks `wantsFullRender` per row).
    /// Every row some range holds, each once: visible first, then the rest in row order per
    /// range (display and landing normally lie inside preload and add nothing).
    public var wantedRows: [Int] {
        var rows = Array(visible)
        var covered = [visible]
        for range in [preload, display, landing ?? 0..<0] {
            rows += range.filter { row in !covered.contains { $0.contains(row) } }
            covered.append(range)
        }
        return rows
    }

    /// Whether any range holds `row`: rows outside every range have their work cancelled.
    public func wants(_ row: Int) -> Bool {
        visible.contains(row) || display.contains(row) || preload.contains(row) || (landing?.contains(row) ?? false)
    }

    public func wantsFullRender(_ row: Int) -> Bool {
        switch mode {
        case .normal, .touchStopped: display.contains(row) || visible.contains(row)
        case .fastFling, .scrollToTop: display.contains(row)
        }
    }
}
