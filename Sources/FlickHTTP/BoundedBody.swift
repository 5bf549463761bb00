import NIOCore

/// A response body collected under a byte cap, as its parts arrive: the one place that
/// decides whether a body may grow. Pure and synchronous, so the fuzz target and the tests
/// drive it without a network; the transport's delegate calls it on the event loop.
///
/// A success body (2xx) past `limit` is an error at the byte that passes it; an error body
/// (any other status) keeps its first `errorLimit` bytes and then says it has enough, so the
/// transfer stops reading. Nothing is ever held beyond the cap (plus one part, which NIO
/// bounds by its read size and the inflater by its output step).
public struct BoundedBody: Sendable {
    /// What `append` asks of the transfer.
    public enum Verdict: Sendable, Hashable {
        /// Keep reading.
        case more
        /// An error body has all it keeps: stop reading, the response is complete enough.
        case enough
    }

    /// The cap of this body: `limit` for a success, `errorLimit` otherwise.
    public let cap: Int
    /// Whether this is a success (2xx) body, held to the cap as an error when it passes it.
    public let isSuccess: Bool
    /// Bytes received so far (inflated, when compressed), counting those not kept.
    public private(set) var received = 0
    /// The bytes kept, in order.
    public private(set) var buffer: ByteBuffer

    /// A body for a response with `status`; `announced` is its Content-Length when the body is
    /// sent as is (not content-encoded), used to fail early and to allocate once.
    public init(status: Int, announced: Int?, limit: Int, errorLimit: Int, allocator: ByteBufferAllocator = ByteBufferAllocator())
        throws(HTTPTransportError)
    {
        isSuccess = (200..<300).contains(status)
        cap = isSuccess ? max(0, limit) : max(0, errorLimit)
        if isSuccess, let announced, announced > cap { throw .tooLarge(limit: cap) }
        // One allocation for an announced length within the cap; otherwise grow as parts come.
        buffer = allocator.buffer(capacity: min(announced ?? 0, cap, 1 << 20))
    }

    /// Takes one part of the body. Throws `.tooLarge` when a success body passes the cap.
    public mutating func append(_ part: ByteBuffer) throws(HTTPTransportError) -> Verdict {
        received += part.readableBytes
        if isSuccess {
            guard received <= cap else { throw .tooLarge(limit: cap) }
            var part = part
            buffer.writeBuffer(&part)
            return .more
        }
        let room = cap - buffer.readableBytes
        if room > 0 {
            var slice = part.getSlice(at: part.readerIndex, length: min(room, part.readableBytes)) ?? part
            buffer.writeBuffer(&slice)
        }
        return buffer.readableBytes >= cap ? .enough : .more
    }

    /// The kept bytes as an array (one copy).
    public var bytes: [UInt8] { Array(buffer.readableBytesView) }
}
