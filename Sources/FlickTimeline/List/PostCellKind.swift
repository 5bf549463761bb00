import Flick

/// What every post cell of one timeline shares: the layouter, the renderer, the layout cache
/// (with its persisted heights) and whether layouts go through that cache. Immutable but for
/// the caching switch, which a host flips on the main thread when it rebuilds its engine (the
/// naive baseline runs without the cache) and workers read under a lock. Any thread.
public final class PostDrawing: Sendable {
    public let layouter: PostLayouter
    public let renderer: PostRenderer
    public let cache: LayoutCache
    public let fontScale: Double
    private let caching = LockedBox(true)

    public init(layouter: PostLayouter, renderer: PostRenderer, cache: LayoutCache, fontScale: Double) {
        self.layouter = layouter
        self.renderer = renderer
        self.cache = cache
        self.fontScale = fontScale
    }

    /// Whether layouts are looked up in and added to `cache`, and persisted heights read back
    /// with each page; default true. The naive baseline and the no-layout-cache ablation turn
    /// it off (every appearance lays out again).
    public var cachesLayouts: Bool {
        get { caching.value }
        set { caching.withLock { $0 = newValue } }
    }
}

/// A timeline post as a `Flick` cell kind: laid out by `PostLayouter` (through the
/// `LayoutCache`), drawn by `PostRenderer`, its skeleton the layout's bars and, before any
/// layout, the skeleton of its shape (text, one picture, a grid, a retweet). One kind per
/// shape, so the list estimates each shape's height apart; `shape` nil stands for posts whose
/// page is not loaded yet. Value; layout and drawing run on workers.
public struct PostCellKind: CellKind, Hashable {
    public let shape: PostKind?
    public let drawing: PostDrawing

    public init(shape: PostKind?, drawing: PostDrawing) {
        self.shape = shape
        self.drawing = drawing
    }

    /// 240 pt, near the generated feed's median cell at 375 pt; the height index refines it
    /// with a running average per shape.
    public var estimatedHeight: Double { 240 }
    public var background: Color { drawing.renderer.spec.cellBackground }

    /// The author's name, the text and the retweeted text, a line each: what the store's find
    /// index holds for a post (`SearchIndex`), so a list of posts in memory finds the same.
    public func searchableText(_ post: Post) -> String? { Self.searchableText(of: post) }

    /// The post as a screen reader says it (`PostSpeech`).
    public func accessibleLabel(_ post: Post) -> String? { PostSpeech.label(of: post) }

    /// `searchableText` without a kind at hand. Any thread.
    public static func searchableText(of post: Post) -> String {
        [post.user.name, post.text, post.retweeted?.text ?? ""].joined(separator: "\n")
    }

    public func layout(_ post: Post, in environment: CellEnvironment) -> PostLayout {
        let layouter = drawing.layouter
        let (width, scale, fontScale) = (environment.width, environment.scale, drawing.fontScale)
        guard drawing.cachesLayouts else {
            return layouter.layout(post, width: width, scale: scale, fontScale: fontScale, context: environment.text)
        }
        let key = layouter.key(for: post, width: width, scale: scale, fontScale: fontScale)
        if let cached = drawing.cache.layout(for: key) { return cached }
        let layout = layouter.layout(post, width: width, scale: scale, fontScale: fontScale, context: environment.text)
        drawing.cache.insert(layout)
        return layout
    }

    public func draw(_ layout: PostLayout, in canvas: Canvas, state: CellState) {
        var highlight: PostHit?
        if case .pressed(let region) = state { highlight = layout.target(of: region) }
        drawing.renderer.draw(layout, in: canvas, highlight: highlight)
    }

    public func drawSkeleton(_ layout: PostLayout, in canvas: Canvas) { drawing.renderer.drawSkeleton(layout, in: canvas) }

    public func drawEstimatedSkeleton(in canvas: Canvas) { drawing.renderer.drawKindSkeleton(shape, in: canvas) }

    public static func == (a: PostCellKind, b: PostCellKind) -> Bool { a.shape == b.shape && a.drawing === b.drawing }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shape)
        hasher.combine(ObjectIdentifier(drawing))
    }
}
