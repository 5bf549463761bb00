/// How much text one layout takes in. A feed's text has no length cap, but a style with a line
/// limit shows only what fits in those lines: everything past that is cut before it is parsed
/// or handed to Pango, so one layout costs time and memory in proportion to what it can show
/// (a 12-line body at 375 pt: 1,320 characters or 6,336 bytes), not to what the text holds
/// (megabytes). Measured worst case per cell with these defaults: see `flick render --timings`
/// and ARCHITECTURE.md.
///
/// The cut is generous — it lands past the last line shown for any ordinary text, so the
/// visible result is the same as laying out everything — and a cut text ends with the style's
/// truncation token ("…全文") like any text over its line limit. Styles without a line limit
/// are not cut: their caller bounds the text. Plain value; any thread.
public struct TextLimits: Sendable, Hashable {
    /// Narrowest advance assumed per character, as a share of the font size. Default 0.2 em:
    /// the narrowest printing character of the pinned fonts, `|`, measures 0.27 em (printable
    /// ASCII and common CJK punctuation, `HostileTextLayoutTests`), and 0.2 leaves room for
    /// zero-width characters mixed in (joiners, direction marks). Every character kept costs
    /// Pango work, and an unbreakable run costs more than linear: halving this doubled the
    /// worst measured layout (a run of 7 M `x`: 63 ms at 0.1 em).
    public var minimumAdvance = 0.2
    /// UTF-8 bytes one em of a line may hold. Default 24: ordinary text stays far under it
    /// (Latin and CJK 3–4 bytes per em, emoji with skin tones 6, Thai, Devanagari and Arabic
    /// with their marks 7–15, tag-sequence flags 22), and dense clusters are what cost Pango
    /// the most per byte (measured at 375 pt: a ZWJ family ~75 µs, Thai without spaces, where
    /// Pango looks words up, ~60 µs per character): at 40 those two took 46–57 ms to lay out,
    /// at 24 they stay under 50. The cost: a post made only of ZWJ families with skin tones
    /// (33 bytes per em) shows "…全文" after about 9 lines instead of 12.
    public var bytesPerEm = 24
    /// Unicode scalars kept per character (grapheme cluster); the rest of it is dropped.
    /// Default 32: Unicode's stream-safe format allows 30 combining marks in a row, and no emoji
    /// sequence needs more than ~12. Pango's cost grows faster than linearly with a cluster's
    /// size (one "e" with 21,000 accents took 1.2 s to lay out).
    public var maxScalarsPerCharacter = 32
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
        let fontSize = max(style.fontSize, 0.01)
        let ems = (max(1, width) / fontSize).rounded(.up)
        // In Double, then clamped: a width or font size out of any range must not trap here.
        let characters = min(Double(maxCharacters), Double(maxLines) * (ems / max(minimumAdvance, 0.001)).rounded(.up))
        let bytes = min(Double(maxCharacters) * 64, Double(maxLines) * ems * Double(max(4, bytesPerEm)))
        return TextCapacity(
            characters: characters.isNaN ? 1 : Int(characters), bytes: bytes.isNaN ? 4 : Int(bytes),
            scalarsPerCharacter: maxScalarsPerCharacter)
    }
}

/// The most text a layout takes in: a number of characters (grapheme clusters) and of UTF-8
/// bytes, whichever is reached first, and of scalars per character. Made by
/// `TextLimits.capacity(for:width:)`.
public struct TextCapacity: Sendable, Hashable {
    public let characters: Int
    public let bytes: Int
    public let scalarsPerCharacter: Int

    public init(characters: Int, bytes: Int, scalarsPerCharacter: Int = TextLimits.standard.maxScalarsPerCharacter) {
        self.characters = max(1, characters)
        self.bytes = max(4, bytes)
        self.scalarsPerCharacter = max(1, scalarsPerCharacter)
    }

    /// `text` cut to this capacity on a character boundary, each character cut to
    /// `scalarsPerCharacter` scalars, and whether anything was cut. Reads at most `bytes` bytes
    /// of `text`, however long it is; a cut text is a copy (a substring ending inside a
    /// character of a million marks would make every character walk read all of them).
    public func cut(_ text: String) -> (text: Substring, isCut: Bool) {
        let end = cutIndex(in: text)
        let kept = end.map { Substring(String(decoding: text.utf8[..<$0], as: UTF8.self)) } ?? text[...]
        if let trimmed = Self.trimming(kept, toScalars: scalarsPerCharacter) { return (trimmed[...], true) }
        return (kept, end != nil)
    }

    /// Where `text` must be cut, or `nil` when it fits. Looks at no more than `bytes` bytes:
    /// a byte cut first (on a scalar boundary, O(1) for native strings), then the characters
    /// of a copy of that prefix are counted.
    func cutIndex(in text: String) -> String.Index? {
        let utf8 = text.utf8
        guard let limit = utf8.index(utf8.startIndex, offsetBy: bytes, limitedBy: utf8.endIndex), limit < utf8.endIndex else {
            // Within the byte budget: count characters (at most `bytes` of them to walk).
            guard let end = text.index(text.startIndex, offsetBy: characters, limitedBy: text.endIndex), end < text.endIndex else {
                return nil
            }
            return end
        }
        // Back to the start of the scalar holding byte `limit` (at most 3 continuation bytes).
        var scalarStart = limit
        while scalarStart > utf8.startIndex, utf8[scalarStart] & 0xC0 == 0x80 { scalarStart = utf8.index(before: scalarStart) }
        // Characters are counted in a copy: in `text` itself, the character the byte cut falls
        // in would be walked to its end, however far that is.
        let head = String(decoding: utf8[..<scalarStart], as: UTF8.self)
        var end = head.endIndex
        if let limit = head.index(head.startIndex, offsetBy: characters, limitedBy: head.endIndex), limit < head.endIndex {
            end = limit
        } else if !head.isEmpty {
            // The byte cut may have split the last character (a ZWJ sequence, a base and its
            // marks): drop it, unless it is all there is.
            let last = head.index(before: head.endIndex)
            if last > head.startIndex { end = last }
        }
        return utf8.index(utf8.startIndex, offsetBy: head.utf8.distance(from: head.startIndex, to: end))
    }

    /// `text` with every character longer than `limit` scalars cut to its first `limit`, or
    /// nil when none is. One pass over the characters.
    static func trimming(_ text: Substring, toScalars limit: Int) -> String? {
        guard text.unicodeScalars.count > limit, text.contains(where: { $0.unicodeScalars.count > limit }) else { return nil }
        var result = String.UnicodeScalarView()
        for character in text {
            result.append(contentsOf: character.unicodeScalars.prefix(limit))
        }
        return String(result)
    }
}
