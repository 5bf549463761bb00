import FlickTimeline
import Foundation

/// Cuts one page out of a timeline snapshot for a query, with its `next` and `newer` links,
/// and applies the page faults that select it. Pure apart from reading the store; runs on
/// the request's task.
struct TimelinePager: Sendable {
    /// A page ready to encode, and the faults its body must show.
    struct Page: Sendable {
        var posts: [Post]
        /// Absolute URL of the next older page; nil at the end of the timeline.
        var next: String?
        /// Absolute URL asking for posts newer than this page.
        var newer: String?
        /// Faults of the body (truncation, invalid JSON) selected for this page.
        var bodyFaults: [FeedServer.PageFault.Kind]
        /// Ids deleted while serving, told with every page so clients drop them.
        var deleted: [String] = []
    }

    /// Deleted ids told per page at most (a client that missed more reads them in later pages
    /// or never shows them: they are no longer served).
    static let maxDeletedPerPage = 1_000

    /// `http://host:port`, no trailing slash.
    let base: String
    let faults: [FeedServer.PageFault]

    /// The page for `query`; throws `TimelineQuery.Invalid` for an unknown `before`/`since`.
    func page(_ query: TimelineQuery, in timeline: LiveTimeline.Snapshot) throws -> Page {
        let limit = query.limit
        var start: Int
        let end: Int
        var anchorIndex: Int?
        switch query.anchor {
        case .newest:
            start = 0
            end = min(limit, timeline.count)
        case .before(let id):
            guard let index = try timeline.index(of: id) else { throw unknown("before", id) }
            anchorIndex = index
            start = index + 1
            end = min(start + limit, timeline.count)
        case .since(let id):
            guard let index = try timeline.index(of: id) else { throw unknown("since", id) }
            anchorIndex = index
            start = max(0, index - limit)
            end = index
        }
        let selected = faults.filter { $0.applies(start: start, limit: limit) }.map(\.kind)
        var shiftedEnd = end
        if case .before = query.anchor {
            for case .repeatedPosts(let count) in selected {
                let shift = min(max(0, count), limit - 1, start)
                start -= shift
                shiftedEnd = min(start + limit, timeline.count)
            }
        }
        let posts = try timeline.posts(in: start..<max(start, shiftedEnd))
        // `next` continues after the oldest post shown (or after the anchor when none is).
        // Deleted posts leave gaps in a page: the last index shown is the last post's own.
        let lastIndex = try posts.last.flatMap { try timeline.index(of: $0.id) } ?? anchorIndex
        var next: String?
        if let lastIndex, lastIndex + 1 < timeline.count {
            let lastID = try timeline.posts(in: lastIndex..<(lastIndex + 1)).first?.id
            next = lastID.map { link("before", $0, limit) }
        }
        if selected.contains(.loopingNext), next != nil, timeline.count > limit,
            let secondPageAnchor = try timeline.posts(in: (limit - 1)..<limit).first
        {
            next = link("before", secondPageAnchor.id, limit)
        }
        let newer: String?
        if let newest = posts.first {
            newer = link("since", newest.id, limit)
        } else if case .since(let id) = query.anchor {
            newer = link("since", id, limit)
        } else if case .before(let id) = query.anchor {
            newer = link("since", id, limit)
        } else {
            newer = nil
        }
        let bodyFaults = selected.filter { $0 == .truncatedBody || $0 == .invalidJSON }
        return Page(
            posts: posts, next: next, newer: newer, bodyFaults: bodyFaults,
            deleted: Array(timeline.deleted.sorted().prefix(Self.maxDeletedPerPage)))
    }

    private func unknown(_ parameter: String, _ id: String) -> TimelineQuery.Invalid {
        TimelineQuery.Invalid(message: "no post with id \"\(TimelineQuery.shown(id))\" (\"\(parameter)\")")
    }

    /// `base/timeline?<parameter>=<id>&limit=<limit>`, the id percent-encoded.
    func link(_ parameter: String, _ id: String, _ limit: Int) -> String {
        "\(base)/timeline?\(parameter)=\(Self.encoded(id))&limit=\(limit)"
    }

    /// Characters left as they are in a query value (RFC 3986 unreserved).
    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }
}
