/// Turns a post's raw text into `RichText`: @mentions, #topics#, URLs, [emoticons] and emoji,
/// per the feed format's rich-text table.
///
/// URLs are found first, so an `@` or `#` inside a URL never starts a mention or topic, and a
/// topic never spans a URL. An unmatched `#` and an unknown `[…]` stay plain text. Pure and
/// `Sendable`: call from any thread (layout workers do).
///
/// ```swift
/// let text = RichTextParser().parse("今天 @bob 看 #Swift# https://swift.org [微笑]")
/// text.links.map(\.kind)  // [.mention, .topic, .url]
/// ```
public struct RichTextParser: Sendable {
    /// Longest mention name, in characters (feed format: 1…30).
    public static let maxMentionLength = 30
    /// Longest topic, in characters between the hashes (feed format: 1…64).
    public static let maxTopicLength = 64
    /// Longest emoticon shortcode, in characters between the brackets (feed format: 1…8).
    public static let maxEmoticonLength = 8
    /// Longest URL made a link, in characters. 8,192: what HTTP servers commonly accept for a
    /// request line (RFC 9110 asks for at least 8,000 octets), so any URL that can be opened
    /// is linked. A longer run of URL characters stays plain text, consumed in one step.
    public static let maxURLLength = 8_192

    public var emoticons: EmoticonTable
    public var urlShortener: URLShortener

    public init(emoticons: EmoticonTable = .standard, urlShortener: URLShortener = URLShortener()) {
        self.emoticons = emoticons
        self.urlShortener = urlShortener
    }

    public func parse(_ source: String) -> RichText {
        parse(Substring(source), isCut: false)
    }

    /// Parses no more of `source` than `capacity` can show, so the cost is bounded by the
    /// capacity, not by the source: the source is cut to `capacity.bytes` plus one longest URL
    /// (`maxURLLength`, so a long link followed by text still shows both), and parsing stops
    /// once the display text holds `capacity.characters`. When anything was left out the
    /// result is marked `isCut` (its layout ends with the truncation token), and a URL or
    /// mention running into the cut is left out rather than linked to a wrong target. `nil`
    /// capacity parses everything.
    public func parse(_ source: String, fitting capacity: TextCapacity?) -> RichText {
        guard let capacity else { return parse(source) }
        let raw = TextCapacity(
            characters: .max, bytes: capacity.bytes + Self.maxURLLength, scalarsPerCharacter: capacity.scalarsPerCharacter
        ).cut(source)
        return parse(raw.text, isCut: raw.isCut, maxCharacters: capacity.characters)
    }

    /// Parses `source`, the start of a longer text when `isCut`, stopping once the display
    /// text holds `maxCharacters`.
    ///
    /// One pass over the characters: every token reads a bounded window or consumes what it
    /// reads (a URL run is scanned once whatever follows it), so parsing is linear in the
    /// length of `source`.
    func parse(_ source: Substring, isCut: Bool, maxCharacters: Int = .max) -> RichText {
        var scanner = Scanner(characters: Array(source))
        var builder = RichTextBuilder()
        while let character = scanner.current, builder.characters < maxCharacters {
            let start = scanner.index
            if let url = scanner.matchURL() {
                switch url {
                case .link(let target, let runsToEnd):
                    // A link cut off with the source would open a wrong address: leave it out.
                    if !(isCut && runsToEnd) {
                        builder.append(urlShortener.display(target), kind: .url, target: target)
                    }
                case .overlong(let run):
                    builder.append(run, kind: .plain, target: "")
                }
            } else if character == "@", let name = scanner.matchMention() {
                if !(isCut && scanner.isAtEnd) { builder.append("@" + name, kind: .mention, target: name) }
            } else if character == "#", let topic = scanner.matchTopic() {
                builder.append("#" + topic + "#", kind: .topic, target: topic)
            } else if character == "[", let (code, emoji) = scanner.matchEmoticon(in: emoticons) {
                builder.append(emoji, kind: .emoticon, target: code)
            } else {
                scanner.advance()
                builder.append(String(character), kind: character.isEmojiSequence ? .emoji : .plain, target: "")
            }
            assert(scanner.index > start, "every step consumes input")
        }
        return builder.build(isCut: isCut || !scanner.isAtEnd)
    }
}

/// Accumulates display text and merges adjacent plain (or emoji) runs.
private struct RichTextBuilder {
    var text = ""
    var runs: [RichTextRun] = []
    var length = 0
    /// Characters appended (each piece counted on its own: close enough to bound the output).
    var characters = 0

    mutating func append(_ piece: String, kind: RichTextKind, target: String) {
        let count = piece.utf8.count
        guard count > 0 else { return }
        characters += piece.count
        text += piece
        let range = length..<(length + count)
        length += count
        if let last = runs.last, last.kind == kind, kind == .plain || kind == .emoji {
            runs[runs.count - 1] = RichTextRun(kind: kind, displayRange: last.displayRange.lowerBound..<range.upperBound)
        } else {
            runs.append(RichTextRun(kind: kind, displayRange: range, target: target))
        }
    }

    func build(isCut: Bool) -> RichText { RichText(displayText: text, runs: runs, isCut: isCut) }
}

/// A cursor over the source's characters (grapheme clusters, so an emoji sequence is one step).
private struct Scanner {
    let characters: [Character]
    var index = 0

    var current: Character? { index < characters.count ? characters[index] : nil }

    mutating func advance() { index += 1 }

    private func character(at offset: Int) -> Character? {
        offset >= 0 && offset < characters.count ? characters[offset] : nil
    }

    /// Whether the characters at `offset` spell `prefix` (lowercase ASCII), ignoring ASCII case.
    private func hasPrefix(_ prefix: StaticString, at offset: Int) -> Bool {
        var position = offset
        for expected in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount) {
            guard let c = character(at: position), var ascii = c.asciiValue else { return false }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii) { ascii += 0x20 }
            guard ascii == expected else { return false }
            position += 1
        }
        return true
    }

    private func startsURL(at offset: Int) -> Int? {
        if hasPrefix("https://", at: offset) { return 8 }
        if hasPrefix("http://", at: offset) { return 7 }
        return nil
    }

    /// What `matchURL` found at a scheme.
    enum URLMatch {
        /// A link to this URL; `runsToEnd` when its run of URL characters (trailing
        /// punctuation included) reaches the end of the text.
        case link(String, runsToEnd: Bool)
        /// A URL longer than `maxURLLength`: its whole run of URL characters is plain text.
        case overlong(String)
    }

    var isAtEnd: Bool { index >= characters.count }

    /// `http(s)://` then ASCII non-space characters, ending at whitespace, CJK punctuation or any
    /// non-ASCII character; trailing sentence punctuation is left out. Linear in the run's
    /// length: parentheses are counted once while scanning, not again per trailing `)`.
    mutating func matchURL() -> URLMatch? {
        guard let schemeLength = startsURL(at: index) else { return nil }
        let bodyStart = index + schemeLength
        var end = bodyStart
        var opened = 0
        var closed = 0
        while let c = character(at: end), c.isURLCharacter {
            if c == "(" { opened += 1 } else if c == ")" { closed += 1 }
            end += 1
        }
        let runEnd = end
        while end > bodyStart, let last = character(at: end - 1), Self.trailingPunctuation.contains(last) {
            // A closing parenthesis belongs to the URL when it closes one opened inside it
            // (`…/Swift_(language)`), not when it closes the sentence's.
            if last == ")" {
                if opened >= closed { break }
                closed -= 1
            }
            end -= 1
        }
        if end - index > RichTextParser.maxURLLength {
            let run = String(characters[index..<runEnd])
            index = runEnd
            return .overlong(run)
        }
        guard end > bodyStart else { return nil }
        let url = String(characters[index..<end])
        index = end
        return .link(url, runsToEnd: runEnd == characters.count)
    }

    /// `@name`, name of 1…30 letters (any script), digits, `_` or `-`. An `@` right after a Latin
    /// letter or digit is an e-mail address, not a mention.
    mutating func matchMention() -> String? {
        if let previous = character(at: index - 1), previous.isASCII, previous.isLetter || previous.isNumber || previous == "_" {
            return nil
        }
        var end = index + 1
        while end - index - 1 < RichTextParser.maxMentionLength, let c = character(at: end), c.isMentionCharacter {
            end += 1
        }
        guard end > index + 1 else { return nil }
        let name = String(characters[(index + 1)..<end])
        index = end
        return name
    }

    /// `#topic#` on one line, 1…64 characters, no `#` and no URL inside, not starting with a
    /// space (so "a # b #c" is a stray hash, not the topic " b ").
    mutating func matchTopic() -> String? {
        if let first = character(at: index + 1), first.isWhitespace { return nil }
        var end = index + 1
        while let c = character(at: end), c != "#" {
            if c.isNewline || end - index - 1 >= RichTextParser.maxTopicLength || startsURL(at: end) != nil { return nil }
            end += 1
        }
        guard character(at: end) == "#", end > index + 1 else { return nil }
        let topic = String(characters[(index + 1)..<end])
        guard !topic.allSatisfy(\.isWhitespace) else { return nil }
        index = end + 1
        return topic
    }

    /// `[code]` with 1…8 characters found in `table`.
    mutating func matchEmoticon(in table: EmoticonTable) -> (String, String)? {
        var end = index + 1
        while let c = character(at: end), c != "]", c != "[", !c.isNewline, end - index - 1 < RichTextParser.maxEmoticonLength {
            end += 1
        }
        guard character(at: end) == "]", end > index + 1 else { return nil }
        let code = String(characters[(index + 1)..<end])
        guard let emoji = table.emoji(for: code) else { return nil }
        index = end + 1
        return (code, emoji)
    }

    static let trailingPunctuation: Set<Character> = [".", ",", ";", ":", "!", "?", "'", "\"", ")"]
}

extension Character {
    var isURLCharacter: Bool {
        guard isASCII, let scalar = unicodeScalars.first else { return false }
        return scalar.value > 0x20 && scalar.value < 0x7F && !"<>\"`{}|\\^".unicodeScalars.contains(scalar)
    }

    var isMentionCharacter: Bool {
        !isEmojiSequence && (isLetter || isNumber || self == "_" || self == "-")
    }

    /// Whether this grapheme is drawn as an emoji: emoji-presentation scalars, text-default
    /// emoji with VS16, keycaps (`1️⃣`), flags (regional indicator pairs) and ZWJ sequences.
    var isEmojiSequence: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x200D: return first.properties.isEmoji
            case 0x1F1E6...0x1F1FF: return true
            default: continue
            }
        }
        return false
    }
}
