import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// Opening a store: read-write or read-only, the checks, and the repairs.
extension FeedStore {
    /// What opening produced.
    struct Opened {
        let pool: DatabasePool
        let repairs: [Repair]
        let readOnlyReason: String?
        let heightsTrusted: Bool
        var searchIndexUsable = true
    }

    static func open(path: String, configuration: Configuration) throws(Error) -> Opened {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            throw .cannotOpen(path: path, reason: "directory \(directory) does not exist")
        }
        switch configuration.access {
        case .readOnly:
            guard exists else { throw .cannotOpen(path: path, reason: "no such file (opened read-only)") }
            return try openReadOnly(path: path, configuration: configuration, reason: "opened read-only")
        case .readWrite:
            return try openReadWrite(path: path, configuration: configuration)
        case .readOnlyIfNotWritable:
            if let reason = unwritableReason(path: path, directory: directory, exists: exists) {
                guard exists else { throw .cannotOpen(path: path, reason: reason) }
                return try openReadOnly(path: path, configuration: configuration, reason: reason)
            }
            do {
                return try openReadWrite(path: path, configuration: configuration, failFastOnLock: exists)
            } catch {
                // Permissions the checks above cannot see (a read-only mount, a lock held for
                // good): a viewer still reads what is there.
                guard exists, case .cannotOpen(_, let reason) = error else { throw error }
                return try openReadOnly(path: path, configuration: configuration, reason: reason)
            }
        }
    }

    /// Why the file at `path` cannot be written in place, or nil when it can: SQLite needs
    /// the file and, in WAL mode, its `-wal` and `-shm` files beside it (created in the
    /// folder when missing).
    static func unwritableReason(path: String, directory: String, exists: Bool) -> String? {
        let folder = directory.isEmpty ? "." : directory
        if exists, access(path, W_OK) != 0 {
            return "the file is not writable (\(String(cString: strerror(errno))))"
        }
        let sidecars = [path + "-wal", path + "-shm"]
        let sidecarsWritable = sidecars.allSatisfy { access($0, W_OK) == 0 }
        if access(folder, W_OK) != 0, !(exists && sidecarsWritable) {
            return "its folder \(folder) is not writable (\(String(cString: strerror(errno))))"
        }
        return nil
    }

    private static func grdbConfiguration(_ configuration: Configuration, readOnly: Bool) -> GRDB.Configuration {
        var grdb = GRDB.Configuration()
        grdb.maximumReaderCount = max(1, configuration.maxReaders)
        grdb.label = "flick.feedstore"
        grdb.readonly = readOnly
        // Another connection writing (a second opening of the same file, another process
        // importing): wait for its lock up to `busyTimeout` instead of failing at once.
        grdb.busyMode = configuration.busyTimeout > 0 ? .timeout(configuration.busyTimeout) : .immediateError
        let cacheSize = -max(64, configuration.pageCacheKilobytes)  // negative: KiB, not pages
        let synchronous = readOnly ? nil : configuration.durability == .fast ? "OFF" : "NORMAL"
        grdb.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
            if let synchronous { try db.execute(sql: "PRAGMA synchronous = \(synchronous)") }
        }
        return grdb
    }

    /// A read-write pool. `failFastOnLock`: a write the opening needs (a migration, a heights
    /// rebuild) does not wait `busyTimeout` for another process's write lock; it fails at once
    /// as `.cannotOpen`, so a viewer falls back to reading (`.readOnlyIfNotWritable`).
    private static func openReadWrite(path: String, configuration: Configuration, failFastOnLock: Bool = false) throws(Error) -> Opened {
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: grdbConfiguration(configuration, readOnly: false))
        } catch {
            throw Error.wrap(error, path: path, operation: "opening")
        }
        var repairs = try prepare(pool, path: path, configuration: configuration, failFastOnLock: failFastOnLock)
        let searchRepairs = try prepareSearchIndex(pool, path: path)
        repairs += searchRepairs
        let usable = !searchRepairs.contains { if case .ignoredSearchIndex = $0 { true } else { false } }
        return Opened(
            pool: pool, repairs: repairs, readOnlyReason: nil, heightsTrusted: true, searchIndexUsable: usable)
    }

    /// A read-only connection pool. When SQLite cannot create or open the WAL index (`-shm`)
    /// beside a file in a folder it may not write, the file is opened `immutable` instead: then no
    /// process can be writing it in WAL mode either (a writer needs that folder too), and
    /// changes made later by another user who can write it are not seen.
    private static func openReadOnly(path: String, configuration: Configuration, reason: String) throws(Error) -> Opened {
        let grdb = grdbConfiguration(configuration, readOnly: true)
        var pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: grdb)
            try pool.read { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
        } catch let error as DatabaseError where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode) {
            // SQLite reports the missing WAL index as CANTOPEN or READONLY_CANTINIT.
            do {
                pool = try DatabasePool(path: immutableURI(path), configuration: grdb)
            } catch {
                throw Error.wrap(error, path: path, operation: "opening read-only")
            }
        } catch {
            throw Error.wrap(error, path: path, operation: "opening read-only")
        }
        do {
            let problem = try pool.read { db -> String? in
                try verifyPosts(in: db, path: path, check: configuration.integrityCheck)
                return try layoutHeightsProblem(in: db, check: configuration.integrityCheck, maxHeight: configuration.maxLayoutHeight)
            }
            var repairs = problem.map { [Repair.ignoredLayoutHeights(reason: $0)] } ?? []
            let searchProblem = try pool.read { db in try SearchIndex.problem(db) }
            if let searchProblem { repairs.append(.ignoredSearchIndex(reason: searchProblem)) }
            return Opened(
                pool: pool, repairs: repairs, readOnlyReason: reason, heightsTrusted: problem == nil,
                searchIndexUsable: searchProblem == nil)
        } catch {
            throw Error.wrap(error, path: path, operation: "opening read-only")
        }
    }

    /// `path` as an SQLite URI that opens it immutable (no locks, no `-wal`/`-shm`).
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Migrates when needed, verifies posts, and rebuilds the heights table when it cannot be
    /// trusted. Checks run in a read (a snapshot), so a store another connection is writing
    /// opens without waiting for its lock; only a migration or a rebuild writes.
    private static func prepare(
        _ pool: DatabasePool, path: String, configuration: Configuration, failFastOnLock: Bool
    ) throws(Error) -> [Repair] {
        // The opening's own writes do not wait for another process's lock (the busy handler is
        // off for them), and the pool's timeout comes back for the store's later writes.
        func writeNow(_ write: () throws -> Void) throws {
            guard failFastOnLock else { return try write() }
            let milliseconds = Int(max(0, configuration.busyTimeout) * 1000)
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = 0") }
            defer { try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = \(milliseconds)") } }
            try write()
        }
        do {
            if try !pool.read({ db in try migrator.hasCompletedMigrations(db) }) {
                try writeNow { try migrator.migrate(pool) }
            }
            let problem = try pool.read { db -> String? in
                try verifyPosts(in: db, path: path, check: configuration.integrityCheck)
                return try layoutHeightsProblem(
                    in: db, check: configuration.integrityCheck, maxHeight: configuration.maxLayoutHeight)
            }
            guard let problem else { return [] }
            try writeNow { try pool.write { db in try rebuildLayoutHeights(in: db) } }
            return [.rebuiltLayoutHeights(reason: problem)]
        } catch let error as DatabaseError where failFastOnLock && [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode.primaryResultCode) {
            throw .cannotOpen(path: path, reason: "another process is writing it (its write lock is held)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            // A foreign schema (e.g. an existing `posts` table) makes the migration fail.
            throw .incompatibleSchema(path: path, reason: error.message ?? "\(error)")
        } catch {
            throw Error.wrap(error, path: path, operation: "opening")
        }
    }

    /// Rebuilds the find index (empty, every post pending) when it is missing or cannot be
    /// read. Never fatal: a rebuild that fails leaves the store open, searched by scanning.
    private static func prepareSearchIndex(_ pool: DatabasePool, path: String) throws(Error) -> [Repair] {
        guard let problem = try? pool.read({ db in try SearchIndex.problem(db) }) else { return [] }
        do {
            try pool.writeWithoutTransaction { db in
                try db.inTransaction {
                    try SearchIndex.rebuild(db)
                    return .commit
                }
            }
        } catch {
            return [.ignoredSearchIndex(reason: "\(problem); rebuilding it failed: \(error)")]
        }
        return [.rebuiltSearchIndex(reason: problem)]
    }

    /// Throws `.readOnly` when the store may not write (call before any write).
    func requireWritable(_ operation: String) throws(Error) {
        if let readOnlyReason { throw .readOnly(path: path, operation: operation, reason: readOnlyReason) }
    }

    /// Counts a write a read-only store dropped; the first one is reported through `warn`.
    func dropWrite(_ what: String) {
        let first = droppedWrites.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        guard first, let readOnlyReason else { return }
        warn(
            "the feed store at \(path) is read-only (\(readOnlyReason)): \(what) are not saved; "
                + "they are measured again on the next launch")
    }

    /// Writes dropped because the store is read-only.
    public var droppedWriteCount: Int { droppedWrites.value }

    /// The default `warn` of `init`: `flick: <message>` on stderr, control characters escaped
    /// (a path or reason may hold anything). Any thread.
    @Sendable public static func warnOnStandardError(_ message: String) {
        FileHandle.standardError.write(Data("flick: \(FeedWarning.escaped(message))\n".utf8))
    }
}
