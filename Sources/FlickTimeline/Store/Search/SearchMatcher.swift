import FlickCore
import Foundation
import GRDB

/// A query turned into an FTS5 expression over the trigram index, inside one read.
///
/// The expression is always built from quoted strings, never from the user's syntax: each
/// string is the folded text with `"` doubled, so FTS5 sees only literal phrases (operators,
/// `*`, `NEAR`, parentheses and column filters inside quotes are text).
/// - 3 or more scalars: one phrase. The trigram tokenizer splits it into consecutive trigrams
///   and a phrase match requires them at consecutive positions: exactly "contains".
/// - 1–2 scalars: trigram cannot search them as such. Every scalar of a document starts a
///   trigram (documents end with two separators), so a short query occurs exactly where a
///   trigram starting with it does: the index's own term list (`post_search_terms`) gives
///   those trigrams (a range read, `term >= q AND term < q + U+10FFFF…`) and the expression
///   is their OR. A CJK bigram like "微笑" expands to a handful of terms; a single common
///   letter to a few hundred (slower, still bounded by the index's vocabulary).
struct SearchMatcher {
    /// The FTS5 MATCH expression; nil when no indexed term can match (no row matches).
    let expression: String?
    let query: SearchQuery

    init(_ query: SearchQuery, db: Database) throws {
        self.query = query
        let folded = query.folded
        if folded.count >= 3 {
            expression = Self.quoted(query.foldedString)
            return
        }
        let prefix = query.foldedString
        let terms = try String.fetchAll(
            db, sql: "SELECT term FROM post_search_terms WHERE term >= ? AND term < ?",
            arguments: [prefix, prefix + "\u{10FFFF}\u{10FFFF}\u{10FFFF}"])
        let starting = terms.filter { $0.unicodeScalars.starts(with: folded) }
        expression = starting.isEmpty ? nil : starting.map(Self.quoted).joined(separator: " OR ")
    }

    /// `text` as an FTS5 string: in double quotes, each `"` doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Up to `limit` matches at `positions`, in `direction`'s order, each checked against its
    /// post's body.
    func matches(
        in positions: Range<Int>, direction: SearchDirection = .forward, limit: Int, first: Int, store: FeedStore, db: Database
    ) throws -> [SearchMatch] {
        guard let expression, limit > 0, !positions.isEmpty else { return [] }
        var matches: [SearchMatch] = []
        var from = positions.lowerBound
        var to = positions.upperBound
        while matches.count < limit {
            let want = limit - matches.count
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.position, p.id, p.body FROM post_search s JOIN posts p ON p.position = s.rowid
                    WHERE post_search MATCH ? AND s.rowid >= ? AND s.rowid < ? ORDER BY s.rowid \(direction.sql) LIMIT ?
                    """,
                arguments: [expression, from, to, want])
            for row in rows {
                if let match = store.checkedMatch(row, query: query, first: first) { matches.append(match) }
            }
            // A full batch with rows dropped (a stale index row): read on past the last one.
            guard rows.count == want, let last = rows.last, let position = try? last.decode(Int.self, atIndex: 0) else { break }
            switch direction {
            case .forward: from = position + 1
            case .backward: to = position
            }
        }
        return matches
    }
}

/// Which way a search walks the timeline: toward older posts (`forward`, list order) or toward
/// newer ones (`backward`, a find bar's "previous").
enum SearchDirection {
    case forward, backward

    /// The SQL ordering of positions in this direction.
    var sql: String { self == .forward ? "ASC" : "DESC" }
}
