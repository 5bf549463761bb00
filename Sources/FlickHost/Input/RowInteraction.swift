import FlickCore
import FlickList
import FlickRaster

/// The client side of taps: what a point in a row hits, how the row looks with it pressed,
/// and what to say when it is tapped. The window stays generic over `ListDataSource`; the
/// timeline supplies mentions, topics, URLs and avatars (FlickCLI's `TimelineInteraction`).
public protocol RowInteraction<Source>: Sendable {
    associatedtype Source: ListDataSource
    associatedtype Target: Hashable & Sendable

    /// What `point` (row points) hits in `layout`. Main thread, at press time: geometry only,
    /// must be cheap (no layout, no drawing).
    func target(at point: Point, in layout: Source.Layout) -> Target?

    /// The row drawn with `target` pressed. Runs on a pool worker (lane user-interactive)
    /// with that worker's context: drawing is never done on the main thread.
    func pressedAppearance(of target: Target, in layout: Source.Layout, context: Source.WorkerContext) -> PressedAppearance

    /// One line for the status bar when `target` is tapped ("@bob (mention) in row 12").
    /// Main thread; cheap.
    func describe(_ target: Target, in layout: Source.Layout) -> String

    /// The targets of `layout` a keyboard visits with Tab, in reading order, each with the
    /// boxes it covers (row points). Main thread, when focus moves: geometry only, cheap.
    /// Default: none (Tab leaves the row at once).
    func focusTargets(in layout: Source.Layout) -> [(target: Target, rects: [Rect])]

    /// The boxes (row points) where a find `query` matches the row's text as laid out: the
    /// find highlight (`ListFind`). Main thread, for rows on screen once per query: geometry,
    /// cheap. Default: none (matches are found and scrolled to, not boxed).
    func findRects(for query: SearchQuery, in layout: Source.Layout) -> [Rect]

    /// What assistive technology says for the row showing `item` (for a `CellList`, the cell
    /// kind's `accessibleLabel`). Main thread, when a row's item or its version changes; cheap.
    /// Default nil: the row is announced by its position alone.
    func accessibleLabel(of item: Source.Item) -> String?

    /// The name assistive technology gives `target`, one of `focusTargets(in: layout)` (a link
    /// in a row: "@alice", "#topic#", the full URL). Main thread; cheap. Default: `describe`.
    func accessibleName(of target: Target, in layout: Source.Layout) -> String
}

extension RowInteraction {
    public func focusTargets(in layout: Source.Layout) -> [(target: Target, rects: [Rect])] { [] }
    public func findRects(for query: SearchQuery, in layout: Source.Layout) -> [Rect] { [] }
    public func accessibleLabel(of item: Source.Item) -> String? { nil }
    public func accessibleName(of target: Target, in layout: Source.Layout) -> String { describe(target, in: layout) }

    /// A find over `searcher` that highlights with `findRects`: what a host's Ctrl+F opens.
    @MainActor
    public func makeFind(searching searcher: any ListSearching) -> ListFind<Source> {
        ListFind(searcher: searcher) { query, layout in findRects(for: query, in: layout) }
    }
}

