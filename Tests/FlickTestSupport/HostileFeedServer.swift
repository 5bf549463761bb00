import FlickCore
import Foundation
import NIOCore
import NIOPosix

/// A feed server that misbehaves on purpose, in process, on a free loopback port: SwiftNIO
/// over raw TCP (no HTTP encoder), so each route writes exactly the bytes of its fault —
/// framing lies included. One route per way a server can try to exhaust a client.
///
/// `/feed/ROUTE` is a good first page (`firstPageIDs`, three posts) whose `next` is
/// `/bad/ROUTE`, the hostile one, so a test sees that the pages before a bad one stay stored.
/// Endless bodies are written with backpressure (the next chunk when the last one is flushed),
/// so the server holds a chunk, never the body, and stops when the client goes.
public final class HostileFeedServer: Sendable {
    /// The ways a server can misbehave; `rawValue` is the route.
    public enum Route: String, CaseIterable, Sendable {
        /// 200, chunked, chunks of spaces forever.
        case endlessChunked = "endless-chunked"
        /// 200, no length, `Connection: close`, bytes until the client hangs up.
        case endlessClose = "endless-close"
        /// 200, `Content-Encoding: gzip`, a stream of deflate blocks each inflating ~158× (a
        /// few MB on the wire would inflate to GBs), generated as it is sent.
        case gzipBomb = "gzip-bomb"
        /// `Content-Length: 200`, then bytes forever: the client must take 200 and stop.
        case lyingLengthLong = "lying-length-long"
        /// `Content-Length: 1000000`, 100 bytes, then the connection closes.
        case lyingLengthShort = "lying-length-short"
        /// A length within the cap, then one byte every 100 ms.
        case drip
        /// Reads the request, answers nothing, keeps the connection open.
        case stalledHead = "stalled-head"
        /// 302 to `?hop=N+1`, forever.
        case redirectChain = "redirect-chain"
        /// 302 to itself.
        case redirectCycle = "redirect-cycle"
        /// 302 to another host's private address (a cloud metadata address).
        case redirectAway = "redirect-away"
        /// 503 with `Retry-After: 999999999` (about 31 years).
        case retryAfterHuge = "retry-after-huge"
        /// 200 with a declared length of 4 GB: refused from the head.
        case hugeLength = "huge-length"
        /// 200 with an HTML page where a feed page is expected.
        case htmlPage = "html-page"
        /// The first request of each `?key=` gets 503 with `Retry-After: 1`, the next a good
        /// last page (one post, `hostile-0`).
        case retryAfterOnce = "retry-after-once"
    }

    /// Requests per target (path and query) so far.
    public func hits(_ target: String) -> Int { hitCounts.withLock { $0[target] ?? 0 } }
    private let hitCounts = LockedBox<[String: Int]>([:])

    /// The ids of the good first page, newest first.
    public static let firstPageIDs = ["hostile-3", "hostile-2", "hostile-1"]

    public let port: Int
    private let channel: any Channel

    /// Binds 127.0.0.1 on a free port and starts serving on an event loop of its own (kept for
    /// the process's life: the servers are static).
    public init() throws {
        // A loop of its own: the process's shared loops also run other suites' servers and
        // clients, and a full test run kept them busy enough to delay a good page past 1 s.
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup(numberOfThreads: 1))
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [hitCounts] channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(HostileHandler(hits: hitCounts)) }
            }
        channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        port = channel.localAddress?.port ?? 0
    }

    deinit { channel.close(promise: nil) }

    /// `http://127.0.0.1:PORT/feed/ROUTE`: the good page that leads to the bad one.
    public func feedURL(_ route: Route) -> URL { URL(string: "http://127.0.0.1:\(port)/feed/\(route.rawValue)")! }

    /// `http://127.0.0.1:PORT/bad/ROUTE`: the hostile answer itself.
    public func badURL(_ route: Route) -> URL { URL(string: "http://127.0.0.1:\(port)/bad/\(route.rawValue)")! }

    /// The good first page's JSON, its `next` at `/bad/ROUTE`.
    static func firstPage(next: String) -> String {
        let posts = firstPageIDs.enumerated().map { index, id in
            #"{"id":"\#(id)","created_at":"2026-01-0\#(3 - index)T00:00:00Z","user":{"id":"u","name":"n"},"text":"post \#(id)"}"#
        }
        return #"{"posts":[\#(posts.joined(separator: ","))],"next":"\#(next)"}"#
    }
}

/// One connection: reads the request head, then plays its route. Event-loop thread only.
private final class HostileHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var request = ""
    private var answered = false
    private let hits: LockedBox<[String: Int]>

    init(hits: LockedBox<[String: Int]>) {
        self.hits = hits
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        guard !answered else { return }
        request += buffer.readString(length: buffer.readableBytes) ?? ""
        guard let end = request.range(of: "\r\n\r\n") else { return }
        answered = true
        let line = request[..<end.lowerBound].split(separator: "\r\n").first ?? ""
        let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        hits.withLock { $0[target, default: 0] += 1 }
        answer(target, context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answer(_ target: String, context: ChannelHandlerContext) {
        let path = target.split(separator: "?").first.map(String.init) ?? target
        let query = target.split(separator: "?").dropFirst().first.map(String.init) ?? ""
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count == 2, let route = HostileFeedServer.Route(rawValue: parts[1]) else {
            return send("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found", context, close: true)
        }
        if parts[0] == "feed" {
            let body = HostileFeedServer.firstPage(next: "/bad/\(route.rawValue)")
            return send(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
                context, close: true)
        }
        let json = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        switch route {
        case .endlessChunked:
            send(json + "Transfer-Encoding: chunked\r\n\r\n", context, close: false)
            let chunk = String(repeating: " ", count: 64 * 1024)
            stream(context) { _ in "\(String(chunk.utf8.count, radix: 16))\r\n\(chunk)\r\n" }
        case .endlessClose:
            send(json + "Connection: close\r\n\r\n", context, close: false)
            let chunk = String(repeating: " ", count: 64 * 1024)
            stream(context) { _ in chunk }
        case .gzipBomb:
            send(json + "Content-Encoding: gzip\r\nConnection: close\r\n\r\n", context, close: false)
            streamBytes(context) { index in index == 0 ? GzipBomb.header + GzipBomb.block : GzipBomb.block }
        case .lyingLengthLong:
            send(json + "Content-Length: 200\r\n\r\n{\"posts\":[", context, close: false)
            let chunk = String(repeating: " ", count: 64 * 1024)
            stream(context) { _ in chunk }
        case .lyingLengthShort:
            send(json + "Content-Length: 1000000\r\n\r\n{\"posts\":[" + String(repeating: " ", count: 90), context, close: true)
        case .drip:
            send(json + "Content-Length: 100000\r\n\r\n{", context, close: false)
            drip(context)
        case .stalledHead:
            break  // read, never answered; the connection stays open until the client goes
        case .redirectChain:
            let hop = (Int(query.split(separator: "=").last ?? "0") ?? 0) + 1
            send("HTTP/1.1 302 Found\r\nLocation: /bad/redirect-chain?hop=\(hop)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", context, close: true)
        case .redirectCycle:
            send("HTTP/1.1 302 Found\r\nLocation: /bad/redirect-cycle\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", context, close: true)
        case .redirectAway:
            send(
                "HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/latest/meta-data/\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                context, close: true)
        case .retryAfterHuge:
            let body = #"{"error":"come back later"}"#
            send(
                "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 999999999\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
                context, close: true)
        case .htmlPage:
            let body = "<html><body>Sign in to continue</body></html>"
            send(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
                context, close: true)
        case .retryAfterOnce:
            if hits.withLock({ $0[target] ?? 0 }) <= 1 {
                send("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", context, close: true)
            } else {
                let body = #"{"posts":[{"id":"hostile-0","created_at":"2026-01-01T00:00:00Z","user":{"id":"u","name":"n"},"text":"last"}]}"#
                send(json + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)", context, close: true)
            }
        case .hugeLength:
            send(json + "Content-Length: 4294967296\r\n\r\n{\"posts\":[", context, close: false)
            let chunk = String(repeating: " ", count: 64 * 1024)
            stream(context) { _ in chunk }
        }
    }

    private func send(_ text: String, _ context: ChannelHandlerContext, close: Bool) {
        let buffer = context.channel.allocator.buffer(string: text)
        let written = context.writeAndFlush(wrapOutboundOut(buffer))
        if close {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Writes `next(i)` for i = 0, 1, … each once the one before is flushed, until the peer goes.
    private func stream(_ context: ChannelHandlerContext, _ next: @escaping @Sendable (Int) -> String) {
        streamBytes(context) { Array(next($0).utf8) }
    }

    private func streamBytes(_ context: ChannelHandlerContext, _ next: @escaping @Sendable (Int) -> [UInt8]) {
        Streamer(channel: context.channel, next: next).write(0)
    }

    /// One space every 100 ms until the peer goes.
    private func drip(_ context: ChannelHandlerContext) {
        Streamer(channel: context.channel) { _ in [0x20] }.drip()
    }
}

/// Writes a body part by part, each when the one before is flushed (or on a timer), until the
/// peer closes. Any thread (the channel's calls are thread-safe).
private struct Streamer: Sendable {
    let channel: any Channel
    let next: @Sendable (Int) -> [UInt8]

    func write(_ index: Int) {
        guard channel.isActive else { return }
        channel.writeAndFlush(channel.allocator.buffer(bytes: next(index))).whenComplete { result in
            guard case .success = result else { return channel.close(promise: nil) }
            channel.eventLoop.execute { write(index + 1) }
        }
    }

    func drip() {
        guard channel.isActive else { return }
        channel.eventLoop.scheduleTask(in: .milliseconds(100)) {
            channel.writeAndFlush(channel.allocator.buffer(bytes: next(0)), promise: nil)
            drip()
        }
    }
}

/// A gzip stream that never ends: the gzip header, then one fixed-Huffman deflate block
/// repeated: a literal space and 1,022 back-references of 258 bytes at distance 1 (13 bits
/// each), 1,663 bytes inflating to 263,677 (~158×). Its bit length is a multiple of 8, so
/// the same bytes follow themselves; no byte of the inflated body is ever held here.
public enum GzipBomb {
    /// The ten-byte gzip header (deflate, no name, no time).
    public static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
    /// Bytes one block inflates to.
    public static let blockInflatedSize = 1 + 1_022 * 258

    /// One non-final block, byte-aligned.
    public static let block: [UInt8] = {
        var writer = BitWriter()
        writer.bits(0, count: 1)  // BFINAL = 0
        writer.bits(1, count: 2)  // BTYPE = 01 (fixed Huffman)
        writer.huffman(0x30 + 0x20, length: 8)  // literal ' '
        for _ in 0..<1_022 {
            writer.huffman(0xC0 + 5, length: 8)  // length code 285: 258 bytes
            writer.huffman(0, length: 5)  // distance code 0: distance 1
        }
        writer.huffman(0, length: 7)  // end of block (256)
        precondition(writer.pending == 0, "the block must end on a byte boundary")
        return writer.bytes
    }()

    struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var pending = 0

        /// `count` bits of `value`, least significant first (deflate's header and extra bits).
        mutating func bits(_ value: UInt32, count: Int) {
            for index in 0..<count { push((value >> UInt32(index)) & 1) }
        }

        /// A Huffman code, most significant bit first.
        mutating func huffman(_ code: UInt32, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { push((code >> UInt32(index)) & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(pending)
            pending += 1
            if pending == 8 {
                bytes.append(UInt8(current))
                current = 0
                pending = 0
            }
        }
    }
}
