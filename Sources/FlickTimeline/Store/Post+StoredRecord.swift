/// The `posts.body` encoding (`PostRecord`) for stores outside this module: a PostgreSQL
/// store keeps the very bytes a SQLite store keeps, so both decode to equal posts.
extension Post {
    /// This post's stored record. Pure; any thread.
    public var storedRecord: [UInt8] { PostRecord.encode(self) }

    /// The post a stored record holds; throws `StoredRecordError` naming what is wrong with
    /// a damaged or foreign record. Pure; any thread.
    public init(storedRecord bytes: [UInt8]) throws(StoredRecordError) {
        do {
            self = try PostRecord.decode(bytes)
        } catch {
            throw StoredRecordError(reason: error.reason)
        }
    }
}

/// A stored record that does not decode, and why.
public struct StoredRecordError: Error, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { "a damaged post record: \(reason)" }
}
