import PostgresNIO

/// The tables, the change trigger, and making them at open.
extension PostgresFeedStore {
    /// Advisory lock key held while making the tables, so servers started together over an
    /// empty database do not race on `CREATE` (PostgreSQL's `IF NOT EXISTS` is not safe
    /// against a concurrent create). Any fixed number: "flick" in ASCII.
    static let schemaLockKey: Int64 = 0x66_6C_69_63_6B

    /// `flick_posts`: the SQLite store's `posts` — `position` orders the timeline (the
    /// lowest is the newest post; new posts go below it, an import appends above the
    /// highest) with no gaps, so a row is `position - MIN(position)`, one index probe;
    /// `version` is the content version's bit pattern; `body` the `PostRecord` bytes.
    static let createPosts = """
        CREATE TABLE IF NOT EXISTS flick_posts (
            position BIGINT PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            version BIGINT NOT NULL,
            body BYTEA NOT NULL
        )
        """

    /// `flick_deleted_posts`: ids deleted while serving; their rows stay (positions are
    /// never renumbered) and pages leave them out.
    static let createDeletedPosts = """
        CREATE TABLE IF NOT EXISTS flick_deleted_posts (id TEXT PRIMARY KEY)
        """

    /// `flick_revision`: one counter, bumped by every statement that changes the posts, so
    /// servers cache pages under it.
    static let createRevision = """
        CREATE TABLE IF NOT EXISTS flick_revision (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            revision BIGINT NOT NULL
        )
        """

    static let seedRevision = "INSERT INTO flick_revision VALUES (1, 0) ON CONFLICT DO NOTHING"

    /// Bumps the revision and notifies `channel`; PostgreSQL sends the notification when the
    /// transaction commits, once per transaction (equal notifications fold into one).
    static func createTrigger(channel: String) -> String {
        """
        CREATE OR REPLACE FUNCTION flick_feed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE flick_revision SET revision = revision + 1 WHERE singleton = 1;
            PERFORM pg_notify('\(channel)', '');
            RETURN NULL;
        END
        $$
        """
    }

    static func attachTrigger(to table: String) -> String {
        """
        CREATE OR REPLACE TRIGGER \(table)_changed AFTER INSERT OR UPDATE OR DELETE ON \(table)
        FOR EACH STATEMENT EXECUTE FUNCTION flick_feed_changed()
        """
    }

    /// Makes what is absent, in one transaction under `schemaLockKey`. A channel name is
    /// put into SQL text, so only letters, digits and `_` are accepted.
    static func createSchema(on connection: PostgresConnection, store: PostgresFeedStore) throws(Error) {
        let channel = store.configuration.channel
        guard !channel.isEmpty, channel.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }) else {
            throw .badURL(store.location, reason: "the channel name \"\(channel)\" may hold only letters, digits and _")
        }
        let statements = [
            "BEGIN", "SELECT pg_advisory_xact_lock(\(schemaLockKey))", createPosts, createDeletedPosts, createRevision,
            seedRevision, createTrigger(channel: channel), attachTrigger(to: "flick_posts"),
            attachTrigger(to: "flick_deleted_posts"), "COMMIT",
        ]
        do {
            for statement in statements {
                _ = try store.run(PostgresQuery(unsafeSQL: statement), on: connection, "making the feed tables")
            }
        } catch {
            _ = try? store.run("ROLLBACK", on: connection, "rolling back")
            throw error
        }
    }
}
