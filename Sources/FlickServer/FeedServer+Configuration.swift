import FlickTimeline
import Foundation

extension FeedServer {
    /// Everything a `FeedServer` does, in one value. Every default is what `flick serve`
    /// uses without flags; drills are all off by default.
    public struct Configuration: Sendable, Hashable {
        /// Address to bind. Default `127.0.0.1`: the server exists for tests and demos on
        /// this machine, and loopback keeps the feed (and its drills) off the network.
        public var host: String = "127.0.0.1"
        /// Port to bind; 0 = any free port (read it back from `FeedServer.port`). Default 0:
        /// embedded servers (tests, `flick demo --live`) run side by side without clashing.
        public var port: Int = 0
        /// Posts per `/timeline` page when the request gives no `limit`; kept within
        /// `limitRange`. Default 50: about eight screens of cells at 375 pt, so one page
        /// stays ahead of a reader, and a 50-post page is ~60 KB of JSON.
        public var pageSize: Int = 50
        /// Posts a page may hold; a `limit` outside is answered 400. Default 1…200: larger
        /// pages only delay the first rows, and 200 bounds one response's work.
        public static let limitRange: ClosedRange<Int> = 1...200
        /// New posts made per minute by the generator and shown on top of the stored ones;
        /// 0 = none. Default 0: a server over a fixed store is what paging tests expect.
        public var newPostsPerMinute: Double = 0
        /// Seed of the generator making new posts. Default 13 (the number): any fixed
        /// value makes the same new posts on every run.
        public var newPostSeed: UInt64 = 13
        /// Prefix of a new post's id; the n-th new post (from 0) is `"<prefix><n>"`. Default
        /// `"live-"`: never a stored post's id in a generated feed (numeric ids).
        public var newPostIDPrefix: String = "live-"
        /// `Cache-Control: max-age` of image responses, in seconds. Default 86,400 (a day):
        /// a file under `images/` never changes while served, and the `ETag` lets a client
        /// revalidate after that.
        public var imageMaxAge: Int = 86_400
        /// Largest image file served, in bytes; larger files are 404. Default 64 MiB: the
        /// generated pool's largest picture is a few MB, and one response is held in memory.
        public var maxImageBytes: Int = 64 * 1024 * 1024
        /// `Cache-Control: max-age` of `/timeline` pages, in seconds. Default 2: a page
        /// changes only when posts are added, edited or deleted (a few times a minute on a
        /// live feed); a cache in front of the server (a proxy, a browser) may answer repeats
        /// for two seconds, which a reader never notices, and revalidates with the page's
        /// `ETag` after that (a 304 costs a lookup).
        public var pageMaxAge: Int = 2
        /// Responses gzip-compressed when the request accepts gzip and the body is at least
        /// this many bytes; images never are (JPEG, PNG and WebP are compressed already).
        /// Default 1,024: below about a kilobyte gzip's header and the client's inflate cost
        /// more than the bytes saved (a 50-post page is ~30 KB and shrinks ~6×).
        public var gzipMinimumBytes: Int = 1_024
        /// Connection limits and timeouts; see `Connections`.
        public var connections: Connections = Connections()
        /// The live stream (`/timeline/stream`); see `LiveStream`.
        public var liveStream: LiveStream = LiveStream()
        /// Faults and slowness for tests and demos; default none.
        public var drills: Drills = Drills()

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()

        /// `pageSize` kept within `limitRange`.
        var clampedPageSize: Int {
            min(max(pageSize, Self.limitRange.lowerBound), Self.limitRange.upperBound)
        }
    }
}
