/// A scripted input session that tests, the benchmark and the window app all replay.
///
/// One command per line; `#` starts a comment; times in seconds, distances in points, y grows
/// downward, positive velocities scroll toward later rows:
///
/// ```
/// wait 0.5              # let frames pass
/// drag 500 200 0.25     # finger from y=500 to y=200 over 0.25 s, then lift (may fling)
/// fling 8000            # release with 8,000 pt/s
/// scroll 3000 2         # constant-speed scroll at 3,000 pt/s for 2 s (a held drag)
/// touch                 # finger down and up: stops a fling (VVebo's hitTest)
/// tap 120 210           # tap at viewport point (120, 210): links highlight and report
/// top                   # animated scroll to top
/// jump 5000             # scroll to row 5,000 at once
/// resize 667            # new viewport width
/// reload 10 11 12       # rows whose content changed
/// settle                # wait until scrolling stops and the visible rows are drawn (≤ 5 s)
/// insert 0 20           # 20 new items before row 0 (the client makes them)
/// delete 5 2            # rows 5 and 6 go
/// move 3 10             # the row at 3 moves to 10
/// edit 4                # row 4 gets a new version of its content, of another height
/// scrollto 5000 center  # lands exactly on row 5,000: top, center or bottom; `animated` eases
/// stream insert 0 1 every 0.1   # from now on, repeat an edit every 0.1 s (between frames)
/// stream stop           # ends every stream
/// pull                  # pull down past the top and let go: refreshes a live list
/// wait-page             # wait until the next page has landed or failed (≤ 10 s; a live list)
/// key Down              # a key with its modifiers: `key ctrl+a`, `key shift+End`, `key Page_Down`
/// key Down 5000 30      # held: repeats 5,000 times, 30 a second (frames run between repeats)
/// click 12 shift        # a click on row 12 (scrolled into view first), with ctrl or shift held
/// find hello world      # opens the find bar and types the rest of the line (words joined by one
///                       # space); waits (≤ 10 s) until the first match is shown or none is found
/// find-next             # the next match (Enter, F3); find-prev: the previous one (Shift+Enter)
/// ```
public struct ScrollScript: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case wait(seconds: Double)
        case drag(fromY: Double, toY: Double, seconds: Double)
        case fling(velocity: Double)
        case scroll(velocity: Double, seconds: Double)
        case touch
        case tap(x: Double, y: Double)
        case scrollToTop
        case jump(row: Int)
        case resize(width: Double)
        case reload(rows: [Int])
        case settle
        case change(ListEdit)
        case scrollTo(row: Int, align: ScrollAlignment, animated: Bool)
        /// Repeats `edit` every `seconds` while the following steps run.
        case stream(ListEdit, every: Double)
        case stopStreams
        /// A pull down past the top, released: a live list refreshes.
        case pull
        /// Waits until the list's pager lands its next page (or the request fails).
        case waitPage
        /// A key pressed `repeats` times, `perSecond` a second (a held key repeating).
        case key(KeyPress, repeats: Int, perSecond: Double)
        /// A click on a row with modifiers.
        case click(row: Int, modifiers: KeyModifiers)
        /// Opens the find bar with this text and waits for its first match (or none).
        case find(String)
        /// The next or previous match, waited for.
        case findStep(FindDirection)
    }

    /// A line that is not a valid step.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "script line \(line): \(reason)" }

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    public let steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// Parses the text format above; the error names the first bad line.
    public init(parsing text: String) throws(ParseError) {
        var steps: [Step] = []
        for entry in Self.commands(in: text) {
            steps.append(try Self.step(entry.command, entry.arguments, line: entry.line))
        }
        self.steps = steps
    }

    /// The text's commands: each non-blank line without its `#` comment, split into words,
    /// with its 1-based line number. Shared by scripts that add commands of their own
    /// (`WindowScript`).
    public static func commands(in text: String) -> [(line: Int, command: String, arguments: [String])] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, rawLine in
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let command = words.first else { return nil }
            return (offset + 1, command, Array(words.dropFirst()))
        }
    }

    /// Longest wait, drag or scroll a script may ask for (keeps a typo from running for hours).
    public static let maxSeconds = 600.0

    /// Largest row a script may name (far beyond any feed; keeps hostile numbers out of `Int`).
    static let maximumRow = 1_000_000_000

    /// One command of the text format; `line` is for the error.
    public static func step(_ command: String, _ args: [String], line: Int) throws(ParseError) -> Step {
        func number(_ index: Int, _ name: String) throws(ParseError) -> Double {
            guard index < args.count else { throw ParseError(line: line, reason: "\(command): missing \(name)") }
            guard let value = Double(args[index]), value.isFinite else {
                throw ParseError(line: line, reason: "\(command): \(name) must be a number, got \"\(args[index])\"")
            }
            return value
        }
        func seconds(_ index: Int) throws(ParseError) -> Double {
            let value = try number(index, "seconds")
            guard value >= 0, value <= maxSeconds else { throw ParseError(line: line, reason: "\(command): seconds must be in 0…\(Int(maxSeconds))") }
            return value
        }
        func row(_ index: Int) throws(ParseError) -> Int {
            guard let whole = Int(exactly: try number(index, "row")), (0...Self.maximumRow).contains(whole) else {
                let what = command == "jump" ? "row must be a whole number" : "rows must be whole numbers"
                throw ParseError(line: line, reason: "\(command): \(what) in 0…\(Self.maximumRow)")
            }
            return whole
        }
        func count(_ expected: Int) throws(ParseError) {
            guard args.count == expected else {
                throw ParseError(line: line, reason: "\(command) takes \(expected) argument(s), got \(args.count)")
            }
        }
        switch command {
        case "wait":
            try count(1)
            return .wait(seconds: try seconds(0))
        case "drag":
            try count(3)
            return .drag(fromY: try number(0, "from y"), toY: try number(1, "to y"), seconds: max(1e-3, try seconds(2)))
        case "fling":
            try count(1)
            return .fling(velocity: try number(0, "velocity"))
        case "scroll":
            try count(2)
            return .scroll(velocity: try number(0, "velocity"), seconds: try seconds(1))
        case "touch":
            try count(0)
            return .touch
        case "tap":
            try count(2)
            return .tap(x: try number(0, "x"), y: try number(1, "y"))
        case "top":
            try count(0)
            return .scrollToTop
        case "jump":
            try count(1)
            return .jump(row: try row(0))
        case "resize":
            try count(1)
            let width = try number(0, "width")
            guard width >= 100, width <= 4_000 else { throw ParseError(line: line, reason: "resize: width must be in 100…4000") }
            return .resize(width: width)
        case "reload":
            guard !args.isEmpty else { throw ParseError(line: line, reason: "reload: name at least one row") }
            var rows: [Int] = []
            for index in args.indices { rows.append(try row(index)) }
            return .reload(rows: rows)
        case "settle":
            try count(0)
            return .settle
        case "pull":
            try count(0)
            return .pull
        case "wait-page":
            try count(0)
            return .waitPage
        case "insert", "delete", "move", "edit":
            return .change(try edit(command, args, line: line))
        case "find":
            let text = args.joined(separator: " ")
            guard !text.isEmpty else { throw ParseError(line: line, reason: "find takes the text to find") }
            return .find(text)
        case "find-next", "find-prev":
            try count(0)
            return .findStep(command == "find-next" ? .next : .previous)
        case "key":
            guard args.count == 1 || args.count == 3, let press = KeyPress(parsing: args[0]) else {
                throw ParseError(line: line, reason: "key takes a key (Down, ctrl+a, shift+End, Page_Down, space, or a character), then optionally REPEATS PER_SECOND")
            }
            guard args.count == 3 else { return .key(press, repeats: 1, perSecond: 30) }
            guard let repeats = Int(args[1]), (1...maximumEditCount).contains(repeats) else {
                throw ParseError(line: line, reason: "key: repeats must be a whole number in 1…\(maximumEditCount)")
            }
            let rate = try number(2, "repeats per second")
            guard rate >= 1, rate <= 120 else { throw ParseError(line: line, reason: "key: repeats per second must be in 1…120") }
            return .key(press, repeats: repeats, perSecond: rate)
        case "click":
            guard (1...2).contains(args.count) else { throw ParseError(line: line, reason: "click takes a row, then optionally ctrl or shift") }
            var modifiers: KeyModifiers = []
            if args.count == 2 {
                guard let modifier = args[1].split(separator: "+").reduce(KeyModifiers?.some([]), { all, word in
                    guard let all, let one = KeyModifiers(named: String(word)) else { return nil }
                    return all.union(one)
                }) else { throw ParseError(line: line, reason: "click: \"\(args[1])\" is not ctrl, shift or ctrl+shift") }
                modifiers = modifier
            }
            return .click(row: try row(0), modifiers: modifiers)
        case "scrollto":
            guard (1...3).contains(args.count) else { throw ParseError(line: line, reason: "scrollto takes a row, then top|center|bottom and animated") }
            var align = ScrollAlignment.top
            var animated = false
            for word in args.dropFirst() {
                switch word {
                case "top": align = .top
                case "center": align = .center
                case "bottom": align = .bottom
                case "animated": animated = true
                default: throw ParseError(line: line, reason: "scrollto: \"\(word)\" is not top, center, bottom or animated")
                }
            }
            return .scrollTo(row: try row(0), align: align, animated: animated)
        case "stream":
            if args == ["stop"] { return .stopStreams }
            guard args.count >= 3, args[args.count - 2] == "every" else {
                throw ParseError(line: line, reason: "stream: write `stream EDIT every SECONDS` or `stream stop`")
            }
            let interval = try number(args.count - 1, "seconds")
            guard interval >= 0.001, interval <= maxSeconds else { throw ParseError(line: line, reason: "stream: seconds must be in 0.001…\(Int(maxSeconds))") }
            guard let name = args.first else { throw ParseError(line: line, reason: "stream: name an edit") }
            return .stream(try edit(name, Array(args.dropFirst().dropLast(2)), line: line), every: interval)
        default:
            throw ParseError(line: line, reason: "unknown command \"\(command)\"")
        }
    }

    /// Largest count an insert or delete may name: keeps a typo from making millions of items.
    static let maximumEditCount = 100_000

    /// An edit command (`insert ROW COUNT`, `delete ROW COUNT`, `move FROM TO`, `edit ROW`).
    static func edit(_ command: String, _ args: [String], line: Int) throws(ParseError) -> ListEdit {
        func whole(_ index: Int, _ name: String, _ range: ClosedRange<Int>) throws(ParseError) -> Int {
            guard index < args.count else { throw ParseError(line: line, reason: "\(command): missing \(name)") }
            guard let value = Int(args[index]), range.contains(value) else {
                throw ParseError(line: line, reason: "\(command): \(name) must be a whole number in \(range.lowerBound)…\(range.upperBound), got \"\(args[index])\"")
            }
            return value
        }
        let expected = command == "edit" ? 1 : 2
        guard args.count == expected else { throw ParseError(line: line, reason: "\(command) takes \(expected) argument(s), got \(args.count)") }
        switch command {
        case "insert": return .insert(row: try whole(0, "row", 0...maximumRow), count: try whole(1, "count", 1...maximumEditCount))
        case "delete": return .delete(row: try whole(0, "row", 0...maximumRow), count: try whole(1, "count", 1...maximumEditCount))
        case "move": return .move(from: try whole(0, "from", 0...maximumRow), to: try whole(1, "to", 0...maximumRow))
        case "edit": return .edit(row: try whole(0, "row", 0...maximumRow))
        default: throw ParseError(line: line, reason: "unknown edit \"\(command)\"")
        }
    }
}
