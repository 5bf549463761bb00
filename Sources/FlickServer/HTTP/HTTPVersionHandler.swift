import NIOCore
import NIOHTTP1

/// Speaks each client's HTTP version, between SwiftNIO's HTTP/1 codec and Hummingbird (which
/// sees version-less `HTTPRequest`s and answers `HTTP/1.1` always):
/// - an HTTP/1.0 request is answered `HTTP/1.0`, and the connection closes after the response
///   unless the request asked for keep-alive (then the response says `Connection: keep-alive`);
/// - an HTTP/1.1 request with `Connection: close` (any case) closes after its response;
/// - a response with no length on HTTP/1.0 ends by closing the connection (its only framing);
/// - a head the decoder refuses is answered 400, 414 or 431 and the connection closed.
///
/// Why: Hummingbird keeps every connection open unless the request says exactly
/// `Connection: close`, and HTTP/1.0 clients (ApacheBench, old proxies) wait for the close
/// that ends their response — they hung. Event-loop bound, like every channel handler.
final class HTTPVersionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What a request asked for, kept until its response ends (requests may be pipelined).
    private struct Exchange {
        var version: HTTPVersion
        var keepAlive: Bool
    }

    private let connectionGuard: ConnectionGuard
    /// `Connections.maxRequestLineBytes`: a refused head with a longer request line is a 414.
    private let maxRequestLineBytes: Int
    private var exchanges = CircularBuffer<Exchange>(initialCapacity: 2)
    /// Whether the response being written closes the connection when it ends.
    private var closeAfterResponse = false
    private var closed = false

    init(connectionGuard: ConnectionGuard, maxRequestLineBytes: Int) {
        self.connectionGuard = connectionGuard
        self.maxRequestLineBytes = maxRequestLineBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !closed else {
            return closed ? () : context.fireChannelRead(data)
        }
        let keepAlive = head.isKeepAlive
        exchanges.append(Exchange(version: head.version, keepAlive: keepAlive))
        connectionGuard.headParsed()
        if !keepAlive {
            // Hummingbird ends a connection's request loop only on exactly this value.
            head.headers.replaceOrAdd(name: "connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let exchange = exchanges.first ?? Exchange(version: .http1_1, keepAlive: true)
            let isOneZero = exchange.version.major == 1 && exchange.version.minor == 0
            head.version = isOneZero ? .http1_0 : .http1_1
            let hasBody = !(head.status == .notModified || head.status == .noContent || head.status.code < 200)
            let framed = !hasBody || head.headers.contains(name: "content-length")
            var keepAlive = exchange.keepAlive && !head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
            if isOneZero && !framed { keepAlive = false }  // no chunked in 1.0: the close ends the body
            closeAfterResponse = !keepAlive
            if !keepAlive {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if isOneZero {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !exchanges.isEmpty { exchanges.removeFirst() }
            connectionGuard.responseEnded(context: context)
            guard closeAfterResponse else { return context.write(data, promise: promise) }
            closed = true
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let parserError = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        guard !closed else { return }
        closed = true
        // A response under way (pipelined requests) cannot be followed by another: close.
        guard exchanges.isEmpty else { return context.close(promise: nil) }
        let (status, message) = Self.answer(to: parserError, inRequestLine: connectionGuard.requestLineExceeds(maxRequestLineBytes))
        let body = context.channel.allocator.buffer(string: "{\"error\":\"\(message)\"}\n")
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "cache-control", value: "no-store")
        headers.add(name: "connection", value: "close")
        headers.add(name: "content-length", value: String(body.readableBytes))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }

    /// The status and message for a head the decoder refused. Pure.
    static func answer(to error: HTTPParserError, inRequestLine: Bool) -> (HTTPResponseStatus, String) {
        switch error {
        case .headerOverflow where inRequestLine: (.uriTooLong, "the request line is too long")
        case .headerOverflow: (.requestHeaderFieldsTooLarge, "the request header fields are too large or too many")
        case .invalidURL: (.badRequest, "the request target is not a valid URL")
        case .invalidVersion: (.badRequest, "unsupported HTTP version")
        case .invalidMethod: (.badRequest, "the request method is not valid")
        default: (.badRequest, "the request is not valid HTTP/1.1")
        }
    }
}
