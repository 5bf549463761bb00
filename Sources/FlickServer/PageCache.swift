import CompressNIO
import FlickCore
import NIOCore

/// `/timeline` pages encoded once per timeline version: the JSON, its gzip and its `ETag`,
/// so a repeated request costs a lookup and a write, not a query, an encoding and a
/// compression. Any thread (a lock around the table; a page is encoded outside it, so two
/// requests missing at once may both encode — the same bytes).
final class PageCache: Sendable {
    /// One encoded page.
    struct Entry: Sendable {
        /// The page's JSON.
        let body: ByteBuffer
        /// The same, gzip-compressed; nil when the page is too small to be worth it.
        let gzipped: ByteBuffer?
        /// `"<16 hex digits>"`: FNV-1a 64 of the JSON, so equal pages have equal tags across
        /// restarts and servers.
        let etag: String
        /// The gzip representation's own tag (`"<16 hex digits>-gz"`): a shared cache keeps
        /// the two apart, as RFC 9110 asks of different content codings.
        var gzipETag: String { String(etag.dropLast()) + "-gz\"" }

        /// Whether an `If-None-Match` value names this page, in either coding (the page is
        /// the same; a client may have been sent either).
        func matches(ifNoneMatch header: String) -> Bool {
            ImageFiles.matches(ifNoneMatch: header, etag: etag) || ImageFiles.matches(ifNoneMatch: header, etag: gzipETag)
        }
    }

    /// Which page: the query (after checking) on a timeline version.
    struct Key: Sendable, Hashable {
        var query: TimelineQuery
        var version: LiveTimeline.Version
    }

    /// Pages kept at most; when full, the table is emptied. Default 256: every query a
    /// reader makes (newest, a `before` per page read, a `since` per poll) costs one entry of
    /// ~40 KB (JSON and gzip of a 50-post page), so ≤ ~10 MB; a client asking for a different
    /// page every time (a crawler) then costs an encoding each, as without the cache.
    let capacity: Int
    /// Bodies shorter than this are not compressed.
    let gzipMinimumBytes: Int
    private let table = LockedBox<[Key: Entry]>([:])

    init(capacity: Int = 256, gzipMinimumBytes: Int) {
        self.capacity = capacity
        self.gzipMinimumBytes = gzipMinimumBytes
    }

    /// The cached page for `key`, or nil.
    func entry(for key: Key) -> Entry? {
        table.withLock { $0[key] }
    }

    /// Encodes `json` (gzip and tag) and keeps it under `key`; entries of older versions
    /// go, and everything goes when the table is full. Returns the entry.
    @discardableResult
    func store(_ json: [UInt8], for key: Key) -> Entry {
        let entry = Self.entry(json, gzipMinimumBytes: gzipMinimumBytes)
        table.withLock { table in
            if table.count >= capacity || table.keys.contains(where: { $0.version != key.version }) {
                table.removeAll(keepingCapacity: true)
            }
            table[key] = entry
        }
        return entry
    }

    /// Pages held now (for tests).
    var count: Int { table.value.count }

    /// `json` with its gzip (when at least `gzipMinimumBytes`) and its tag. Pure.
    static func entry(_ json: [UInt8], gzipMinimumBytes: Int) -> Entry {
        var hash = FNV1a()
        json.withUnsafeBytes { hash.combine($0) }
        let hex = String(hash.value, radix: 16)
        let etag = "\"" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex + "\""
        let body = ByteBuffer(bytes: json)
        var gzipped: ByteBuffer?
        if json.count >= gzipMinimumBytes {
            var input = body
            gzipped = try? input.compress(with: .gzip())
        }
        return Entry(body: body, gzipped: gzipped, etag: etag)
    }
}
