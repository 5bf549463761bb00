import FlickCore
import FlickServer
import FlickTimeline
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The feed in a PostgreSQL database, shared by every `flick serve` process reading it and
/// written by `flick import`: the same posts, rows and stored records as a SQLite
/// `FeedStore`, with `LISTEN`/`NOTIFY` telling every store of a change made by any of them.
///
/// ```swift
/// let store = try PostgresFeedStore(url: "postgres://flick:secret@127.0.0.1:5432/feed")
/// let server = FeedServer(store: store, feedFolder: imagesParent)
/// ```
///
/// Tables (made at open when absent): `flick_posts` (position, id, version, body — the
/// SQLite store's `posts`), `flick_deleted_posts` (ids deleted while serving) and
/// `flick_revision` (one counter). A trigger on the first two bumps the counter and sends
/// `NOTIFY flick_feed` in the same transaction, so a writer that is not Flick (`psql`)
/// notifies too.
///
/// Threading: every method is synchronous and blocks the calling thread for its round trips
/// (as the SQLite store blocks for its disk reads); the I/O itself runs on SwiftNIO's event
/// loop, never on the waiting thread, so a caller on Swift's cooperative pool cannot
/// deadlock it. Queries share one connection, one unit (a query, or a write's transaction)
/// at a time; the listener has a connection of its own. Any thread.
public final class PostgresFeedStore: FeedWriting {
    public let configuration: Configuration
    public let location: String

    let eventLoop: any EventLoop
    let logger: Logger
    /// The connection queries use; nil until the first, and again after it is lost.
    let connection = LockedBox<PostgresConnection?>(nil)
    /// Held for one unit of work on `connection` (and while reconnecting).
    let unitLock = NSLock()
    /// Told of every notification (`observeChanges`).
    let observers = LockedBox<[@Sendable () -> Void]>([])
    /// The listener's connection while listening; `close()` ends it for good.
    let listener = LockedBox<Listener>(Listener())

    struct Listener: Sendable {
        var connection: PostgresConnection?
        var closed = false
    }

    /// Connects (checking the URL, the server and the credentials), makes the tables when
    /// absent and starts listening. Blocks the calling thread for the connection and a few
    /// statements. Throws a `PostgresFeedStore.Error` naming what is wrong: a bad URL, a
    /// server that cannot be reached, refused credentials, a missing database.
    public convenience init(url: String) throws(Error) {
        try self.init(configuration: Configuration(url: url))
    }

    public init(configuration: Configuration) throws(Error) {
        self.configuration = configuration
        location = configuration.location
        eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        var logger = Logger(label: "flick.postgres")
        // Connection losses are reported as errors and 503s, not log lines.
        logger.logLevel = .critical
        self.logger = logger
        try unit { connection throws(Error) in try Self.createSchema(on: connection, store: self) }
        startListening()
    }

    deinit { close() }

    /// Stops listening and closes both connections. Later calls reconnect for queries but
    /// never listen again. Any thread.
    public func close() {
        let listening = listener.withLock { state -> PostgresConnection? in
            state.closed = true
            defer { state.connection = nil }
            return state.connection
        }
        if let listening { Self.closeQuietly(listening) }
        let open = connection.withLock { current -> PostgresConnection? in
            defer { current = nil }
            return current
        }
        if let open { Self.closeQuietly(open) }
    }

    // MARK: Units of work

    /// Runs `body` with the query connection, alone on it, connecting first when there is
    /// none. A lost connection (the server went away, a query timed out) is dropped, so the
    /// next unit reconnects, and thrown as `.cannotConnect`.
    func unit<T>(_ body: (PostgresConnection) throws(Error) -> T) throws(Error) -> T {
        unitLock.lock()
        defer { unitLock.unlock() }
        let current: PostgresConnection
        if let open = connection.value, !open.isClosed {
            current = open
        } else {
            current = try connect()
            connection.withLock { $0 = current }
        }
        do {
            return try body(current)
        } catch {
            if error.isUnavailability || current.isClosed {
                connection.withLock { $0 = nil }
                Self.closeQuietly(current)
                if !error.isUnavailability { throw .cannotConnect(location: location, reason: "the connection was lost") }
            }
            throw error
        }
    }

    /// `query` on `connection`, waited for within `queryTimeout`; failures mapped to `Error`
    /// for `operation`.
    func run(_ query: PostgresQuery, on connection: PostgresConnection, _ operation: String) throws(Error) -> PostgresQueryResult {
        do {
            return try within(configuration.queryTimeout, connection.query(query, logger: logger), closing: connection)
        } catch {
            throw Self.mapped(error, location: location, configuration: configuration, operation: operation)
        }
    }

    /// Opens a connection, blocking up to `connectTimeout` (and the login's round trips).
    func connect() throws(Error) -> PostgresConnection {
        do {
            return try PostgresConnection.connect(
                on: eventLoop, configuration: Self.connectionConfiguration(configuration), id: 1, logger: logger
            ).wait()
        } catch {
            throw Self.mapped(error, location: location, configuration: configuration, operation: "connecting")
        }
    }

    /// `future`'s value, or a timeout after `limit` (then `connection` is closed: its state
    /// is unknown, and a later unit reconnects).
    private func within<T: Sendable>(_ limit: Duration, _ future: EventLoopFuture<T>, closing connection: PostgresConnection) throws -> T {
        let promise = eventLoop.makePromise(of: T.self)
        future.cascade(to: promise)
        let nanoseconds = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
        let timer = eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            promise.fail(QueryTimeout(limit: limit))
            Self.closeQuietly(connection)
        }
        defer { timer.cancel() }
        return try promise.futureResult.wait()
    }

    /// Closes `connection` without waiting (the future form of `close()`; its outcome does
    /// not matter: the connection is dropped either way).
    /// The connection is kept until closed: PostgresNIO traps on one released while open.
    static func closeQuietly(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// A query that took longer than `Configuration.queryTimeout`.
    struct QueryTimeout: Swift.Error, CustomStringConvertible {
        var limit: Duration
        var description: String { "no answer within \(limit)" }
    }

    static func connectionConfiguration(_ configuration: Configuration) -> PostgresConnection.Configuration {
        var connection = PostgresConnection.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
        let timeout = configuration.connectTimeout.components
        connection.options.connectTimeout = .milliseconds(timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000)
        return connection
    }

    // MARK: Change notices

    public func observeChanges(_ changed: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(changed) }
    }

    /// Tells every observer (a notification arrived, or the listener reconnected and may
    /// have missed some).
    func notifyObservers() {
        for observer in observers.value { observer() }
    }
}
