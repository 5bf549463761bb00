import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression

/// Reads one raw HTTP/1.1 response (the bytes a server sent) through the same parts a real
/// transfer uses — NIO's response parser, the bounded inflater (`maxInflationRatio`) and
/// `BoundedBody` (`maxBodyBytes`, `maxErrorBodyBytes`) — on an embedded channel, no network.
/// For the fuzz target (`make fuzz`, FuzzHTTPBody) and tests of framing and compression
/// without a server. Synchronous on the calling thread.
public enum ResponseReplay {
    /// What reading `bytes`, delivered `chunkSize` bytes at a time and then the connection
    /// closed, amounts to: the response (body bounded as in a transfer) or why there is none.
    public static func read(
        _ bytes: [UInt8], configuration: HTTPTransport.Configuration, chunkSize: Int = 4096
    ) -> Result<HTTPResponse, HTTPTransportError> {
        let channel = EmbeddedChannel()
        let collector = Collector(configuration: configuration)
        do {
            try channel.pipeline.syncOperations.addHTTPClientHandlers()
            try channel.pipeline.syncOperations.addHandler(
                NIOHTTPResponseDecompressor(limit: .ratio(max(1, configuration.maxInflationRatio))))
            try channel.pipeline.syncOperations.addHandler(collector)
            // The parser pairs each response with a request sent (a HEAD's has no body).
            try channel.writeOutbound(HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")))
            try channel.writeOutbound(HTTPClientRequestPart.end(nil))
            var offset = 0
            while offset < bytes.count, collector.outcome == nil {
                let end = min(bytes.count, offset + max(1, chunkSize))
                try channel.writeInbound(channel.allocator.buffer(bytes: bytes[offset..<end]))
                offset = end
            }
            if collector.outcome == nil { channel.pipeline.fireChannelInactive() }
        } catch {
            collector.fail(error)
        }
        _ = try? channel.finish()
        return collector.outcome ?? .failure(.connection("no HTTP response"))
    }

    /// The end of the pipeline: the head and body parts into a `BoundedBody`.
    private final class Collector: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart

        let configuration: HTTPTransport.Configuration
        var head: HTTPResponseHead?
        var body: BoundedBody?
        var announced: Int?
        var outcome: Result<HTTPResponse, HTTPTransportError>?

        init(configuration: HTTPTransport.Configuration) {
            self.configuration = configuration
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard outcome == nil else { return }
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                announced = BoundedResponseDelegate.announcedLength(head.headers)
                do throws(HTTPTransportError) {
                    body = try BoundedBody(
                        status: Int(head.status.code), announced: announced, limit: configuration.maxBodyBytes,
                        errorLimit: configuration.maxErrorBodyBytes)
                } catch {
                    outcome = .failure(error)
                }
            case .body(let part):
                do throws(HTTPTransportError) {
                    if try body?.append(part) == .enough { finish() }
                } catch {
                    outcome = .failure(error)
                }
            case .end:
                finish()
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            fail(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            guard outcome == nil else { return }
            outcome = .failure(
                head == nil ? .connection("the server closed the connection without answering")
                    : .truncated(received: body?.received ?? 0, expected: announced))
        }

        func fail(_ error: any Error) {
            guard outcome == nil else { return }
            let cutOff = HTTPTransportError.truncated(received: body?.received ?? 0, expected: announced)
            outcome = .failure(HTTPTransportError.nio(error, cutOff: cutOff, configuration: configuration) ?? .connection("\(error)"))
        }

        private func finish() {
            guard outcome == nil, let head else { return }
            outcome = .success(
                HTTPResponse(url: URL(string: "http://replay.invalid/")!, status: Int(head.status.code), headers: head.headers,
                    body: body?.buffer ?? ByteBuffer()))
        }
    }
}

extension HTTPTransportError {
    /// Flick's words for an error of NIO's parser or inflater (nil: not one of theirs).
    /// `cutOff` is what an early end of the body amounts to.
    static func nio(_ error: any Error, cutOff: HTTPTransportError, configuration: HTTPTransport.Configuration) -> HTTPTransportError? {
        if let error = error as? HTTPTransportError { return error }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            switch error {
            case .limit: return .inflationTooLarge(ratio: configuration.maxInflationRatio)
            case .inflationError(let code): return .malformed("the compressed body is damaged (zlib \(code))")
            case .initializationError(let code): return .connection("cannot inflate (zlib \(code))")
            }
        }
        if error is NIOHTTPDecompression.ExtraDecompressionError { return cutOff }
        if let error = error as? HTTPParserError {
            if case .invalidEOFState = error { return cutOff }
            return .malformed("\(error)")
        }
        return nil
    }
}
