import AsyncHTTPClient
import FlickCore
import Foundation
import NIOCore
import NIOHTTP1

/// The streaming response delegate of one hop of a transfer: takes the head, then each body
/// part as it arrives (already inflated by the client's bounded decompressor), into a
/// `BoundedBody`, and stops the request at the cap by failing the part's future (the client
/// then cancels the request and closes its connection). Nothing accumulates a whole body
/// before it is checked.
///
/// Called on the request's event loop; the state is in a `LockedBox` so the transport can
/// read what arrived (for a truncated body's count) from the completion, on the same loop.
final class BoundedResponseDelegate: HTTPClientResponseDelegate, Sendable {
    typealias Response = HTTPResponse

    /// Thrown into the client when an error body has all it keeps: the transport turns it
    /// back into the response read so far.
    struct Enough: Error {}

    struct State: Sendable {
        var head: HTTPResponseHead?
        var body: BoundedBody?
        /// Content-Length when the body is sent as is (not content-encoded).
        var announced: Int?
        /// The first limit this delegate broke (the client may report it as a cancellation).
        var failure: HTTPTransportError?
    }

    let url: URL
    private let limit: Int
    private let errorLimit: Int
    let state = LockedBox(State())

    init(url: URL, limit: Int, errorLimit: Int) {
        self.url = url
        self.limit = limit
        self.errorLimit = errorLimit
    }

    func didReceiveHead(task: HTTPClient.Task<HTTPResponse>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let announced = Self.announcedLength(head.headers)
        let status = Int(head.status.code)
        do throws(HTTPTransportError) {
            let body = try BoundedBody(status: status, announced: announced, limit: limit, errorLimit: errorLimit)
            state.withLock {
                $0.head = head
                $0.announced = announced
                $0.body = body
            }
            if !body.isSuccess, body.cap == 0 { return task.eventLoop.makeFailedFuture(Enough()) }
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            state.withLock {
                $0.head = head
                $0.failure = error
            }
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<HTTPResponse>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let outcome = state.withLock { state -> Result<BoundedBody.Verdict, HTTPTransportError> in
            guard var body = state.body else { return .success(.more) }
            state.body = nil  // unique while appending: no copy of the buffer
            defer { state.body = body }
            do throws(HTTPTransportError) {
                return .success(try body.append(buffer))
            } catch {
                state.failure = state.failure ?? error
                return .failure(error)
            }
        }
        switch outcome {
        case .success(.more): return task.eventLoop.makeSucceededVoidFuture()
        case .success(.enough): return task.eventLoop.makeFailedFuture(Enough())
        case .failure(let error): return task.eventLoop.makeFailedFuture(error)
        }
    }

    func didFinishRequest(task: HTTPClient.Task<HTTPResponse>) throws -> HTTPResponse {
        try response()
    }

    /// The response received so far: the whole one at the end, or an error body cut at its cap.
    func response() throws -> HTTPResponse {
        let (head, body) = state.withLock { ($0.head, $0.body) }
        guard let head else { throw HTTPTransportError.connection("no HTTP response") }
        return HTTPResponse(url: url, status: Int(head.status.code), headers: head.headers, body: body?.buffer ?? ByteBuffer())
    }

    /// The body length to hold the received bytes against: Content-Length when the body is
    /// sent as is; nil when it is content-encoded (the delegate sees the inflated bytes while
    /// Content-Length counts the encoded ones) or absent.
    static func announcedLength(_ headers: HTTPHeaders) -> Int? {
        if let encoding = headers.first(name: "Content-Encoding")?.trimmingCharacters(in: .whitespaces),
            !encoding.isEmpty, encoding.lowercased() != "identity"
        {
            return nil
        }
        return headers.first(name: "Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
