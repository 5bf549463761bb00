import Dispatch
import FlickCore

/// Find in a list: the find bar's state and the searches behind it, one per host (the SDL
/// window draws the bar, the GTK widget shows a `GtkSearchEntry`, scripts use `find`,
/// `find-next`, `find-prev`). It searches the data (`ListSearching`), not the screen, so a
/// match in a row never loaded is found and scrolled to like any other.
///
/// Main thread: the host calls it between frames and `tick` once a frame. Searches run on two
/// serial queues of their own — one finds the next match and its ordinal, one counts (a count
/// over a million posts must never hold up Enter) — and post their results, immutable values,
/// to one mailbox `tick` drains (the engine's pattern). A newer query cancels every search of
/// the older one (a generation the workers read); a result of a superseded search is dropped.
@MainActor
public final class ListFind<Source: ListDataSource> {
    /// The find's timings, with every default and its reason.
    public struct Configuration: Sendable, Hashable {
        /// Typing waits this long after the last change before searching: 0.15 s, the delay
        /// of GtkSearchEntry's own `search-changed`; a word typed at speed is one search.
        public var debounce = 0.15
        /// Partial counts land at most this often, seconds: 0.1 s, so "1,204+" moves visibly
        /// without a landing every few rows.
        public var countProgressInterval = 0.1
        public init() {}
    }

    /// Rects (row points) where a query matches in a row's layout: the highlight's boxes. Main
    /// thread, for rows on screen only, cached per row by the engine: geometry, cheap.
    public typealias Highlighter = @MainActor (SearchQuery, Source.Layout) -> [Rect]

    /// Gives the searcher each new query searches (a data source whose rows change — a chat —
    /// hands over a fresh snapshot); steps and counts of that query keep using it. Main thread.
    private let makeSearcher: @MainActor () -> any ListSearching
    /// The searcher of the query searched last (its snapshot is what the rows refer to).
    public private(set) var searcher: any ListSearching
    public var configuration: Configuration
    public let highlighter: Highlighter?

    /// Whether the bar is open (Ctrl+F until Escape).
    public private(set) var isOpen = false
    /// The text in the bar; the query searched (`query`) follows it after the debounce.
    public private(set) var text = ""
    /// The query searched last (empty: none).
    public private(set) var query = SearchQuery("")
    /// The row of the current match; nil before the first result lands and when nothing matches.
    public private(set) var currentRow: Int?
    /// The current match's place among all matches, from 1; nil until known.
    public private(set) var ordinal: Int?
    /// Matches counted so far for `query`.
    public private(set) var count: SearchCount?
    /// Why the search failed (the store could not be read), for the bar; nil otherwise.
    public private(set) var failure: String?
    /// Timings of the last query, for reports (`findFirstResultMs`, `findCountMs`, `findMatches`).
    public private(set) var statistics = FindStatistics()
    /// Bumped whenever something the bar shows changes: a host redraws its bar only then.
    public private(set) var revision = 0

    /// The engine holding this find's marks: a host that swaps its engine (a rebuild at a new
    /// size) gets them on the new one at the next tick.
    private var markedEngine: ObjectIdentifier?
    private var textChangedAt: Double?
    private var generation = 0
    private let liveGeneration = LockedBox(0)
    private var navigation = 0
    /// A search or a step to the next match is on its way.
    private var awaitingMatch = false
    private var origin: (row: Int, offsetInRow: Double)?
    /// The engine's `userMoves` when the bar opened: Escape restores the reader's place only
    /// if they did not move since (the find's own scrolls are not theirs).
    private var movesAtOpen: Int?
    private var awaitingPlacement = false
    private var issuedAt: UInt64 = 0
    private let mailbox = Mailbox<FindLanding>()
    private let navigationQueue = DispatchQueue(label: "flick.find.navigate", qos: .userInitiated)
    private let countQueue = DispatchQueue(label: "flick.find.count", qos: .utility)

    /// A find over data that does not change under it (a store, which searches its own
    /// current rows on each call).
    public convenience init(searcher: any ListSearching, highlighter: Highlighter? = nil, configuration: Configuration = Configuration()) {
        self.init(searching: { searcher }, highlighter: highlighter, configuration: configuration)
    }

    /// A find whose searcher is made anew for each query (`makeSearcher`, main thread): a
    /// `CellList` whose cells change passes `{ CellSearching(cells: list.cells) }`.
    public init(
        searching makeSearcher: @escaping @MainActor () -> any ListSearching, highlighter: Highlighter? = nil,
        configuration: Configuration = Configuration()
    ) {
        self.makeSearcher = makeSearcher
        searcher = makeSearcher()
        self.highlighter = highlighter
        self.configuration = configuration
    }

    /// Whether nothing is pending: no typing waiting out the debounce, no match on its way,
    /// no scroll to a match still moving. Scripts wait for this after a step.
    public var isSettled: Bool { textChangedAt == nil && !awaitingMatch && !awaitingPlacement }

    /// What the bar shows after the text: "3 of 1,204", "3 of 1,204+" while counting, "no
    /// matches", "searching…", or the failure; empty with nothing to search.
    public var status: String {
        if let failure { return failure }
        if SearchQuery(text).isEmpty { return "" }
        if textChangedAt != nil || awaitingMatch && currentRow == nil { return "searching…" }
        guard currentRow != nil else { return "no matches" }
        let total = count?.description ?? "…"
        return "\(ordinal.map(NumberText.grouped) ?? "…") of \(total)"
    }

    // MARK: - The bar's input (main thread)

    /// Opens the bar (Ctrl+F), remembering the reader's place for Escape. Opening an open bar
    /// changes nothing (the host selects its text).
    public func open(engine: ListEngine<Source>) {
        guard !isOpen else { return }
        isOpen = true
        origin = engine.readingPlace
        movesAtOpen = engine.userMoves
        if !query.isEmpty { mark(engine) }
        revision += 1
    }

    /// The bar's text changed (a key typed, a paste): searched once typing pauses.
    public func setText(_ newText: String, time: Double) {
        guard newText != text else { return }
        text = newText
        textChangedAt = time
        revision += 1
    }

    /// Enter or F3 (`.next`), Shift+Enter or Shift+F3 (`.previous`): the next match after the
    /// current one, wrapping at the ends. Text still waiting out the debounce is searched now.
    public func step(_ direction: FindDirection, engine: ListEngine<Source>, time: Double) {
        if textChangedAt != nil || SearchQuery(text) != query { return search(engine: engine, time: time) }
        guard !query.isEmpty else { return }
        guard let from = currentRow else { return search(engine: engine, time: time) }
        navigation += 1
        awaitingMatch = true
        let (query, generation, token, searcher) = (query, generation, navigation, searcher)
        let (mailbox, live) = (mailbox, liveGeneration)
        navigationQueue.async {
            let cancelled = { live.value != generation }
            let landing: FindLanding
            do {
                var rows = try searcher.matchingRows(query, from: from, direction: direction, limit: 1, isCancelled: cancelled)
                let wrapped = rows.isEmpty
                if wrapped { rows = try searcher.matchingRows(query, from: nil, direction: direction, limit: 1, isCancelled: cancelled) }
                landing = .found(generation: generation, navigation: token, direction: direction, row: rows.first, wrapped: wrapped)
            } catch {
                landing = .failed(generation: generation, "find failed: \(error)")
            }
            mailbox.post(landing)
        }
    }

    /// Escape: closes the bar and takes the highlight away. The reader's place from before the
    /// find comes back if they did not move the list themselves while the bar was open.
    public func close(engine: ListEngine<Source>, time: Double) {
        guard isOpen else { return }
        isOpen = false
        cancelSearches()
        engine.findMarks = nil
        markedEngine = nil
        if let origin, let movesAtOpen, engine.userMoves == movesAtOpen {
            engine.setReadingPlace(origin, time: time)
        }
        origin = nil
        movesAtOpen = nil
        textChangedAt = nil
        awaitingMatch = false
        awaitingPlacement = false
        revision += 1
    }

    // MARK: - Each frame (main thread)

    /// Once a frame, before the engine's frame: starts the search when typing paused, lands
    /// the searches' results (scrolling to a new match), notes where a match came to rest.
    public func tick(engine: ListEngine<Source>, time: Double) {
        guard isOpen else { return }
        // A host may swap its engine (a rebuild at a new size): the new one gets the marks.
        if markedEngine != ObjectIdentifier(engine), !query.isEmpty { mark(engine) }
        if let changed = textChangedAt, time - changed >= configuration.debounce { search(engine: engine, time: time) }
        for landing in mailbox.takeAll() { land(landing, engine: engine, time: time) }
        if awaitingPlacement, !engine.isScrollingToTarget { awaitingPlacement = false }
        // Typing waits out its pause in a host at rest: the frame that searches is asked for.
        if let changed = textChangedAt { engine.requestFrame(at: changed + configuration.debounce) }
    }

    // MARK: - Searching

    /// Starts the search of the bar's text: the first match at or after the top row on screen
    /// (wrapping to the first row), then its ordinal; the count runs beside it.
    private func search(engine: ListEngine<Source>, time: Double) {
        cancelSearches()
        textChangedAt = nil
        query = SearchQuery(text)
        currentRow = nil
        ordinal = nil
        count = nil
        failure = nil
        mark(engine)
        statistics = FindStatistics(query: query.text)
        revision += 1
        guard !query.isEmpty else { return }
        searcher = makeSearcher()
        awaitingMatch = true
        issuedAt = DispatchTime.now().uptimeNanoseconds
        let start = engine.readingPlace.row
        let (query, generation, token, searcher) = (query, generation, navigation, searcher)
        let (mailbox, live, interval) = (mailbox, liveGeneration, configuration.countProgressInterval)
        navigationQueue.async {
            let cancelled = { live.value != generation }
            do {
                let after = start > 0 ? start - 1 : nil
                var rows = try searcher.matchingRows(query, from: after, direction: .next, limit: 1, isCancelled: cancelled)
                let wrapped = rows.isEmpty && after != nil
                if wrapped { rows = try searcher.matchingRows(query, from: nil, direction: .next, limit: 1, isCancelled: cancelled) }
                mailbox.post(.found(generation: generation, navigation: token, direction: nil, row: rows.first, wrapped: wrapped))
                guard let row = rows.first, !cancelled() else { return }
                let before = try searcher.countMatches(query, in: 0..<row, progress: { _ in !cancelled() })
                if before.isComplete { mailbox.post(.ordinal(generation: generation, row: row, before: before.count)) }
            } catch {
                mailbox.post(.failed(generation: generation, "find failed: \(error)"))
            }
        }
        countQueue.async {
            var landed = DispatchTime.now().uptimeNanoseconds
            do {
                let total = try searcher.countMatches(query, in: nil) { partial in
                    guard live.value == generation else { return false }
                    let now = DispatchTime.now().uptimeNanoseconds
                    if Double(now - landed) / 1e9 >= interval {
                        landed = now
                        mailbox.post(.counted(generation: generation, partial))
                    }
                    return true
                }
                mailbox.post(.counted(generation: generation, total))
            } catch {
                mailbox.post(.failed(generation: generation, "counting failed: \(error)"))
            }
        }
    }

    private func land(_ landing: FindLanding, engine: ListEngine<Source>, time: Double) {
        guard landing.generation == generation else { return }
        switch landing {
        case .found(_, let token, let direction, let row, let wrapped):
            guard token == navigation else { return }
            awaitingMatch = false
            if statistics.firstResultMilliseconds == nil { statistics.firstResultMilliseconds = elapsedMilliseconds() }
            let previous = ordinal
            currentRow = row
            ordinal = nil
            if let row {
                ordinal = Self.ordinal(after: previous, direction: direction, wrapped: wrapped, count: count)
                if ordinal == nil, direction != nil { requestOrdinal(of: row) }
                engine.scrollTo(row: row, align: .center, animated: false, time: time)
                awaitingPlacement = true
            }
            mark(engine)
        case .ordinal(_, let row, let before):
            if row == currentRow { ordinal = before + 1 }
        case .counted(_, let counted):
            count = counted
            if counted.isComplete {
                statistics.matches = counted.count
                statistics.countMilliseconds = elapsedMilliseconds()
            }
        case .failed(_, let message):
            failure = message
            awaitingMatch = false
        }
        revision += 1
    }

    /// The ordinal after a step, when arithmetic gives it: one more or less than the last,
    /// 1 after wrapping forward, the total after wrapping back (once counted).
    static func ordinal(after previous: Int?, direction: FindDirection?, wrapped: Bool, count: SearchCount?) -> Int? {
        switch (direction, wrapped) {
        case (nil, _): nil
        case (.next, true): 1
        case (.previous, true): count?.isComplete == true ? count?.count : nil
        case (.next, false): previous.map { $0 + 1 }
        case (.previous, false): previous.map { $0 - 1 }
        }
    }

    private func requestOrdinal(of row: Int) {
        let (query, generation, searcher, mailbox, live) = (query, generation, searcher, mailbox, liveGeneration)
        navigationQueue.async {
            guard let before = try? searcher.countMatches(query, in: 0..<row, progress: { _ in live.value == generation }),
                before.isComplete
            else { return }
            mailbox.post(.ordinal(generation: generation, row: row, before: before.count))
        }
    }

    private func cancelSearches() {
        generation += 1
        let generation = generation
        liveGeneration.withLock { $0 = generation }
    }

    /// Gives `engine` the highlight of the current query and match (none without a
    /// highlighter or a query), and remembers which engine has it.
    private func mark(_ engine: ListEngine<Source>) {
        markedEngine = ObjectIdentifier(engine)
        guard let highlighter, !query.isEmpty else {
            engine.findMarks = nil
            return
        }
        let query = query
        engine.findMarks = FindMarks(query: query, current: currentRow) { layout in highlighter(query, layout) }
    }

    private func elapsedMilliseconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - issuedAt) / 1e6
    }
}

/// A search's result on its way to the main thread (the find's mailbox). Values only.
enum FindLanding: Sendable {
    case found(generation: Int, navigation: Int, direction: FindDirection?, row: Int?, wrapped: Bool)
    case ordinal(generation: Int, row: Int, before: Int)
    case counted(generation: Int, SearchCount)
    case failed(generation: Int, String)

    var generation: Int {
        switch self {
        case .found(let generation, _, _, _, _), .ordinal(let generation, _, _), .counted(let generation, _), .failed(let generation, _):
            generation
        }
    }
}

/// How the last find query went, for reports: `findMatches`, `findFirstResultMs` (query
/// issued → first match landed on the main thread) and `findCountMs` (→ full count landed).
public struct FindStatistics: Sendable, Hashable {
    public var query = ""
    public var matches: Int?
    public var firstResultMilliseconds: Double?
    public var countMilliseconds: Double?
    public init(query: String = "") { self.query = query }
}
