import FlickTimeline
import Foundation
import PostgresNIO

extension PostgresFeedStore {
    /// Imports the feed file at `url` as `FeedStore.importFeed(from:)` does: new posts are
    /// appended in feed order, posts already stored are updated in place, posts that break a
    /// rule or repeat an id of the feed are skipped with a warning (the first
    /// `maxReportedWarnings` kept in the report).
    ///
    /// All or nothing: one transaction, streamed from the file in batches of `batchSize`
    /// posts, so memory stays at one batch whatever the file's size; an invalid feed (JSON
    /// error at its last byte) leaves the database as it was. Servers over the database are
    /// notified once, at commit. Blocks the calling thread (an import command's).
    public func importFeed(
        from url: URL, reading: FeedReader.Configuration = .default, maxReportedWarnings: Int = 100
    ) throws(Error) -> ImportReport {
        var report = ImportReport()
        func warn(_ warning: FeedWarning) {
            if report.warnings.count < maxReportedWarnings { report.warnings.append(warning) } else { report.omittedWarnings += 1 }
        }
        try transaction("importing \(url.path)") { connection, operation throws(Error) in
            var reader: FeedReader
            do {
                reader = try FeedReader(contentsOf: url, configuration: reading)
            } catch {
                throw .feed(path: url.path, reason: String(describing: error))
            }
            var seen: Set<String> = []
            var batch: [Post] = []
            func flush() throws(Error) {
                let written = try storeBatch(batch, on: connection, operation)
                report.appended += written.appended
                report.updated += written.updated
                batch.removeAll(keepingCapacity: true)
            }
            while true {
                let item: FeedReader.Item?
                do {
                    item = try reader.nextItem()
                } catch {
                    throw .feed(path: url.path, reason: String(describing: error))
                }
                guard let item else { break }
                switch item {
                case .post(let index, let post):
                    guard seen.insert(post.id).inserted else {
                        report.skipped += 1
                        let shown = FeedWarning.escaped(String(post.id.prefix(48)))
                        warn(FeedWarning(postIndex: index, reason: "duplicate \"id\" \"\(shown)\"; skipped"))
                        continue
                    }
                    batch.append(post)
                    if batch.count >= Self.batchSize { try flush() }
                case .skipped(let warning):
                    if warning.postIndex != nil { report.skipped += 1 }
                    warn(warning)
                case .repaired(let warning):
                    report.repaired += 1
                    warn(warning)
                }
            }
            if !batch.isEmpty { try flush() }
            report.next = reader.next
        }
        return report
    }
}
