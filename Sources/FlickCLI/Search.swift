import ArgumentParser
import FlickCore
import FlickTimeline
import Foundation

/// `flick search`: the posts of a feed store whose author, text or retweeted text contains a
/// query, as a find bar would find them.
struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the ids of the posts in a feed store that contain a text, then their count.",
        discussion: """
            Prints one matching post id per line, newest first (timeline order), then a last \
            line `N matches`. The query is literal text, case-insensitive (quotes, `*`, \
            `AND`/`OR`/`NEAR`, regex characters are searched for as they are); a query of \
            only spaces matches nothing; one longer than 256 characters is cut (a warning on \
            stderr says so). A store made before the find index has it built first (progress \
            on stderr; resumable, kept for the next search); a read-only store is scanned.
            """)

    @Option(help: "The feed.sqlite to search.")
    var db: String

    @Option(help: "Most ids printed (the count covers every match).")
    var limit: Int = Int(Int32.max)

    @Argument(help: "The text to find.")
    var query: String

    func validate() throws {
        try OptionLimits.check(limit, in: 0...Int(Int32.max), option: "--limit")
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: db) else { throw ValidationError("no feed store at \(FeedWarning.escaped(db))") }
        var configuration = FeedStore.Configuration()
        configuration.access = .readOnlyIfNotWritable
        configuration.integrityCheck = .heightsOnly
        let store = try FeedStore(path: db, configuration: configuration)
        for repair in store.repairs { warn(repair.description) }
        let searchQuery = SearchQuery(query)
        if searchQuery.isTruncated { warn("the query is longer than \(SearchQuery.maxScalars) characters; searching its start") }
        try buildIndexIfNeeded(store)
        let out = FileHandle.standardOutput
        var printed = 0
        var after: Int?
        var buffer = ""
        pages: while printed < limit {
            let page = try store.search(searchQuery, after: after, limit: 1_000)
            for match in page.matches {
                guard printed < limit else { break pages }
                buffer += FeedWarning.escaped(match.id) + "\n"
                printed += 1
            }
            if buffer.utf8.count > 64 * 1024 {
                out.write(Data(buffer.utf8))
                buffer = ""
            }
            guard let next = page.next else { break }
            after = next
        }
        let count = try store.countMatches(searchQuery)
        buffer += "\(count.count) \(count.count == 1 ? "match" : "matches")\n"
        out.write(Data(buffer.utf8))
    }

    private func buildIndexIfNeeded(_ store: FeedStore) throws {
        let progress = try store.searchIndexProgress()
        guard !progress.isComplete, !store.isReadOnly else { return }
        warn("building the find index of \(progress.total - progress.done) posts (once)")
        let bar = ProgressBar(total: progress.total, label: "posts indexed")
        try store.buildSearchIndex { reached in
            bar.update(reached.done)
            return true
        }
    }

    private func warn(_ text: String) {
        FileHandle.standardError.write(Data("flick search: \(FeedWarning.escaped(text))\n".utf8))
    }
}
