/// FNV-1a 64 over a canonical byte serialization of what a post displays.
///
/// Swift's `Hasher` is seeded per process, so it cannot key a cache that outlives the
/// process (layout heights in SQLite). This one gives the same value on every run and
/// machine: integers are written little-endian, strings as their UTF-8 bytes with a length
/// prefix, optionals with a presence tag, so no two different contents share a serialization.
///
/// Fields hashed: time (ms), source, user name/avatar/verified, text, pictures (url, size
/// hints), counts, and the same for the retweeted original. Ids are not displayed and are
/// left out.
public struct ContentHasher: Sendable {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of everything combined so far.
    public private(set) var value: UInt64 = ContentHasher.offsetBasis

    public init() {}

    public mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    public mutating func combine(_ integer: Int64) {
        var bits = UInt64(bitPattern: integer)
        for _ in 0..<8 {
            combine(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            combine(Int64(bytes.count))
            // The loop body inlined by hand: a call per byte dominates in debug builds.
            var hash = value
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* Self.prime }
            value = hash
        }
    }

    public mutating func combine(_ string: String?) {
        guard let string else { return combine(byte: 0) }
        combine(byte: 1)
        combine(string)
    }

    public mutating func combine(_ integer: Int?) {
        guard let integer else { return combine(byte: 0) }
        combine(byte: 1)
        combine(Int64(integer))
    }

    /// Adds the displayed content of one post body (not its retweet).
    public mutating func combine(content: some PostContent) {
        combine(content.createdAtMilliseconds)
        combine(content.source)
        combine(content.user.name)
        combine(content.user.avatar)
        combine(byte: content.user.verified ? 1 : 0)
        combine(content.text)
        combine(Int64(content.pics.count))
        for picture in content.pics {
            combine(picture.url)
            combine(picture.width)
            combine(picture.height)
        }
        combine(Int64(content.reposts))
        combine(Int64(content.comments))
        combine(Int64(content.likes))
    }

    /// Adds a post's displayed content, its retweeted original's included.
    public mutating func combine(_ post: Post) {
        combine(content: post)
        if let original = post.retweeted {
            combine(byte: 1)
            combine(content: original)
        } else {
            combine(byte: 0)
        }
    }
}
