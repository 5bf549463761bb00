import FlickCore
import FlickTimeline
import Foundation
import Hummingbird
import ServiceLifecycle

/// Answers every request of a `FeedServer`: `GET /timeline` pages, `GET /timeline/stream`
/// (the live stream), `GET /images/…` files, 404 for anything else, 405 for methods other
/// than GET and HEAD, with the drills applied. Runs on Hummingbird's request tasks (any
/// thread, many at once); its state is immutable or behind locks.
struct FeedResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let configuration: FeedServer.Configuration
    let timeline: LiveTimeline
    let images: ImageFiles
    /// Encoded pages by query and timeline version.
    let pages: PageCache
    /// `http://host:port`, known once the server is bound (before any request arrives).
    let base: LockedBox<String>
    /// `/timeline` requests counted while a fail rate is set, for its draw (no lock otherwise).
    let requestCounter = LockedBox<UInt64>(0)
    /// `Cache-Control` of pages, made once.
    let pageCacheControl: String

    init(configuration: FeedServer.Configuration, timeline: LiveTimeline, images: ImageFiles, base: LockedBox<String>) {
        self.configuration = configuration
        self.timeline = timeline
        self.images = images
        self.base = base
        pages = PageCache(gzipMinimumBytes: configuration.gzipMinimumBytes)
        pageCacheControl = "public, max-age=\(max(0, configuration.pageMaxAge))"
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let drills = configuration.drills
        if drills.latency > .zero { try await Task.sleep(for: drills.latency) }
        let path = request.uri.path
        guard request.method == .get || request.method == .head else {
            var response = Self.error(.methodNotAllowed, "only GET and HEAD are served")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        if path == "/timeline" {
            do {
                return try timelineResponse(request)
            } catch let unavailable as FeedStoreUnavailable {
                return Self.unavailable(unavailable)
            }
        }
        if path == "/search" {
            return try searchResponse(request)
        }
        if path == "/timeline/stream" {
            return streamResponse(request)
        }
        if path.hasPrefix("/images/") {
            return imageResponse(request, path: path.dropFirst("/images/".count))
        }
        return Self.error(.notFound, "nothing at this path; try /timeline")
    }

    // MARK: /images

    /// An image file, never compressed (JPEG, PNG and WebP are compressed already).
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

    /// Seconds a client is asked to wait (`Retry-After`) when the store cannot be reached.
    /// 1: the server tries the store again on every request, so it answers again as soon as
    /// the database is back; a longer wait only delays a client's recovery.
    static let storeRetryAfterSeconds = 1

    /// 503 for a store that cannot be reached now, naming it and why; never cached.
    static func unavailable(_ unavailable: FeedStoreUnavailable) -> Response {
        var response = error(.serviceUnavailable, unavailable.description)
        response.headers[.retryAfter] = String(storeRetryAfterSeconds)
        return response
    }

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
