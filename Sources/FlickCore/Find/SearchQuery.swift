/// What the user typed into a find bar, made safe to search with: always literal text, never
/// syntax, and bounded.
///
/// The rules (docs/ARCHITECTURE.md, "Find"):
/// - Matching is a case-insensitive substring match over Unicode scalars (`SearchFolding`):
///   `"Swift"` finds "swift", "SWIFT" and "Swifty"; `"微笑"` finds "[微笑]".
/// - Everything is literal: quotes, `*`, `NEAR`, `AND`/`OR`/`NOT`, regex characters, `%`, `_`
///   are searched for as they are.
/// - A query longer than `maxScalars` is cut to its first `maxScalars` scalars
///   (`isTruncated` says so; the results are those of the cut query, a superset).
/// - A query of only whitespace (or nothing) is `isEmpty` and matches nothing.
/// - NUL and the field separator (U+0000, U+001F) count as a space, on both sides, so they
///   can never join fields or end a C string early. Lone surrogates cannot reach a Swift
///   `String` (decoders repair them to U+FFFD), so they are searched as U+FFFD.
///
/// A plain value: made on any thread (the find bar's main thread), read on the search worker.
public struct SearchQuery: Sendable, Hashable, CustomStringConvertible {
    /// Longest query searched, in Unicode scalars: 256. A find bar query is a few words; a
    /// 10,000-character paste is cut (each trigram of the query is one term of the index
    /// lookup, so the cap bounds the work), and no post text repeats a 256-scalar run by chance.
    public static let maxScalars = 256

    /// The query as given, after the cap (what the find bar shows).
    public let text: String
    /// The folded scalars searched for (`SearchFolding.fold`); empty when `isEmpty`.
    public let folded: [Unicode.Scalar]
    /// Whether the given text was longer than `maxScalars` and was cut.
    public let isTruncated: Bool

    public init(_ raw: String) {
        let scalars = raw.unicodeScalars
        var kept = String.UnicodeScalarView()
        var count = 0
        var truncated = false
        for scalar in scalars {
            if count == Self.maxScalars {
                truncated = true
                break
            }
            kept.append(scalar)
            count += 1
        }
        text = String(kept)
        isTruncated = truncated
        let folded = SearchFolding.fold(text.unicodeScalars)
        self.folded = folded.allSatisfy { $0.properties.isWhitespace } ? [] : folded
    }

    /// Whether nothing can match (no text, or only whitespace).
    public var isEmpty: Bool { folded.isEmpty }

    /// The folded query as a string (what the index is searched for).
    public var foldedString: String { String(String.UnicodeScalarView(folded)) }

    public var description: String { isTruncated ? "\(text)… (cut at \(Self.maxScalars) characters)" : text }

    /// Ranges of `text` (in its own indices) where this query matches, in order, not
    /// overlapping; empty for an empty query. O(length × query length) worst case, linear in
    /// practice. Any thread.
    public func ranges(in text: String) -> [Range<String.Index>] {
        guard !folded.isEmpty else { return [] }
        var haystack: [Unicode.Scalar] = []
        var origins: [String.Index] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let before = haystack.count
            SearchFolding.appendFolded(scalars[index], to: &haystack)
            for _ in before..<haystack.count { origins.append(index) }
            index = scalars.index(after: index)
        }
        var found: [Range<String.Index>] = []
        var start = 0
        let needle = folded
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0], haystack[start..<start + needle.count].elementsEqual(needle) {
                let end = start + needle.count
                let upper = end < origins.count ? origins[end] : text.endIndex
                let lower = origins[start]
                // A match inside one scalar's folding (e.g. the "i" of "İ") widens to that scalar.
                if lower < upper { found.append(lower..<upper) }
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// Whether `text` contains this query (see `ranges(in:)`). Any thread.
    public func matches(_ text: String) -> Bool {
        guard !folded.isEmpty else { return false }
        let haystack = SearchFolding.fold(text.unicodeScalars)
        return SearchFolding.contains(haystack, folded)
    }
}
