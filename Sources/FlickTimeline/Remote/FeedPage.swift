import FlickCore
import Foundation

/// One page of a remote feed, parsed and validated: what `FeedPageFetcher.fetch(_:)` hands
/// back. An immutable value, so it crosses from the fetching task to any thread (the
/// client's main thread, an import loop) without copying or locking.
public struct FeedPage: Sendable, Hashable {
    /// The page's own URL (after redirects): what `next` and `newer` were resolved against.
    public let url: URL
    /// The posts that passed validation, in page order (a served timeline: newest first).
    /// Ids are unique within the page; a repeated id is skipped with a warning.
    public let posts: [Post]
    /// Skipped and repaired posts (named by their index in the page's `posts`) and ignored
    /// top-level members, in page order.
    public let warnings: [FeedWarning]
    /// The next (older) page, resolved against `url`; nil at the end of the feed.
    public let next: URL?
    /// Where to ask for posts newer than this page, resolved against `url`; nil when the
    /// page does not say.
    public let newer: URL?
    /// Bytes of the body.
    public let byteCount: Int
    /// Ids of posts the server deleted (its `deleted` member): a client drops them.
    public let deleted: [String]

    public init(url: URL, posts: [Post], warnings: [FeedWarning], next: URL?, newer: URL?, byteCount: Int, deleted: [String] = []) {
        self.url = url
        self.posts = posts
        self.warnings = warnings
        self.next = next
        self.newer = newer
        self.byteCount = byteCount
        self.deleted = deleted
    }
}

extension FeedPage {
    /// Parses a page body with `FeedReader` (validation as FEED-FORMAT.md says: a bad post is
    /// a warning, a bad document an error) and resolves its links against `url`. A link that
    /// is not a URL, or not `http`, `https` or `file`, is dropped with a warning.
    ///
    /// Synchronous on the calling thread (a fetch task; a 200-post page parses in about a
    /// millisecond in release builds).
    public static func parse(
        _ data: Data, url: URL, configuration: FeedReader.Configuration = .default
    ) throws(FeedDecoder.Error) -> FeedPage {
        var reader = FeedReader(data: data, configuration: configuration)
        var posts: [Post] = []
        var warnings: [FeedWarning] = []
        var firstIndexOfID: [String: Int] = [:]
        while let item = try reader.nextItem() {
            switch item {
            case .skipped(let warning), .repaired(let warning):
                warnings.append(warning)
            case .post(let index, let post):
                if let first = firstIndexOfID[post.id] {
                    warnings.append(
                        FeedWarning(postIndex: index, reason: FeedDecoder.duplicateReason(post.id, firstIndex: first)))
                } else {
                    firstIndexOfID[post.id] = index
                    posts.append(post)
                }
            }
        }
        let next = link(reader.next, named: "next", base: url, warnings: &warnings)
        let newer = link(reader.newer, named: "newer", base: url, warnings: &warnings)
        return FeedPage(
            url: url, posts: posts, warnings: warnings, next: next, newer: newer, byteCount: data.count, deleted: reader.deleted)
    }

    /// Schemes a page link may use.
    static let linkSchemes: Set<String> = ["http", "https", "file"]

    private static func link(_ text: String?, named name: String, base: URL, warnings: inout [FeedWarning]) -> URL? {
        guard let text, !text.isEmpty else { return nil }
        guard let resolved = URL(string: text, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), linkSchemes.contains(scheme)
        else {
            let shown = FeedWarning.escaped(String(text.prefix(80)))
            warnings.append(FeedWarning(postIndex: nil, reason: "\"\(name)\" is not an http(s) or file URL: \"\(shown)\"; ignored"))
            return nil
        }
        return resolved
    }
}

extension FeedWarning {
    /// `text` safe to print on a terminal: control characters (C0, DEL, C1, which could
    /// move the cursor or retitle the window) and bidirectional overrides become `\u{…}`
    /// escapes, everything else stays (`PrintableText.escaped`).
    public static func escaped(_ text: String) -> String {
        PrintableText.escaped(text)
    }
}
