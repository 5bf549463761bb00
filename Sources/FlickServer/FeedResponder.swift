import FlickCore
import FlickTimeline
import Foundation
import Hummingbird
import ServiceLifecycle

/// Answers every request of a `FeedServer`: `GET /timeline` pages, `GET /images/…` files,
/// 404 for anything else, with the drills applied. Runs on Hummingbird's request tasks
/// (any thread, many at once); its state is immutable or behind locks.
struct FeedResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let configuration: FeedServer.Configuration
    let timeline: LiveTimeline
    let images: ImageFiles
    /// `http://host:port`, known once the server is bound (before any request arrives).
    let base: LockedBox<String>
    /// `/timeline` requests answered so far, for the fail-rate draw.
    let requestCounter = LockedBox<UInt64>(0)

    func respond(to request: Request, context: Context) async throws -> Response {
        let drills = configuration.drills
        if drills.latency > .zero { try await Task.sleep(for: drills.latency) }
        let path = request.uri.path
        guard request.method == .get || request.method == .head else {
            return Self.error(.methodNotAllowed, "only GET is served")
        }
        if path == "/timeline" {
            return try timelineResponse(request)
        }
        if path.hasPrefix("/images/") {
            return imageResponse(request, path: path.dropFirst("/images/".count))
        }
        return Self.error(.notFound, "nothing at this path; try /timeline")
    }

    // MARK: /timeline

    private func timelineResponse(_ request: Request) throws -> Response {
        let drills = configuration.drills
        let sequence = requestCounter.withLock { counter -> UInt64 in
            defer { counter += 1 }
            return counter
        }
        if drills.failRate > 0 {
            var random = SplitMix64(seed: drills.failSeed ^ (sequence &* 0x9E37_79B9_7F4A_7C15))
            if random.unit() < drills.failRate {
                return Self.error(.internalServerError, "drill: request \(sequence) failed (fail rate \(drills.failRate))")
            }
        }
        let parameters = request.uri.queryParameters.map { (key: String($0.key), value: String($0.value)) }
        let pager = TimelinePager(base: base.value, faults: drills.pageFaults)
        let page: TimelinePager.Page
        do {
            let query = try TimelineQuery.parse(parameters, defaultLimit: configuration.clampedPageSize)
            page = try pager.page(query, in: try timeline.snapshot())
        } catch let invalid as TimelineQuery.Invalid {
            return Self.error(.badRequest, invalid.message)
        }
        let rewriter = ImageURLRewriter(root: URL(string: base.value + "/")!)
        let body = FeedEncoder().encodePage(
            posts: page.posts.map(rewriter.rewrite), next: page.next, newer: page.newer, deleted: page.deleted)
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

    // MARK: /images

    private func imageResponse(_ request: Request, path: Substring) -> Response {
        guard let file = images.file(at: path) else {
            return Self.error(.notFound, "no such image")
        }
        var headers = HTTPFields()
        headers[.eTag] = file.etag
        headers[.cacheControl] = "public, max-age=\(configuration.imageMaxAge)"
        if let condition = request.headers[.ifNoneMatch], ImageFiles.matches(ifNoneMatch: condition, etag: file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        if request.method == .head {
            headers[.contentLength] = String(file.data.count)
            return Response(status: .ok, headers: headers)
        }
        if let stall = configuration.drills.imageStall {
            let half = ByteBuffer(bytes: file.data.prefix(file.data.count / 2))
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(contentLength: file.data.count) { writer in
                    try await writer.write(half)
                    // The stall ends early when the server shuts down (gracefully, see
                    // `FeedServer.stop`); either way the connection is cut without the rest.
                    try? await cancelWhenGracefulShutdown { try await Task.sleep(for: stall.duration) }
                    throw DrillAbort.imageStall
                })
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
    }

    // MARK: Errors

    /// `{"error": message}` with `status`.
    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = "{\"error\":" + FeedEncoder.quoted(message) + "}\n"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Thrown inside a response body to cut the connection, as the drills require.
enum DrillAbort: Error {
    case truncatedBody
    case imageStall
}
