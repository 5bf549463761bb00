extension FeedStore {
    /// How a store opens, checks and writes its database.
    public struct Configuration: Sendable, Hashable {
        /// How much to verify when opening.
        public enum IntegrityCheck: Sendable, Hashable {
            /// Trust the file; damage surfaces as `.corrupt` errors when a damaged page is read.
            case none
            /// Check the heights table (quick_check and a scan for impossible values) and that
            /// the posts' positions are 0..<count (a count of the id index, ~1 ms per 100,000
            /// posts), and trust the posts' contents: damage in a post surfaces as `.corrupt`
            /// for the rows on that page only. What a viewer opening a large feed wants: no
            /// whole-file read.
            case heightsOnly
            /// `PRAGMA quick_check` of both tables, the positions, a scan of the posts for
            /// values of the wrong type and of the heights for impossible values. Reads the
            /// whole file: about a second per few hundred MB.
            case quick
        }

        /// How hard a commit waits for the disk.
        public enum Durability: Sendable, Hashable {
            /// WAL with `synchronous=NORMAL`: survives a process crash; a power cut may lose
            /// the last commits, never corrupt the file. The right choice for a cache of a feed.
            case normal
            /// `synchronous=OFF`: the OS decides when data reaches the disk. For generators
            /// and tests that can recreate the file.
            case fast
        }

        /// Whether the store writes its file.
        public enum Access: Sendable, Hashable {
            /// Read and write; a file that cannot be written is `.cannotOpen`. For importers
            /// and anything that must store what it is given.
            case readWrite
            /// Read and write when the file (and, for its WAL files, its folder) can be
            /// written; read-only otherwise (`FeedStore.readOnlyReason` says why), so a viewer
            /// shows a store on a read-only disk or owned by another user.
            case readOnlyIfNotWritable
            /// Never write (SQLite read-only connections).
            case readOnly
        }

        /// Default `.readWrite`; `.viewing` uses `.readOnlyIfNotWritable`.
        public var access: Access = .readWrite

        /// Seconds a statement waits for another connection's lock (another process importing,
        /// a second opening of the same file) before failing with "database is locked";
        /// default 5: longer than any one page or batch commit takes, short enough that a
        /// stuck writer is reported rather than hanging the caller.
        public var busyTimeout: Double = 5

        /// Default `.quick`: opening is the one moment damage can be reported cleanly.
        public var integrityCheck: IntegrityCheck = .quick
        /// Default `.normal`.
        public var durability: Durability = .normal
        /// Posts committed per transaction by `insert`. Default 10,000 (a million-post insert
        /// makes 100 commits).
        public var insertBatchSize: Int = 10_000
        /// Warnings kept in an `ImportReport`; more are only counted. Default 1,000, so a feed
        /// of a million bad posts cannot grow the report without bound.
        public var maxReportedWarnings: Int = 1_000
        /// Largest trusted layout height in points. Default 100,000 (no cell is a hundred
        /// screens tall); larger, negative or non-finite heights are never stored or returned.
        public var maxLayoutHeight: Double = 100_000
        /// Largest stored post record decoded, in bytes; a larger one is a damaged row
        /// (`.corruptRecord`), not a post of that size in memory. Default 8 MiB, the
        /// `FeedReader` budget of one post: no import stores a larger one, so only a damaged
        /// or crafted file holds it.
        public var maxRecordBytes: Int = 8 * 1024 * 1024
        /// Concurrent reader connections. Default 4: enough for the data window, the layout
        /// workers and the heights seeding to read at once on a small machine.
        public var maxReaders: Int = 4
        /// SQLite's page cache per connection, KiB (`PRAGMA cache_size`). Default 512: the
        /// store is read in pages of 64 posts by range queries (a few dozen KB each, and the
        /// file stays in the system's page cache anyway), so SQLite's default of 2,000 KiB per
        /// connection held up to ~10 MB over five connections for reads that never come back.
        public var pageCacheKilobytes: Int = 512
        /// Limits for reading feed files during import.
        public var feedReading: FeedReader.Configuration = .default
        /// How the find index is built and searched; default `.default` (see its fields).
        public var search: SearchConfiguration = .default

        public init() {}

        /// The defaults above.
        public static let `default` = Configuration()

        /// For showing a feed: opens in time proportional to the heights table, not the feed
        /// (3 s → milliseconds for a 1M-post, 395 MB feed); posts are checked as they are read.
        /// A file that cannot be written opens read-only.
        public static let viewing: Configuration = {
            var configuration = Configuration()
            configuration.integrityCheck = .heightsOnly
            configuration.access = .readOnlyIfNotWritable
            return configuration
        }()

        /// For tools that create a database from scratch (generator, tests): no open check,
        /// `synchronous=OFF`.
        public static let bulkLoad: Configuration = {
            var configuration = Configuration()
            configuration.integrityCheck = .none
            configuration.durability = .fast
            return configuration
        }()
    }
}
