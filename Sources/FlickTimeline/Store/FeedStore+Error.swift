import GRDB

extension FeedStore {
    /// Why a store operation failed. Every case names the database path so a log line is
    /// enough to find the file.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The file cannot be opened or created (missing directory, permissions, a directory).
        case cannotOpen(path: String, reason: String)
        /// The file is not a SQLite database, or its posts are damaged (truncated, overwritten).
        case corrupt(path: String, reason: String)
        /// A SQLite database, but its `posts` table is not Flick's.
        case incompatibleSchema(path: String, reason: String)
        /// One stored post could not be decoded.
        case corruptRecord(path: String, row: Int, reason: String)
        /// `insert` was given a post whose id is already stored (or repeated in the batch).
        case duplicatePostID(path: String, id: String)
        /// The feed being imported was rejected (invalid JSON, no `posts`, unreadable).
        case feed(path: String, FeedDecoder.Error)
        /// A write asked of a store opened read-only (`reason` says why it is).
        case readOnly(path: String, operation: String, reason: String)
        /// Any other SQLite failure, with the operation that hit it.
        case sqlite(path: String, operation: String, reason: String)

        /// Control characters (from a crafted file's ids or values, or a path) are escaped.
        public var description: String {
            FeedWarning.escaped(plainDescription)
        }

        private var plainDescription: String {
            switch self {
            case .cannotOpen(let path, let reason): "cannot open the feed store at \(path): \(reason)"
            case .corrupt(let path, let reason): "the feed store at \(path) is damaged: \(reason)"
            case .incompatibleSchema(let path, let reason):
                "the database at \(path) is not a Flick feed store: \(reason)"
            case .corruptRecord(let path, let row, let reason):
                "row \(row) of the feed store at \(path) is damaged: \(reason)"
            case .duplicatePostID(let path, let id): "post id \"\(id)\" is already in the feed store at \(path)"
            case .feed(let path, let error): "importing into \(path) failed: \(error)"
            case .readOnly(let path, let operation, let reason):
                "cannot \(operation): the feed store at \(path) is read-only (\(reason))"
            case .sqlite(let path, let operation, let reason):
                "\(operation) failed in the feed store at \(path): \(reason)"
            }
        }

        /// Maps a GRDB/SQLite error to a case: damage codes become `.corrupt`, open failures
        /// `.cannotOpen`, the rest `.sqlite`. Errors that already are `FeedStore.Error` pass through.
        static func wrap(_ error: any Swift.Error, path: String, operation: String) -> Error {
            if let error = error as? Error { return error }
            guard let database = error as? DatabaseError else {
                return .sqlite(path: path, operation: operation, reason: String(describing: error))
            }
            let reason = database.message ?? "\(database.resultCode)"
            switch database.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path, reason: reason)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY: return .cannotOpen(path: path, reason: reason)
            default: return .sqlite(path: path, operation: operation, reason: reason)
            }
        }
    }

    /// A problem found and fixed while opening (the store is usable).
    public enum Repair: Sendable, Hashable, CustomStringConvertible {
        /// The cached layout heights could not be trusted and were dropped; they are
        /// recomputed as rows are laid out again.
        case rebuiltLayoutHeights(reason: String)
        /// The cached layout heights could not be trusted and the store is read-only, so
        /// they are not read (rows are measured as they are laid out).
        case ignoredLayoutHeights(reason: String)
        /// The find index was missing or could not be read and was created again, empty, with
        /// every post pending (`FeedStore.buildSearchIndex` fills it; `search` scans the rest).
        case rebuiltSearchIndex(reason: String)
        /// The find index could not be used and the store is read-only: `search` scans the
        /// posts instead (correct, slower).
        case ignoredSearchIndex(reason: String)

        public var description: String {
            switch self {
            case .rebuiltLayoutHeights(let reason): "layout heights dropped and rebuilt: \(reason)"
            case .ignoredLayoutHeights(let reason): "layout heights ignored (read-only store): \(reason)"
            case .rebuiltSearchIndex(let reason): "find index dropped and rebuilt: \(reason)"
            case .ignoredSearchIndex(let reason): "find index ignored (read-only store): \(reason)"
            }
        }
    }
}
