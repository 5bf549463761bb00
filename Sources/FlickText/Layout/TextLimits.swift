/// How much text one layout takes in. A feed's text has no length cap, but a style with a line
/// limit shows only what fits in those lines: everything past that is cut before it is parsed
/// or handed to Pango, so one layout costs time and memory in proportion to what it can show
/// (a 12-line body: ~2,600 characters at 375 pt), not to what the text holds (megabytes).
///
/// The cut is generous — it lands past the last line shown for any ordinary text, so the
/// visible result is the same as laying out everything — and a cut text ends with the style's
/// truncation token ("…全文") like any text over its line limit. Styles without a line limit
/// are not cut: their caller bounds the text. Plain value; any thread.
public struct TextLimits: Sendable, Hashable {
    /// Narrowest advance assumed per character, as a share of the font size. Default 0.1 em:
    /// the narrowest printing character of the pinned fonts, `|`, measures 0.27 em (printable
    /// ASCII and common CJK punctuation, `HostileTextLayoutTests`), and well under half of that
    /// leaves room for zero-width and narrow characters mixed in (joiners, marks, thin spaces).
    public var minimumAdvance = 0.1
    /// UTF-8 bytes allowed per character, on average over the kept text. Default 16: CJK takes
    /// 3 bytes, emoji with a skin tone or a flag 8; a ZWJ family (up to ~40) is wide, so a line
    /// holds few. The text is first cut by bytes, so one "character" of a million combining
    /// marks costs its first bytes, not a million.
    public var bytesPerCharacter = 16
    /// Most characters any layout takes in, whatever the width and font. Default 65,536: more
    /// than 12 lines of the widest cell the CLI accepts (4,000 pt) at the smallest font scale
    /// (0.5) can show; it only bounds widths and font sizes outside what any cell uses.
    public var maxCharacters = 65_536

    public init() {}

    /// The defaults above.
    public static let standard = TextLimits()

    /// What `style` can show within `width` points, or `nil` when the style has no line limit.
    public func capacity(for style: TextStyle, width: Double) -> TextCapacity? {
        guard let maxLines = style.maxLines, maxLines > 0 else { return nil }
        let advance = max(style.fontSize * minimumAdvance, 0.01)
        let perLine = (max(1, width) / advance).rounded(.up)
        // In Double, then clamped: a width or font size out of any range must not trap here.
        let characters = min(Double(maxCharacters), Double(maxLines) * perLine, Double(Int32.max))
        let kept = characters.isNaN ? 1 : max(1, Int(characters))
        let (bytes, overflow) = kept.multipliedReportingOverflow(by: max(4, bytesPerCharacter))
        return TextCapacity(characters: kept, bytes: overflow ? Int.max / 2 : bytes)
    }
}

/// The most text a layout takes in: a number of characters (grapheme clusters) and of UTF-8
/// bytes, whichever is reached first. Made by `TextLimits.capacity(for:width:)`.
public struct TextCapacity: Sendable, Hashable {
    public let characters: Int
    public let bytes: Int

    public init(characters: Int, bytes: Int) {
        self.characters = max(1, characters)
        self.bytes = max(4, bytes)
    }

    /// `text` cut to this capacity on a character boundary, and whether anything was cut.
    /// Reads at most `bytes` bytes of `text`, however long it is.
    public func cut(_ text: String) -> (text: Substring, isCut: Bool) {
        guard let end = cutIndex(in: text) else { return (text[...], false) }
        return (text[..<end], true)
    }

    /// Where `text` must be cut, or `nil` when it fits. Looks at no more than `bytes` bytes:
    /// a byte cut first (on a scalar boundary, O(1) for native strings), then the characters
    /// of that prefix are counted.
    func cutIndex(in text: String) -> String.Index? {
        let utf8 = text.utf8
        var end = text.endIndex
        var cutByBytes = false
        if let limit = utf8.index(utf8.startIndex, offsetBy: bytes, limitedBy: utf8.endIndex), limit < utf8.endIndex {
            // Back to the start of the scalar holding byte `limit` (at most 3 continuation bytes).
            var scalarStart = limit
            while scalarStart > utf8.startIndex, utf8[scalarStart] & 0xC0 == 0x80 { scalarStart = utf8.index(before: scalarStart) }
            end = scalarStart
            cutByBytes = true
        }
        let head = text[..<end]
        if let limit = head.index(head.startIndex, offsetBy: characters, limitedBy: head.endIndex), limit < head.endIndex {
            return limit
        }
        guard cutByBytes else { return nil }
        // The byte cut may have split the last character (a ZWJ sequence, a base and its
        // marks): drop it, unless it is all there is.
        guard !head.isEmpty else { return head.endIndex }
        let last = head.index(before: head.endIndex)
        return last > head.startIndex ? last : head.endIndex
    }
}
