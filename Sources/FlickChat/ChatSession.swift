import Flick
import Foundation

/// A live conversation on a `CellList`: the newest messages first on screen (the list is
/// pinned to the bottom), older history loaded a page at a time when the reader nears the top,
/// new messages streaming in, and some replies growing while "typed". Everything goes through
/// `CellList`'s public surface. Main thread.
@MainActor
public final class ChatSession {
    /// How the conversation behaves; every default says why.
    public struct Configuration: Sendable {
        /// Messages in the whole history; default 100,000 (a long-lived chat).
        public var messages = 100_000
        /// Messages shown at first; default 200 (a few dozen screens).
        public var initial = 200
        /// Messages loaded each time the reader nears the top; default 100.
        public var historyPage = 100
        /// Rows from the top at which older history is requested; default 20, a few screens
        /// of warning, so a reader scrolling up steadily never reaches the end.
        public var historyThreshold = 20
        /// Seconds between new messages while streaming; nil: no stream. Default 1.5.
        public var streamInterval: Double? = 1.5
        /// A new message from the other person grows this many times, `typingInterval` apart
        /// (a reply streamed in); default 3 steps, 0.3 s.
        public var typingSteps = 3
        public var typingInterval = 0.3

        public init() {}
    }

    public let configuration: Configuration
    public let list: CellList<String>
    public let generator: ChatGenerator
    public let style: ChatStyle
    /// Indices of the messages shown (a suffix of the history, plus streamed ones past it).
    public private(set) var shown: Range<Int>
    /// Messages changed since they were generated (grown while typed), by index.
    private var edited: [Int: ChatMessage] = [:]
    /// The message growing now: its index, steps left, next step's time.
    private var typing: (index: Int, steps: Int, next: Double)?
    private var nextMessageTime: Double?
    /// Rows the list has been told of; history is requested again only once it shows them.
    private var expectedRows = 0
    /// Day labels made so far (a date formatter per label would cost more than the cells).
    private var labels: [Int: String] = [:]
    private let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE d MMM yyyy"  // "Mon 18 Nov 2026", in UTC so every machine draws the same
        return formatter
    }()

    public init(
        configuration: Configuration = Configuration(), generator: ChatGenerator = ChatGenerator(), style: ChatStyle = .standard,
        list: CellList<String>
    ) {
        self.configuration = configuration
        self.generator = generator
        self.style = style
        self.list = list
        let total = max(0, configuration.messages)
        shown = max(0, total - configuration.initial)..<total
        nextMessageTime = configuration.streamInterval
        show()
    }

    /// Every history message is loaded.
    public var reachedStart: Bool { shown.lowerBound == 0 }

    /// The message at `index`, as it is now.
    public func message(_ index: Int) -> ChatMessage { edited[index] ?? generator.message(index) }

    /// Called once per frame: loads older history when the reader nears the top, and streams
    /// and types new messages on the clock.
    public func tick(time: Double) {
        if list.source.items.count == expectedRows, let top = list.engine.lastPlan?.visible.lowerBound,
            top < configuration.historyThreshold, !reachedStart
        {
            loadOlder()
        }
        if let due = nextMessageTime, let interval = configuration.streamInterval, time >= due {
            nextMessageTime = due + interval
            receive(time: time)
        }
        if let current = typing, time >= current.next {
            let grown = message(current.index).growing(by: generator.more(for: current.index, step: current.steps))
            edited[current.index] = grown
            typing = current.steps > 1 ? (current.index, current.steps - 1, time + configuration.typingInterval) : nil
            list.update(bubbleCell(grown))
        }
        // A host at rest sleeps until the next message or the next words typed.
        for due in [nextMessageTime, typing?.next].compactMap({ $0 }) { list.engine.requestFrame(at: due) }
    }

    /// Shows the next page of older messages above (the reader's place is kept). The day
    /// separator that headed the old top moves up to the first message of its day.
    public func loadOlder() {
        guard !reachedStart else { return }
        let older = max(0, shown.lowerBound - configuration.historyPage)..<shown.lowerBound
        let cells = cells(for: older, after: nil)
        if let first = list.cells.first, first.isSectionHeader, cells.contains(where: { $0.id == first.id }) {
            list.remove(0..<1)
        }
        shown = older.lowerBound..<shown.upperBound
        list.prepend(cells)
        expectedRows = list.cells.count
    }

    /// A new message arrives at the bottom; one from the other person then grows for a while.
    public func receive(time: Double) {
        let index = shown.upperBound
        let previous = index > shown.lowerBound ? message(index - 1) : nil
        shown = shown.lowerBound..<(index + 1)
        if !message(index).mine, configuration.typingSteps > 0 {
            typing = (index, configuration.typingSteps, time + configuration.typingInterval)
        }
        list.append(cells(for: index..<(index + 1), after: previous))
        expectedRows = list.cells.count
    }

    /// The shown messages as cells, with a day separator before each day's first message.
    public func cells() -> [Cell<String>] { cells(for: shown, after: nil) }

    /// Cells for messages `range`, a day separator before each day's first message (`after`:
    /// the message just before the range, whose day needs no new separator).
    func cells(for range: Range<Int>, after previous: ChatMessage?) -> [Cell<String>] {
        let separator = DaySeparatorKind(style: style)
        var cells: [Cell<String>] = []
        cells.reserveCapacity(range.count + range.count / 8)
        var lastDay = previous.map(Self.day)
        for index in range {
            let message = message(index)
            let day = Self.day(of: message)
            if day != lastDay {
                let label = labels[day] ?? formatter.string(from: message.sent)
                labels[day] = label
                cells.append(Cell(id: "day-\(day)", kind: separator, content: ChatDay(day: day, label: label)))
                lastDay = day
            }
            cells.append(bubbleCell(message))
        }
        return cells
    }

    private func bubbleCell(_ message: ChatMessage) -> Cell<String> {
        Cell(id: message.id, kind: BubbleKind(style: style, mine: message.mine), content: message)
    }

    /// The chat's kinds, for `CellList(kinds:)`: numbered up front, each is estimated and
    /// skeletoned apart from the first frame (their bubble on the right side).
    public static func kinds(style: ChatStyle = .standard) -> [any CellKind] {
        [BubbleKind(style: style, mine: false), BubbleKind(style: style, mine: true), DaySeparatorKind(style: style)]
    }

    /// Days since 1970, UTC.
    static func day(of message: ChatMessage) -> Int { Int((message.sent.timeIntervalSince1970 / 86_400).rounded(.down)) }

    /// Shows every shown message afresh (first load).
    private func show() {
        let cells = cells()
        expectedRows = cells.count
        list.apply(snapshot: cells)
    }
}
