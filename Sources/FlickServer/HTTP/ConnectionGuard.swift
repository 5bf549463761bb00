import NIOCore

/// First handler of every connection, on the raw bytes: enforces the idle and read timeouts,
/// answers a connection over the cap with 503, and tells which limit a head the decoder
/// refused broke (414 for the request line, 431 for the header fields).
///
/// Event-loop bound, like every channel handler: all its state is touched on the
/// connection's event loop only. Timers are lazy (one scheduled task at a time, re-armed
/// when it fires early), so a request costs two clock reads, not a timer.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Whether the connection is served, or only answered 503 (over the connection cap).
    enum Admission {
        case served
        case overCapacity
    }

    private let admission: Admission
    private let idleTimeout: TimeAmount
    private let readTimeout: TimeAmount
    private let maxHeadBytes: Int

    /// Request heads the decoder made, and responses ended; more heads = a response under way.
    private var headsParsed = 0
    private var responsesEnded = 0
    /// When the first byte not yet part of a parsed head arrived (a head under way), or nil.
    private var headStarted: NIODeadline?
    /// Bytes of the current head's request line so far, and whether it is still arriving.
    private var requestLineBytes = 0
    private var readingRequestLine = true
    private var lastActivity = NIODeadline.now()
    private var connected = NIODeadline.now()
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var finished = false
    /// Over the cap: bytes of the request head seen so far (to answer once it is complete).
    private var overCapacityBytes = 0
    private var overCapacityTail: [UInt8] = []

    init(admission: Admission, idleTimeout: TimeAmount, readTimeout: TimeAmount, maxHeadBytes: Int) {
        self.admission = admission
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.maxHeadBytes = maxHeadBytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        lastActivity = .now()
        connected = lastActivity
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        finished = true
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        let now = NIODeadline.now()
        lastActivity = now
        if headStarted == nil { headStarted = now }
        if readingRequestLine {
            if let lineEnd = bytes.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                requestLineBytes += lineEnd - bytes.readerIndex
                readingRequestLine = false
            } else {
                requestLineBytes += bytes.readableBytes
            }
        }
        switch admission {
        case .served:
            context.fireChannelRead(data)
        case .overCapacity:
            // Nothing reaches the decoder: the head is only looked through for its end, so the
            // 503 is sent once the client has finished asking (a response sent before the
            // request is read can be lost to a reset when the socket closes).
            overCapacityBytes += bytes.readableBytes
            let seen = overCapacityTail + bytes.readableBytesView
            overCapacityTail = Array(seen.suffix(3))
            let ended = seen.firstRange(of: [13, 10, 13, 10]) != nil || seen.firstRange(of: [10, 10]) != nil
            if ended || overCapacityBytes > maxHeadBytes {
                answer(context, CannedResponse.serviceUnavailable)
            }
        }
        arm(context)
    }

    /// A request head was decoded (called by `HTTPVersionHandler`, same event loop).
    func headParsed() {
        headsParsed += 1
        headStarted = nil
        readingRequestLine = true
        requestLineBytes = 0
    }

    /// Whether the head the decoder refused has a request line over `limit` bytes (414)
    /// rather than too many or too large header fields (431).
    func requestLineExceeds(_ limit: Int) -> Bool {
        requestLineBytes > limit
    }

    /// A response ended (called by `HTTPVersionHandler`, same event loop).
    func responseEnded(context: ChannelHandlerContext) {
        responsesEnded += 1
        lastActivity = .now()
        arm(context)
    }

    /// When the connection is to be cut if nothing changes; nil while a response is under way
    /// (a live stream may rightly send for hours).
    private var deadline: NIODeadline? {
        if finished || headsParsed > responsesEnded { return nil }
        // Over the cap, a connection is held no longer than a head may take from its connect:
        // it is not counted, so silent ones must not pile up for an idle timeout.
        if admission == .overCapacity { return (headStarted ?? connected) + readTimeout }
        if let headStarted { return headStarted + readTimeout }
        return lastActivity + idleTimeout
    }

    /// Makes sure a timer is pending, due no later than the deadline (a head begun brings the
    /// deadline forward from the idle one to the read one).
    private func arm(_ context: ChannelHandlerContext) {
        guard let deadline else { return }
        if timer != nil, let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            handler.timerDeadline = nil
            handler.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        guard let deadline else { return }
        guard deadline <= .now() else { return arm(context) }
        if headStarted != nil || admission == .overCapacity {
            answer(context, admission == .overCapacity ? CannedResponse.serviceUnavailable : CannedResponse.requestTimeout)
        } else {
            finished = true
            context.close(promise: nil)
        }
    }

    /// Writes `response` straight to the socket and closes the connection.
    private func answer(_ context: ChannelHandlerContext, _ response: StaticString) {
        guard !finished else { return }
        finished = true
        timer?.cancel()
        timer = nil
        let buffer = context.channel.allocator.buffer(staticString: response)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}

/// Whole responses the guard writes itself, before (or instead of) any HTTP handling.
enum CannedResponse {
    static let serviceUnavailable: StaticString =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 52\r\n\r\n{\"error\":\"too many connections; retry in a second\"}\n"
    static let requestTimeout: StaticString =
        "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\nContent-Length: 52\r\n\r\n{\"error\":\"the request head did not arrive in time\"}\n"
}
