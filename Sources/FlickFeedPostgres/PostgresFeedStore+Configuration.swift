import Foundation

extension PostgresFeedStore {
    /// Where the database is and how long to wait for it: one value, read from a
    /// `postgres://user:password@host:port/database` URL (`init(url:)`).
    public struct Configuration: Sendable, Hashable {
        /// Host name or address of the server. No default: the URL must name it.
        public var host: String
        /// TCP port. Default 5432, PostgreSQL's own.
        public var port: Int = 5432
        /// Role to log in as. No default: the URL must name it.
        public var username: String
        /// Its password; nil for a server that asks none (`trust`). Never shown in messages.
        public var password: String?
        /// Database to use. Default: the role's name, as `psql` does.
        public var database: String
        /// How long connecting (TCP, then login) may take before it fails. Default 5 s: a
        /// server on the same network answers in milliseconds; an address that drops packets
        /// would otherwise hold `flick serve` at start, or a request, for the kernel's minutes.
        public var connectTimeout: Duration = .seconds(5)
        /// How long one query may take before its connection is dropped and the request is
        /// answered 503. Default 10 s: a page is one indexed range read (well under a
        /// millisecond on a local server); a server that stops answering must not hold a
        /// request, and the thread waiting for it, for ever.
        public var queryTimeout: Duration = .seconds(10)
        /// How long the listener waits before reconnecting after losing the database.
        /// Default 0.5 s: the server recovers within a second of the database coming back,
        /// and a refused connection on the same network costs the database next to nothing.
        public var listenerRetry: Duration = .milliseconds(500)
        /// `LISTEN`/`NOTIFY` channel the stores of one database tell each other on. Default
        /// `flick_feed`; two feeds in one database would need two channels (and two tables).
        public var channel: String = "flick_feed"

        public init(host: String, port: Int = 5432, username: String, password: String?, database: String? = nil) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database ?? username
        }

        /// The URL without its password, for messages: `postgres://user@host:port/database`.
        public var location: String {
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "postgres://\(username)@\(shownHost):\(port)/\(database)"
        }

        /// Whether `text` is meant as a PostgreSQL URL (`postgres://` or `postgresql://`),
        /// rather than a SQLite file path.
        public static func isPostgresURL(_ text: String) -> Bool {
            let lowered = text.lowercased()
            return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
        }

        /// Reads `postgres://user[:password]@host[:port][/database]`. User and password may
        /// be percent-encoded. Throws `.badURL` naming what is missing or wrong; the message
        /// never repeats the password.
        public init(url text: String) throws(PostgresFeedStore.Error) {
            guard Self.isPostgresURL(text) else {
                throw .badURL(Self.withoutPassword(text), reason: "it must begin with postgres:// or postgresql://")
            }
            guard let components = URLComponents(string: text) else {
                throw .badURL(Self.withoutPassword(text), reason: "it is not a valid URL")
            }
            let shown = Self.withoutPassword(text)
            guard let host = components.host, !host.isEmpty else { throw .badURL(shown, reason: "it names no host") }
            guard let user = components.user, !user.isEmpty else {
                throw .badURL(shown, reason: "it names no user (postgres://USER:PASSWORD@HOST:PORT/DATABASE)")
            }
            if let port = components.port, !(1...65_535).contains(port) {
                throw .badURL(shown, reason: "port \(port) is outside 1…65535")
            }
            if let query = components.query, !query.isEmpty {
                throw .badURL(shown, reason: "options (\"?\(query)\") are not supported; TLS is not either: use a private network")
            }
            let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            guard !path.contains("/") else { throw .badURL(shown, reason: "the database name \"\(path)\" contains a /") }
            let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            self.init(
                host: unbracketed, port: components.port ?? 5432,
                username: user.removingPercentEncoding ?? user,
                password: components.password.map { $0.removingPercentEncoding ?? $0 },
                database: path.isEmpty ? nil : (path.removingPercentEncoding ?? path))
        }

        /// `text` with any password replaced by `***`, for messages.
        static func withoutPassword(_ text: String) -> String {
            guard let schemeEnd = text.range(of: "://"), let at = text.range(of: "@", options: .backwards),
                at.lowerBound > schemeEnd.upperBound
            else { return text }
            let credentials = text[schemeEnd.upperBound..<at.lowerBound]
            guard let colon = credentials.firstIndex(of: ":") else { return text }
            return String(text[..<colon]) + ":***" + String(text[at.lowerBound...])
        }
    }
}
