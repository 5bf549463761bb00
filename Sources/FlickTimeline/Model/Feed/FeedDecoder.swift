import Foundation

/// Decodes a whole feed into memory with validation (FEED-FORMAT.md "Bad input"): invalid
/// JSON or a missing `posts` throws; each post that breaks a rule, including a repeated id,
/// is skipped with a `FeedWarning` and the rest loads; a post loaded after a repair (a lone
/// surrogate replaced, a name cut to its cap) comes with a `.repaired` warning. At most
/// `Configuration.maxKeptWarnings` warnings are kept; the rest are counted.
///
/// Synchronous on the calling thread; a worker's job for anything but small pages. For files
/// too large to hold decoded, iterate a `FeedReader` or use `FeedStore.importFeed(from:)`.
///
/// ```swift
/// let feed = try FeedDecoder().decode(data)
/// feed.warnings.forEach { print($0) }  // post 3: "created_at" is not an ISO 8601 date with zone: "yesterday"
/// ```
public struct FeedDecoder: Sendable {
    public var configuration: FeedReader.Configuration

    public init(configuration: FeedReader.Configuration = .default) {
        self.configuration = configuration
    }

    /// Decodes a feed held in memory.
    public func decode(_ data: Data) throws(Error) -> Feed {
        var reader = FeedReader(data: data, configuration: configuration)
        return try collect(&reader)
    }

    /// Decodes the feed file at `url`, reading it in chunks.
    public func decode(contentsOf url: URL) throws(Error) -> Feed {
        var reader = try FeedReader(contentsOf: url, configuration: configuration)
        return try collect(&reader)
    }

    private func collect(_ reader: inout FeedReader) throws(Error) -> Feed {
        var feed = Feed(posts: [])
        var firstIndexOfID: [String: Int] = [:]
        func warn(_ warning: FeedWarning) {
            if feed.warnings.count < configuration.maxKeptWarnings {
                feed.warnings.append(warning)
            } else {
                feed.omittedWarnings += 1
            }
        }
        while let item = try reader.nextItem() {
            switch item {
            case .skipped(let warning), .repaired(let warning):
                warn(warning)
            case .post(let index, let post):
                if let first = firstIndexOfID[post.id] {
                    warn(FeedWarning(postIndex: index, reason: Self.duplicateReason(post.id, firstIndex: first)))
                } else {
                    firstIndexOfID[post.id] = index
                    feed.posts.append(post)
                }
            }
        }
        feed.next = reader.next
        return feed
    }

    /// The warning text for a repeated id; `firstIndex` is the earlier post's index when known.
    static func duplicateReason(_ id: String, firstIndex: Int?) -> String {
        let shown = PostValidator.Render.value(.string(id))
        return firstIndex.map { "duplicate \"id\" \(shown), first used by post \($0)" } ?? "duplicate \"id\" \(shown)"
    }
}
