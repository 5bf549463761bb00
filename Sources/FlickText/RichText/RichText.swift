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

    public init(displayText: String, runs: [RichTextRun]) {
        self.displayText = displayText
        self.runs = runs
    }

    /// Plain text with no links.
    public init(plain text: String) {
        let count = text.utf8.count
        self.init(displayText: text, runs: count == 0 ? [] : [RichTextRun(kind: .plain, displayRange: 0..<count)])
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
        let bytes = Array(displayText.utf8)[run.displayRange]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `byteCount` display bytes (cut on a character boundary by the caller),
    /// followed by `suffix`. Runs crossing the cut keep their visible part.
    public func prefix(bytes byteCount: Int, appending suffix: RichText) -> RichText {
        let bytes = Array(displayText.utf8)
        let cut = min(max(0, byteCount), bytes.count)
        var runs: [RichTextRun] = []
        for run in self.runs where run.displayRange.lowerBound < cut {
            let end = min(run.displayRange.upperBound, cut)
            runs.append(RichTextRun(kind: run.kind, displayRange: run.displayRange.lowerBound..<end, target: run.target))
        }
        for run in suffix.runs {
            runs.append(
                RichTextRun(
                    kind: run.kind, displayRange: (run.displayRange.lowerBound + cut)..<(run.displayRange.upperBound + cut),
                    target: run.target))
        }
        let text = String(decoding: bytes[0..<cut], as: UTF8.self) + suffix.displayText
        return RichText(displayText: text, runs: runs)
    }
}
