import FlickCore
import FlickTimeline
import Foundation
import Hummingbird

extension FeedResponder {
    /// `GET /search?q=…`: the posts containing `q` (literal, case-insensitive; see
    /// `SearchQuery`), newest first, as a feed page with the paging of `/timeline`: `limit`
    /// (default and range of `/timeline`), `before=<id>` continues after a post, and `next`
    /// links the following page (`/search?q=…&before=…&limit=…`), absent after the last.
    ///
    /// Posts made while serving are searched first (in memory), then the store through its
    /// find index (`FeedStore.search`; rows it has not indexed are scanned); posts deleted while
    /// serving are left out, edited ones shown as edited. A query of any content answers 200
    /// (no match is an empty page); only a bad `limit`/`before` or a repeated parameter is 400.
    /// Never cached (no ETag). Runs on the request's task: the store read is a few ms.
    func searchResponse(_ request: Request) throws -> Response {
        let parameters = request.uri.queryParameters.map { (key: String($0.key), value: String($0.value)) }
        let texts = parameters.filter { $0.key == "q" }
        guard texts.count <= 1 else { return Self.error(.badRequest, "\"q\" is given more than once") }
        let paging: TimelineQuery
        do {
            paging = try TimelineQuery.parse(parameters, defaultLimit: configuration.clampedPageSize)
        } catch {
            return Self.error(.badRequest, error.message)
        }
        let query = SearchQuery(texts.first?.value ?? "")
        let snapshot = try timeline.snapshot()
        // The find index lives in the SQLite store; a PostgreSQL store has none yet.
        guard let store = snapshot.store as? FeedStore else {
            return Self.error(.notImplemented, "/search needs the SQLite store (--db PATH); this server reads a PostgreSQL database")
        }
        var anchor: String?
        switch paging.anchor {
        case .newest: anchor = nil
        case .before(let id): anchor = id
        case .since: return Self.error(.badRequest, "/search pages with \"before\" only")
        }
        var posts: [Post] = []
        // Live posts, newest first; past the anchor when it is one of them.
        var liveAnchorPassed = anchor == nil
        var storeAfter: Int?
        if let anchor, snapshot.liveIndex[anchor] == nil {
            guard let row = try store.rowIndex(ofPostID: anchor) else {
                return Self.error(.badRequest, "no post with id \"\(TimelineQuery.shown(anchor))\" (\"before\")")
            }
            storeAfter = try store.positions().lowerBound + row
        }
        if storeAfter == nil {
            for post in snapshot.live.reversed() where posts.count < paging.limit {
                let shown = snapshot.edited[post.id] ?? post
                if !liveAnchorPassed {
                    liveAnchorPassed = post.id == anchor
                    continue
                }
                if !snapshot.deleted.contains(post.id), matches(query, shown) { posts.append(shown) }
            }
        }
        var after = storeAfter
        while posts.count < paging.limit, !query.isEmpty {
            let page = try store.search(query, after: after, limit: paging.limit - posts.count)
            for match in page.matches where !snapshot.deleted.contains(match.id) {
                let stored = try store.post(id: match.id)
                if let post = stored.map({ snapshot.edited[$0.id] ?? $0 }) { posts.append(post) }
            }
            guard let next = page.next else { break }
            after = next
        }
        // A full page links the next one (which may come back empty, as a last `/timeline`
        // page's would not: finding out costs a search of the rest).
        let more = posts.count >= paging.limit
        let base = self.base.value
        let next = more ? posts.last.map { link(base, query.text, $0.id, paging.limit) } : nil
        let body = encode(TimelinePager.Page(posts: posts, next: next, newer: nil, bodyFaults: []))
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = String(body.count)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Whether `post` shows `query` where the store's index looks: author, text, retweeted text.
    private func matches(_ query: SearchQuery, _ post: Post) -> Bool {
        query.matches(post.user.name) || query.matches(post.text) || (post.retweeted.map { query.matches($0.text) } ?? false)
    }

    /// `base/search?q=<text>&before=<id>&limit=<limit>`, values percent-encoded.
    private func link(_ base: String, _ text: String, _ id: String, _ limit: Int) -> String {
        "\(base)/search?q=\(TimelinePager.encoded(text))&before=\(TimelinePager.encoded(id))&limit=\(limit)"
    }
}
