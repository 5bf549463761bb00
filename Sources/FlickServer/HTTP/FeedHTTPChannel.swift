import FlickCore
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// The feed server's HTTP/1 connection: Hummingbird's `HTTP1Channel` pipeline with the
/// handlers that make it fit to deploy — `ConnectionGuard` on the raw bytes (timeouts, the
/// connection cap's 503) and `HTTPVersionHandler` on the decoded heads (HTTP/1.0 and
/// keep-alive, 400/414/431). Requests then reach the responder as with `HTTP1Channel`.
///
/// `setup` runs on the connection's event loop; `handle` on the connection's task.
struct FeedHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    /// A set-up connection: the async channel Hummingbird reads requests from, and whether it
    /// is only answered 503.
    struct Connection: ServerChildChannelValue {
        let asyncChannel: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
        let admitted: Bool
        var channel: any Channel { asyncChannel.channel }
    }

    let responder: HTTPChannelHandler.Responder
    let connections: FeedServer.Connections
    let counter: ConnectionCounter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Connection> {
        channel.eventLoop.makeCompletedFuture {
            let admitted = counter.open()
            if admitted {
                channel.closeFuture.whenComplete { [counter] _ in counter.close() }
            }
            let guardHandler = ConnectionGuard(
                admission: admitted ? .served : .overCapacity,
                idleTimeout: TimeAmount(connections.idleTimeout), readTimeout: TimeAmount(connections.readTimeout),
                maxHeadBytes: connections.maxHeadBytes)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(guardHandler)
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = connections.maxRequestLineBytes
            limits.maxHeaderListSize = connections.maxHeadBytes
            limits.maxHeaderFieldCount = connections.maxHeaderFields
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // requests are taken one at a time by the async channel
                withErrorHandling: false,  // HTTPVersionHandler answers what the decoder refuses
                withOutboundHeaderValidation: false,  // HTTPTypes validated them already
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: limits)
            try pipeline.addHandler(HTTPVersionHandler(connectionGuard: guardHandler, maxRequestLineBytes: connections.maxRequestLineBytes))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            // Hummingbird's own: closes idle connections when the server shuts down gracefully
            // (its idle timeout is off; ConnectionGuard keeps time).
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            return Connection(asyncChannel: asyncChannel, admitted: admitted)
        }
    }

    func handle(value: Connection, logger: Logger) async {
        guard value.admitted else {
            // ConnectionGuard answers 503 and closes; the async channel only has to be finished
            // (an unfinished writer traps in SwiftNIO) — after the close: finishing its writer
            // first would half-close the socket before the 503 is written.
            try? await value.asyncChannel.executeThenClose { _, _ in
                try await value.channel.closeFuture.get()
            }
            return
        }
        await handleHTTP(asyncChannel: value.asyncChannel, logger: logger)
    }
}

/// Open connections of one server, against its cap. Any thread (a lock; connections open
/// and close on every event loop).
final class ConnectionCounter: Sendable {
    private let limit: Int
    private let count = LockedBox(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Connections open and admitted now.
    var current: Int { count.value }

    /// Counts a new connection in if there is room; false when the server is full.
    func open() -> Bool {
        count.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func close() {
        count.withLock { $0 -= 1 }
    }
}
