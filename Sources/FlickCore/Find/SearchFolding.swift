/// The one definition of "the same text, ignoring case" for find: the store's index, the
/// in-memory searcher and match highlighting all fold with it, so they agree on every match.
///
/// Folding is per Unicode scalar: ASCII letters by arithmetic (the common case, no
/// allocation), other scalars that change when lowercased by their Unicode lowercase mapping
/// (`Σ` → `σ`, `İ` → `i̇`); NUL and U+001F become a space (see `SearchQuery`). No
/// normalization beyond that: "é" precomposed and decomposed stay different, as in a browser's
/// find. Pure; any thread.
public enum SearchFolding {
    /// The scalar that separates fields in an indexed document (author, text, retweeted text);
    /// it never survives folding, so no query can match across two fields.
    public static let fieldSeparator: Unicode.Scalar = "\u{1F}"

    /// `scalars` folded.
    public static func fold(_ scalars: String.UnicodeScalarView) -> [Unicode.Scalar] {
        var folded: [Unicode.Scalar] = []
        folded.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars { appendFolded(scalar, to: &folded) }
        return folded
    }

    /// `scalar` folded, appended to `output` (one scalar, or more for a few: `İ`).
    @inline(__always)
    public static func appendFolded(_ scalar: Unicode.Scalar, to output: inout [Unicode.Scalar]) {
        let value = scalar.value
        if value < 0x80 {
            if value >= 0x41, value <= 0x5A {
                output.append(Unicode.Scalar(UInt8(value + 0x20)))
            } else if value == 0 || value == 0x1F {
                output.append(" ")
            } else {
                output.append(scalar)
            }
            return
        }
        guard scalar.properties.changesWhenLowercased else { return output.append(scalar) }
        output.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
    }

    /// `text` folded, appended to `output` as a string (the indexed document is built this way).
    public static func appendFolded(_ text: String, to output: inout String.UnicodeScalarView) {
        var buffer: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80, !(value >= 0x41 && value <= 0x5A), value != 0, value != 0x1F {
                output.append(scalar)
                continue
            }
            buffer.removeAll(keepingCapacity: true)
            appendFolded(scalar, to: &buffer)
            output.append(contentsOf: buffer)
        }
    }

    /// Whether `needle` occurs in `haystack` (both folded).
    public static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0]
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
