import ArgumentParser
import FlickFeedPostgres
import FlickTimeline
import Foundation

/// `flick import`: a feed JSON file, or a served timeline followed page by page, into a
/// feed store.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import a feed JSON file or an http(s) feed (following `next`) into a feed store.",
        discussion: """
            Prints `imported N posts (M skipped)`; skipped posts' reasons go to stderr. Posts \
            already stored are updated in place; new ones are appended in feed order. From a \
            URL each page is committed as it arrives: a bad page (HTTP error, cut-off or \
            invalid JSON) stops the import with an error naming its URL and a non-zero exit \
            status, and the pages committed before it stay. A `next` already visited (a loop) \
            or the page cap stops with a warning. A file is all or nothing (one transaction: \
            an error anywhere in it, or an interruption, leaves the store as it was).
            """)

    @Argument(help: "A feed JSON file, or an http(s) URL of a feed page.")
    var source: String

    @Option(help: "The feed.sqlite to import into (created when absent), or a postgres://user:password@host:port/database URL (tables made when absent).")
    var db: String

    @Option(help: "Most pages followed from a URL.")
    var maxPages: Int = FeedPageImporter.Configuration.default.maxPages

    @Option(help: "Skipped-post reasons printed on stderr; the rest are counted.")
    var maxWarnings: Int = 20

    @Option(help: "Seconds without a byte from the server before a page fails.")
    var idleTimeout: Double = FeedPageFetcher.Configuration.default.idleTimeout

    @Option(help: "Seconds a whole page may take before it fails, however steadily bytes arrive.")
    var totalTimeout: Double = FeedPageFetcher.Configuration.default.totalTimeout

    @Option(help: "Largest page body accepted, in bytes (counted as it arrives, inflated).")
    var maxPageBytes: Int = FeedPageFetcher.Configuration.default.maxPageBytes

    func validate() throws {
        try OptionLimits.check(maxPages, in: 1...10_000_000, option: "--max-pages")
        guard (0.01...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be within 0.01…3600 s") }
        guard (0.01...3600).contains(totalTimeout) else { throw ValidationError("--total-timeout must be within 0.01…3600 s") }
        try OptionLimits.check(maxPageBytes, in: 1_024...1_073_741_824, option: "--max-page-bytes")
        try OptionLimits.check(maxWarnings, in: 0...1_000_000, option: "--max-warnings")
    }

    func run() throws {
        if case .postgres(let configuration) = try FeedLocation(db) {
            return try importIntoPostgres(configuration)
        }
        let store = try FeedStore(path: db)
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) {
            try importPages(from: url, into: store)
        } else {
            try importFile(into: store)
        }
    }

    private func importFile(into store: FeedStore) throws {
        let url = source.hasPrefix("file:") ? (URL(string: source) ?? URL(fileURLWithPath: source)) : URL(fileURLWithPath: source)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("no feed file at \(FeedWarning.escaped(source))")
        }
        let report = try store.importFeed(from: url)
        FileHandle.standardOutput.write(Data("imported \(report.appended + report.updated) posts (\(report.skipped) skipped)\n".utf8))
        printWarnings(report.warnings.map(\.description), omitted: report.omittedWarnings)
        if let next = report.next {
            warn("the file's next page (\(FeedWarning.escaped(next))) was not followed: give its URL to page through a server")
        }
    }

    private func importPages(from url: URL, into store: FeedStore) throws {
        var configuration = FeedPageImporter.Configuration()
        configuration.maxPages = maxPages
        configuration.maxReportedWarnings = maxWarnings
        var fetching = FeedPageFetcher.Configuration()
        fetching.idleTimeout = idleTimeout
        fetching.totalTimeout = totalTimeout
        fetching.maxPageBytes = maxPageBytes
        let importer = FeedPageImporter(store: store, fetcher: FeedPageFetcher(configuration: fetching), configuration: configuration)
        do {
            let report = try runBlocking { () async throws(FeedPageImporter.Failure) -> PageImportReport in
                try await importer.run(from: url)
            }
            summarize(report)
            switch report.stop {
            case .loop(let from, let to)?:
                warn("the next page of \(FeedWarning.escaped(from.absoluteString)) is \(FeedWarning.escaped(to.absoluteString)), already read (a loop); stopped there")
            case .pageCap(let pages)?:
                warn("stopped after \(pages) pages (--max-pages); the feed goes on")
            case .end?, nil: break
            }
        } catch let failure as FeedPageImporter.Failure {
            summarize(failure.report)
            FileHandle.standardError.write(Data("flick import: error: \(failure)\n".utf8))
            FileHandle.standardError.write(
                Data("flick import: the \(failure.report.imported) posts of the \(failure.report.pages) pages read before it are kept\n".utf8))
            throw ExitCode(1)
        }
    }

    /// A feed file into PostgreSQL, in one transaction. Pages from a URL are not followed
    /// into PostgreSQL yet: import them into a feed.sqlite, or serve the file.
    private func importIntoPostgres(_ configuration: PostgresFeedStore.Configuration) throws {
        if let url = URL(string: source), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) {
            throw ValidationError("importing from a URL into PostgreSQL is not supported: give a feed JSON file")
        }
        let url = source.hasPrefix("file:") ? (URL(string: source) ?? URL(fileURLWithPath: source)) : URL(fileURLWithPath: source)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("no feed file at \(FeedWarning.escaped(source))")
        }
        let store = try FeedLocation.openPostgres(configuration, command: "import")
        defer { store.close() }
        let report: ImportReport
        do {
            report = try store.importFeed(from: url, maxReportedWarnings: maxWarnings)
        } catch {
            FileHandle.standardError.write(Data("flick import: error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data("imported \(report.appended + report.updated) posts (\(report.skipped) skipped)\n".utf8))
        printWarnings(report.warnings.map(\.description), omitted: report.omittedWarnings)
    }

    private func summarize(_ report: PageImportReport) {
        FileHandle.standardOutput.write(Data("imported \(report.imported) posts (\(report.skipped) skipped)\n".utf8))
        printWarnings(report.warnings.map(\.description), omitted: report.omittedWarnings)
    }

    private func printWarnings(_ warnings: [String], omitted: Int) {
        let shown = warnings.prefix(maxWarnings)
        for warning in shown { warn(FeedWarning.escaped(warning)) }
        let more = warnings.count - shown.count + omitted
        if more > 0 { warn("… and \(more) more") }
    }

    private func warn(_ text: String) {
        FileHandle.standardError.write(Data("flick import: \(text)\n".utf8))
    }
}
