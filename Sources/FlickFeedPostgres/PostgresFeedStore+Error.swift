import FlickServer

extension PostgresFeedStore {
    /// Why a PostgreSQL feed store could not be opened, read or written. Each case names the
    /// database (its URL without the password) and what is wrong, in words a person can act on.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The `--db` URL itself is wrong (no host, no user, a bad port, options).
        case badURL(String, reason: String)
        /// No connection: the host does not resolve, nothing listens on the port, or it did
        /// not answer within the connect timeout.
        case cannotConnect(location: String, reason: String)
        /// The server refused the user or password (`28P01`, `28000`).
        case credentialsRefused(location: String, user: String, reason: String)
        /// The database does not exist on the server (`3D000`).
        case noSuchDatabase(location: String, database: String)
        /// A query failed for another reason (a missing permission, a full disk).
        case query(location: String, operation: String, reason: String)
        /// The feed file to import is unreadable or invalid (with line and column).
        case feed(path: String, reason: String)
        /// A stored post does not decode.
        case corruptRecord(location: String, postID: String, reason: String)

        public var description: String {
            switch self {
            case .badURL(let url, let reason):
                "bad PostgreSQL URL \(url): \(reason)"
            case .cannotConnect(let location, let reason):
                "cannot connect to the PostgreSQL server of \(location): \(reason)"
            case .credentialsRefused(let location, let user, let reason):
                "the PostgreSQL server of \(location) refused user \"\(user)\": \(reason) (check the user and password in the URL)"
            case .noSuchDatabase(let location, let database):
                "the PostgreSQL server of \(location) has no database \"\(database)\" (create it with createdb, or name another)"
            case .query(let location, let operation, let reason):
                "PostgreSQL feed store \(location): \(operation) failed: \(reason)"
            case .feed(let path, let reason):
                "the feed \(path) cannot be imported: \(reason)"
            case .corruptRecord(let location, let postID, let reason):
                "PostgreSQL feed store \(location): post \"\(postID)\" is damaged: \(reason)"
            }
        }

        /// Whether this failure means the database cannot be reached now (answered 503 by
        /// the server, retried on the next request) rather than a lasting fault.
        var isUnavailability: Bool {
            if case .cannotConnect = self { return true }
            return false
        }
    }
}
