import FlickCore
import FlickTimeline
import Foundation
import Hummingbird

extension FeedResponder {
    /// `GET /timeline`: the page from the cache when the timeline has not changed since it
    /// was encoded, else cut, encoded, compressed and cached; with `ETag` (`If-None-Match`
    /// gives 304), `Cache-Control`, and gzip when accepted. Runs on the request's task.
    func timelineResponse(_ request: Request) throws -> Response {
        let drills = configuration.drills
        if drills.failRate > 0 {
            let sequence = requestCounter.withLock { counter -> UInt64 in
                defer { counter += 1 }
                return counter
            }
            var random = SplitMix64(seed: drills.failSeed ^ (sequence &* 0x9E37_79B9_7F4A_7C15))
            if random.unit() < drills.failRate {
                return Self.error(.internalServerError, "drill: request \(sequence) failed (fail rate \(drills.failRate))")
            }
        }
        let query: TimelineQuery
        do {
            let parameters = request.uri.queryParameters.map { (key: String($0.key), value: String($0.value)) }
            query = try TimelineQuery.parse(parameters, defaultLimit: configuration.clampedPageSize)
        } catch {
            return Self.error(.badRequest, error.message)
        }
        if !drills.pageFaults.isEmpty { return try faultyTimelineResponse(query) }

        let key = PageCache.Key(query: query, version: try timeline.version())
        let entry: PageCache.Entry
        if let cached = pages.entry(for: key) {
            entry = cached
        } else {
            let snapshot = try timeline.snapshot()
            let page: TimelinePager.Page
            do {
                page = try TimelinePager(base: base.value, faults: []).page(query, in: snapshot)
            } catch let invalid as TimelineQuery.Invalid {
                return Self.error(.badRequest, invalid.message)
            }
            // Cached under the version the page was cut from (a change in between makes the
            // next request miss, never serve a stale page under a newer version).
            entry = pages.store(encode(page), for: PageCache.Key(query: query, version: snapshot.version))
        }
        return pageResponse(entry, request: request)
    }

    /// The JSON of `page`, image URLs made absolute.
    func encode(_ page: TimelinePager.Page) -> [UInt8] {
        let rewriter = ImageURLRewriter(root: URL(string: base.value + "/")!)
        return [UInt8](
            FeedEncoder().encodePage(
                posts: page.posts.map(rewriter.rewrite), next: page.next, newer: page.newer, deleted: page.deleted))
    }

    private func pageResponse(_ entry: PageCache.Entry, request: Request) -> Response {
        var headers = HTTPFields()
        headers.reserveCapacity(8)
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = pageCacheControl
        headers[.vary] = "Accept-Encoding"
        var body = entry.body
        var etag = entry.etag
        if let gzipped = entry.gzipped, ContentNegotiation.acceptsGzip(request.headers[.acceptEncoding]) {
            headers[.contentEncoding] = "gzip"
            body = gzipped
            etag = entry.gzipETag
        }
        headers[.eTag] = etag
        if let condition = request.headers[.ifNoneMatch], entry.matches(ifNoneMatch: condition) {
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(body.readableBytes)
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A page with drills' faults: never cached, never compressed (the faults are about the
    /// bytes on the wire).
    private func faultyTimelineResponse(_ query: TimelineQuery) throws -> Response {
        let pager = TimelinePager(base: base.value, faults: configuration.drills.pageFaults)
        let page: TimelinePager.Page
        do {
            page = try pager.page(query, in: try timeline.snapshot())
        } catch let invalid as TimelineQuery.Invalid {
            return Self.error(.badRequest, invalid.message)
        }
        let body = encode(page)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        if page.bodyFaults.contains(.truncatedBody) {
            // The full length is announced, half is sent, then the connection closes.
            let half = ByteBuffer(bytes: body.prefix(body.count / 2))
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(contentLength: body.count) { writer in
                    try await writer.write(half)
                    throw DrillAbort.truncatedBody
                })
        }
        if page.bodyFaults.contains(.invalidJSON) {
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body.prefix(body.count / 2))))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
