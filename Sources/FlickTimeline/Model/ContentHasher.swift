import FlickCore

/// FNV-1a 64 (`FlickCore.FNV1a`) over a canonical byte serialization of what a post displays.
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
    private var fnv = FNV1a()

    /// The hash of everything combined so far.
    public var value: UInt64 { fnv.value }

    public init() {}

    public mutating func combine(byte: UInt8) {
        fnv.combine(byte: byte)
    }

    /// Eight bytes, least significant first.
    public mutating func combine(_ integer: Int64) {
        withUnsafeBytes(of: UInt64(bitPattern: integer).littleEndian) { fnv.combine($0) }
    }

    /// A length prefix, then the UTF-8 bytes.
    public mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            combine(Int64(bytes.count))
            fnv.combine(UnsafeRawBufferPointer(bytes))
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
