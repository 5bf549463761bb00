/// The data window's bookkeeping as a pure value: which pages hold posts, which are loading,
/// and which to load or evict for a request. No threads and no I/O, so tests drive it
/// directly; `DataWindow` keeps one behind a lock.
///
/// Invariant: at most `maxPages` slots (loaded or loading), so memory is bounded by
/// `maxPages × pageSize` posts whatever the timeline's length. Each load carries a unique
/// token; a completion whose token no longer matches its slot is stale and dropped (the
/// generation-sentinel pattern).
struct PageTable: Sendable {
    /// One page's state.
    struct Slot: Sendable {
        /// The page's posts once loaded (kept while a refresh reloads them).
        var posts: [Post]?
        /// The token of the load in flight, if any.
        var pendingToken: UInt64?
    }

    /// A page to read.
    struct Load: Sendable, Hashable {
        let page: Int
        let rows: Range<Int>
        let token: UInt64
    }

    let pageSize: Int
    let maxPages: Int
    private(set) var rowCount: Int
    private(set) var slots: [Int: Slot] = [:]
    /// Pages of the latest `request` and the latest `prefetch`: eviction keeps pages near them.
    private(set) var requestAnchor: ClosedRange<Int>?
    private(set) var prefetchAnchor: ClosedRange<Int>?
    /// The rows of the latest `request`, as asked (not clamped), for `reset` to repeat.
    private(set) var lastRequestedRows: Range<Int>?
    private var lastToken: UInt64 = 0

    init(pageSize: Int, maxPages: Int, rowCount: Int) {
        self.pageSize = max(1, pageSize)
        self.maxPages = max(1, maxPages)
        self.rowCount = max(0, rowCount)
    }

    /// Pages covering `rows` within the timeline, or nil when none do.
    func pages(covering rows: Range<Int>) -> ClosedRange<Int>? {
        let lower = max(0, rows.lowerBound)
        let upper = min(rowCount, rows.upperBound)
        guard upper > lower else { return nil }
        return (lower / pageSize)...((upper - 1) / pageSize)
    }

    func rows(ofPage page: Int) -> Range<Int> {
        (page * pageSize)..<min(rowCount, (page + 1) * pageSize)
    }

    /// Wants the pages covering `rows` (at most `maxPages` of them, those nearest the middle),
    /// makes them the request or prefetch anchor, evicts the pages furthest from the anchors,
    /// and returns the loads to start, nearest the middle first.
    mutating func want(_ rows: Range<Int>, prefetch: Bool) -> [Load] {
        if !prefetch { lastRequestedRows = rows }
        guard var pages = pages(covering: rows) else { return [] }
        let middle = (pages.lowerBound + pages.upperBound) / 2
        if pages.count > maxPages {
            let lower = max(pages.lowerBound, middle - (maxPages - 1) / 2)
            pages = lower...(lower + maxPages - 1)
        }
        if prefetch {
            prefetchAnchor = pages
        } else {
            requestAnchor = pages
            // Arrived where the prefetch pointed: it needs no separate protection any more.
            if let prefetchAnchor, prefetchAnchor.overlaps(pages) { self.prefetchAnchor = nil }
        }
        var loads: [Load] = []
        for page in pages.sorted(by: { (abs($0 - middle), $0) < (abs($1 - middle), $1) }) where slots[page] == nil {
            let load = makeLoad(page)
            slots[page] = Slot(posts: nil, pendingToken: load.token)
            loads.append(load)
        }
        evict(protecting: pages)
        return loads
    }

    /// Reloads the resident pages that intersect `rows` (after edits), keeping their current
    /// posts visible until the new ones arrive.
    mutating func refresh(_ rows: Range<Int>) -> [Load] {
        guard let pages = pages(covering: rows) else { return [] }
        var loads: [Load] = []
        for page in pages where slots[page] != nil {
            let load = makeLoad(page)
            slots[page]?.pendingToken = load.token
            loads.append(load)
        }
        return loads
    }

    /// Forgets every page (loads in flight become stale) and adopts a new row count.
    mutating func reset(rowCount: Int) {
        self.rowCount = max(0, rowCount)
        slots.removeAll()
    }

    /// Rows were appended at the end: pages keep their posts, but the last page, if it was
    /// cut short by the old end, is forgotten so it loads again with its new rows.
    mutating func extend(rowCount newCount: Int) {
        guard newCount > rowCount else { return }
        if rowCount % pageSize != 0 { slots[rowCount / pageSize] = nil }
        rowCount = newCount
    }

    /// Whether `load` is still the one its page waits for.
    func isPending(_ load: Load) -> Bool {
        slots[load.page]?.pendingToken == load.token
    }

    /// Stores a finished load; false (and nothing changes) when it is stale.
    mutating func complete(_ load: Load, posts: [Post]) -> Bool {
        guard isPending(load) else { return false }
        slots[load.page] = Slot(posts: posts, pendingToken: nil)
        return true
    }

    /// Records a failed load: the page is forgotten (or keeps its old posts) so a later
    /// request retries. False when the load was stale anyway.
    mutating func fail(_ load: Load) -> Bool {
        guard isPending(load) else { return false }
        if slots[load.page]?.posts == nil { slots[load.page] = nil } else { slots[load.page]?.pendingToken = nil }
        return true
    }

    func post(at row: Int) -> Post? {
        guard row >= 0, row < rowCount, let posts = slots[row / pageSize]?.posts else { return nil }
        let offset = row % pageSize
        return offset < posts.count ? posts[offset] : nil
    }

    /// Rows of the loaded pages, one range per page.
    var residentRows: [Range<Int>] {
        slots.compactMap { page, slot in slot.posts.map { page * pageSize..<(page * pageSize + $0.count) } }
    }

    /// Posts held in memory.
    var residentCount: Int { slots.values.reduce(0) { $0 + ($1.posts?.count ?? 0) } }
    /// Pages waiting for a load.
    var loadingPageCount: Int { slots.values.reduce(0) { $0 + ($1.pendingToken == nil ? 0 : 1) } }

    private mutating func makeLoad(_ page: Int) -> Load {
        lastToken += 1
        return Load(page: page, rows: rows(ofPage: page), token: lastToken)
    }

    /// Drops slots until at most `maxPages` remain, furthest from the anchors first;
    /// `protected` (the pages just wanted) are never dropped.
    private mutating func evict(protecting protected: ClosedRange<Int>) {
        while slots.count > maxPages {
            let victim = slots.keys.filter { !protected.contains($0) }.max { rank($0) < rank($1) }
            guard let victim else { return }
            slots[victim] = nil
        }
    }

    /// Eviction order: distance to the nearest anchor, then to the request anchor, then page.
    private func rank(_ page: Int) -> (Int, Int, Int) {
        let toRequest = Self.distance(page, requestAnchor)
        return (min(toRequest, Self.distance(page, prefetchAnchor)), toRequest, page)
    }

    private static func distance(_ page: Int, _ anchor: ClosedRange<Int>?) -> Int {
        guard let anchor else { return Int.max }
        if anchor.contains(page) { return 0 }
        return page < anchor.lowerBound ? anchor.lowerBound - page : page - anchor.upperBound
    }
}
