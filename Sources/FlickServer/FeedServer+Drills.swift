import Foundation

extension FeedServer {
    /// Ways the server misbehaves on purpose, so a client's handling of each fault can be
    /// tested against a real server. All off by default.
    public struct Drills: Sendable, Hashable {
        /// Delay before every response (timeline, images, errors). Default zero.
        public var latency: Duration = .zero
        /// Fraction (0…1) of `/timeline` requests answered 500 with `{"error": …}`. Which
        /// ones is decided by `failSeed` and the request's sequence number, so a run repeats.
        /// Default 0.
        public var failRate: Double = 0
        /// Seed of the fail-rate draw. Default 1.
        public var failSeed: UInt64 = 1
        /// Page faults; each applies to the pages it selects. Default none.
        public var pageFaults: [PageFault] = []
        /// Image responses that stall; nil = images are served whole. Default nil.
        public var imageStall: ImageStall?

        public init() {}
    }

    /// A fault in `/timeline` pages from a given depth on.
    public struct PageFault: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// The response announces the page's full `Content-Length`, sends half the body,
            /// and closes the connection.
            case truncatedBody
            /// A complete HTTP response whose body is a page cut in the middle (invalid JSON).
            case invalidJSON
            /// The page starts with the last `count` posts of the page before it (then goes
            /// on as usual), as a server whose feed shifted between requests does.
            case repeatedPosts(count: Int)
            /// The page's `next` points back at the second page of the timeline (the first
            /// page's `next`), so a client following `next` loops.
            case loopingNext
        }

        public var kind: Kind
        /// The first page that has the fault; pages before it are sound. A page's depth is
        /// the index of its first post (0 = the newest) divided by its `limit`, so with
        /// `limit=50` the page starting at post 100 is page 2. Default 1 (the newest page
        /// is sound, everything after it faulty).
        public var fromPage: Int

        public init(_ kind: Kind, fromPage: Int = 1) {
            self.kind = kind
            self.fromPage = fromPage
        }

        /// Whether a page of `limit` posts starting at post `start` has this fault.
        func applies(start: Int, limit: Int) -> Bool {
            start / max(1, limit) >= fromPage
        }
    }

    /// An image host that stalls: each image response sends its headers and the first half
    /// of the file, then sends nothing for `duration`, then closes the connection without
    /// the rest. A client must time out (or give up) on its own.
    public struct ImageStall: Sendable, Hashable {
        public var duration: Duration

        public init(duration: Duration) {
            self.duration = duration
        }
    }
}
