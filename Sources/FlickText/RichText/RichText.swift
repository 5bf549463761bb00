/// What a rich-text run is.
public enum RichTextKind: Hashable, Sendable {
    case plain
    /// `@name`: `target` is the name without `@`.
    case mention
    /// `#topic#`: `target` is the topic without the hashes.
    case topic
    /// An http(s) URL: `target` is the full URL, the display text a shortened form.
    case url
    /// `[微笑]`-style shortcode shown as an emoji: `target` is the shortcode.
    case emoticon
    /// A Unicode emoji sequence (ZWJ, skin tone, flag, keycap).
    case emoji
    /// The "…全文" token appended when a body is truncated: tapping opens the full text.
    case fullText

    /// Whether runs of this kind are tappable links.
    public var isLink: Bool {
        switch self {
        case .mention, .topic, .url, .fullText: true
        case .plain, .emoticon, .emoji: false
        }
    }
}

/// One run of parsed rich text. Ranges are UTF-8 byte offsets (what Pango indexes by).
public struct RichTextRun: Hashable, Sendable {
    public let kind: RichTextKind
    /// Where the run sits in `RichText.displayText`.
    public let displayRange: Range<Int>
    /// The link target (mention name, topic, URL, shortcode) or empty for plain text.
    public let target: String

    public init(kind: RichTextKind, displayRange: Range<Int>, target: String = "") {
        self.kind = kind
        self.displayRange = displayRange
        self.target = target
    }

    public var isLink: Bool { kind.isLink }
}

/// Parsed rich text: the string to lay out and typed runs covering it end to end.
///
/// Made by `RichTextParser` from a post's raw text. Plain value; any thread.
public struct RichText: Hashable, Sendable {
    /// The text as displayed: URLs shortened, emoticon shortcodes replaced by emoji.
    public let displayText: String
    /// Runs in order, covering `displayText` without gaps or overlap.
    public let runs: [RichTextRun]
    /// Whether this is the start of a longer text cut to what a layout can show
    /// (`TextLimits`): its layout ends with the style's truncation token.
    public let isCut: Bool

    public init(displayText: String, runs: [RichTextRun], isCut: Bool = false) {
        self.displayText = displayText
        self.runs = runs
        self.isCut = isCut
    }

    /// Plain text with no links.
    public init(plain text: String, isCut: Bool = false) {
        let count = text.utf8.count
        self.init(displayText: text, runs: count == 0 ? [] : [RichTextRun(kind: .plain, displayRange: 0..<count)], isCut: isCut)
    }

    public static let empty = RichText(plain: "")

    /// The tappable runs.
    public var links: [RichTextRun] { runs.filter(\.isLink) }

    /// The run containing display byte `offset`, if any.
    public func run(atByte offset: Int) -> RichTextRun? {
        var low = 0
        var high = runs.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = runs[mid].displayRange
            if offset < range.lowerBound { high = mid - 1 } else if offset >= range.upperBound { low = mid + 1 } else { return runs[mid] }
        }
        return nil
    }

    /// The display text of `run`.
    public func text(of run: RichTextRun) -> String {
        let utf8 = displayText.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: min(run.displayRange.lowerBound, utf8.count))
        let end = utf8.index(utf8.startIndex, offsetBy: min(run.displayRange.upperBound, utf8.count))
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// The first `byteCount` display bytes (cut on a character boundary by the caller),
    /// followed by `suffix`. Runs crossing the cut keep their visible part; the result is cut
    /// (`isCut`) when `suffix` is. Costs the kept bytes and runs, not the whole text.
    public func prefix(bytes byteCount: Int, appending suffix: RichText) -> RichText {
        let utf8 = displayText.utf8
        let cut = min(max(0, byteCount), utf8.count)
        var runs: [RichTextRun] = []
        for run in self.runs {
            guard run.displayRange.lowerBound < cut else { break }  // runs are in order
            let end = min(run.displayRange.upperBound, cut)
            runs.append(RichTextRun(kind: run.kind, displayRange: run.displayRange.lowerBound..<end, target: run.target))
        }
        for run in suffix.runs {
            runs.append(
                RichTextRun(
                    kind: run.kind, displayRange: (run.displayRange.lowerBound + cut)..<(run.displayRange.upperBound + cut),
                    target: run.target))
        }
        let text = String(decoding: utf8[utf8.startIndex..<utf8.index(utf8.startIndex, offsetBy: cut)], as: UTF8.self) + suffix.displayText
        return RichText(displayText: text, runs: runs, isCut: suffix.isCut)
    }

    /// The display text from byte `start` (a character boundary) on, with the runs there.
    public func suffix(fromByte start: Int) -> RichText {
        let utf8 = displayText.utf8
        let start = min(max(0, start), utf8.count)
        let text = String(decoding: utf8[utf8.index(utf8.startIndex, offsetBy: start)...], as: UTF8.self)
        let runs = self.runs.compactMap { run -> RichTextRun? in
            guard run.displayRange.upperBound > start else { return nil }
            let lower = max(run.displayRange.lowerBound, start) - start
            return RichTextRun(kind: run.kind, displayRange: lower..<(run.displayRange.upperBound - start), target: run.target)
        }
        return RichText(displayText: text, runs: runs, isCut: isCut)
    }

    /// This text cut to `capacity` (on a character boundary, each character cut to its
    /// `scalarsPerCharacter`) and marked `isCut`, or itself when it fits. Reads at most
    /// `capacity.bytes` bytes of a longer text.
    public func cut(to capacity: TextCapacity) -> RichText {
        var text = self
        if let end = capacity.cutIndex(in: displayText) {
            let bytes = displayText.utf8.distance(from: displayText.startIndex, to: end)
            text = prefix(bytes: bytes, appending: RichText(displayText: "", runs: [], isCut: true))
        }
        return text.trimmingCharacters(toScalars: capacity.scalarsPerCharacter)
    }

    /// This text with every character longer than `limit` scalars cut to its first `limit`
    /// (marked `isCut`, runs moved to match), or itself when none is.
    func trimmingCharacters(toScalars limit: Int) -> RichText {
        guard displayText.unicodeScalars.count > limit, displayText.contains(where: { $0.unicodeScalars.count > limit }) else {
            return self
        }
        var kept = String.UnicodeScalarView()
        // (end of a trimmed character in the old text, bytes removed up to there), in order.
        var removals: [(end: Int, removed: Int)] = []
        var offset = 0
        var removed = 0
        for character in displayText {
            let bytes = character.utf8.count
            if character.unicodeScalars.count > limit {
                let scalars = character.unicodeScalars.prefix(limit)
                kept.append(contentsOf: scalars)
                removed += bytes - scalars.reduce(0) { $0 + UTF8.width($1) }
                removals.append((offset + bytes, removed))
            } else {
                kept.append(contentsOf: character.unicodeScalars)
            }
            offset += bytes
        }
        let text = String(kept)
        let length = text.utf8.count
        func moved(_ old: Int) -> Int {
            // Bytes removed by trimmed characters that end at or before `old`.
            var low = 0
            var high = removals.count
            while low < high {
                let mid = (low + high) / 2
                if removals[mid].end <= old { low = mid + 1 } else { high = mid }
            }
            return min(length, old - (low == 0 ? 0 : removals[low - 1].removed))
        }
        let runs = self.runs.compactMap { run -> RichTextRun? in
            let range = moved(run.displayRange.lowerBound)..<max(moved(run.displayRange.lowerBound), moved(run.displayRange.upperBound))
            return range.isEmpty ? nil : RichTextRun(kind: run.kind, displayRange: range, target: run.target)
        }
        return RichText(displayText: text, runs: runs, isCut: true)
    }
}
