import FlickCore
import Foundation
import GRDB
import Testing
@testable import FlickTimeline

/// Stores a viewer cannot write: opened read-only (reads work, heights are dropped with one
/// warning, other writes are refused naming the file), and stores another process is
/// writing (opening and reading never wait for its lock).
@Suite("Feed store, read-only and shared")
struct FeedStoreAccessTests {
    let directory = ScratchDirectory()

    /// A store of `count` posts with a height for each, closed again.
    func makeStore(_ name: String, count: Int = 10) throws -> String {
        let path = directory.path(name)
        let store = try FeedStore(path: path, configuration: .bulkLoad)
        try store.insert((0..<count).map { DataFixtures.post($0) })
        let posts = try store.posts(in: 0..<count)
        try store.saveHeights(posts.map { LayoutHeight(postID: $0.id, contentVersion: $0.contentVersion, layoutKey: "k", height: 80) })
        return path
    }

    static func configuration(_ access: FeedStore.Configuration.Access, busyTimeout: Double = 5) -> FeedStore.Configuration {
        var configuration = FeedStore.Configuration.viewing
        configuration.access = access
        configuration.busyTimeout = busyTimeout
        return configuration
    }

    @Test func aReadOnlyStoreReadsAndDropsHeightsWithOneWarning() throws {
        let path = try makeStore("ro.sqlite")
        let warnings = LockedBox<[String]>([])
        let store = try FeedStore(path: path, configuration: Self.configuration(.readOnly)) { message in
            warnings.withLock { $0.append(message) }
        }
        #expect(store.isReadOnly && store.readOnlyReason == "opened read-only")
        #expect(try store.count() == 10)
        #expect(try store.posts(in: 0..<10) == (0..<10).map { DataFixtures.post($0) })
        #expect(try store.heights(in: 0..<3, layoutKey: "k") == [80, 80, 80])
        let post = DataFixtures.post(0)
        for height in [100.0, 120, 140] {
            #expect(try store.saveHeights([LayoutHeight(postID: post.id, contentVersion: post.contentVersion, layoutKey: "k", height: height)]) == 0)
        }
        #expect(store.droppedWriteCount == 3)
        #expect(warnings.value.count == 1, "one warning, however many writes are dropped")
        #expect(warnings.value.first?.contains("the feed store at \(path) is read-only (opened read-only): layout heights are not saved") == true)
        #expect(try store.heights(in: 0..<1, layoutKey: "k") == [80])
    }

    @Test func writesOtherThanHeightsAreRefusedNamingTheFileAndChangeNothing() throws {
        let path = try makeStore("ro-writes.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try FeedStore(path: path, configuration: Self.configuration(.readOnly)) { _ in }
        func refused(_ error: any Error) -> Bool {
            guard case FeedStore.Error.readOnly(let errorPath, _, _) = error else { return false }
            return errorPath == path && "\(error)".contains("is read-only")
        }
        #expect { try store.insert([DataFixtures.post(50)]) } throws: { refused($0) }
        #expect { try store.upsert(DataFixtures.post(1, text: "edited")) } throws: { refused($0) }
        #expect { try store.removeAll() } throws: { refused($0) }
        #expect { try store.markDeleted(["p1"]) } throws: { refused($0) }
        let feed = directory.file("feed.json", contents: DataFixtures.feedJSON([DataFixtures.postJSON(id: "new")]))
        #expect { _ = try store.importFeed(from: feed) } throws: { refused($0) }
        try store.removeAllHeights()
        #expect(try store.count() == 10 && store.heights(in: 0..<1, layoutKey: "k") == [80])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// A read-only store whose heights table is damaged cannot rebuild it: heights are
    /// ignored (listed in `repairs`) and the posts still read.
    @Test func aReadOnlyStoreWithDamagedHeightsIgnoresThem() throws {
        let path = try makeStore("ro-heights.sqlite")
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in try db.execute(sql: "UPDATE layout_heights SET height = -5 WHERE post_id = 'p0'") }
        try raw.close()
        let store = try FeedStore(path: path, configuration: Self.configuration(.readOnly)) { _ in }
        guard case .ignoredLayoutHeights = try #require(store.repairs.first) else {
            Issue.record("expected ignored heights, got \(store.repairs)")
            return
        }
        #expect(try store.heights(in: 0..<10, layoutKey: "k") == Array(repeating: nil, count: 10))
        #expect(try store.count() == 10)
    }

    /// Before: opening ran the migrator and its checks in write transactions, so a viewer
    /// waited for the lock of a process importing, and failed once `busyTimeout` passed.
    /// Here the other process is a real one (python3's sqlite3) holding a write transaction
    /// open; the viewer's busy timeout is 0, so any wait for that lock would fail at once.
    @Test func aViewerOpensAndReadsWhileAnotherProcessWrites() throws {
        let path = try makeStore("shared.sqlite")
        let writer = try LockingWriter(path: path)
        defer { writer.finish() }
        try writer.waitUntilLocked()
        let viewer = try FeedStore(path: path, configuration: Self.configuration(.readOnlyIfNotWritable, busyTimeout: 0))
        #expect(!viewer.isReadOnly)
        #expect(try viewer.count() == 11, "the writer's first commit is seen, its open transaction is not")
        #expect(try viewer.posts(in: 0..<10) == (0..<10).map { DataFixtures.post($0) })
        #expect(try viewer.heights(in: 0..<2, layoutKey: "k") == [80, 80])
        writer.finish()
        #expect(writer.status == 0, "the writer committed: \(writer.errors)")
        #expect(try viewer.count() == 12)
    }

    /// A viewer whose opening must write (damaged heights to rebuild) while another process
    /// holds the write lock: it does not wait its busy timeout (5 s) for that lock, it opens
    /// read-only at once, says why, and reads the posts (issue 30).
    @Test func aViewerFallsBackToReadOnlyAtOnceWhenAnotherProcessHoldsTheWriteLock() throws {
        let path = try makeStore("locked-heights.sqlite")
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in try db.execute(sql: "UPDATE layout_heights SET height = -5 WHERE post_id = 'p0'") }
        try raw.close()
        let writer = try LockingWriter(path: path)
        defer { writer.finish() }
        try writer.waitUntilLocked()
        let started = ContinuousClock.now
        let viewer = try FeedStore(path: path, configuration: Self.configuration(.readOnlyIfNotWritable, busyTimeout: 5)) { _ in }
        let took = ContinuousClock.now - started
        #expect(took < .seconds(2), "opened without waiting out the 5 s busy timeout: \(took)")
        #expect(viewer.isReadOnly)
        #expect(viewer.readOnlyReason?.contains("another process is writing it") == true, "\(String(describing: viewer.readOnlyReason))")
        #expect(try viewer.count() == 11)
        #expect(try viewer.posts(in: 0..<10) == (0..<10).map { DataFixtures.post($0) })
    }
}

/// A python3 process that commits one post into a store, then holds a second write
/// transaction open until told to commit.
final class LockingWriter {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorFile: URL
    private var finished = false

    static let script = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
        def copy(position):
            c.execute("INSERT INTO posts (position, id, version, body) SELECT ?, 'copy' || ?, version, body FROM posts WHERE position = 0", (position, position))
        c.execute("BEGIN IMMEDIATE"); copy(10); c.execute("COMMIT")
        c.execute("BEGIN IMMEDIATE"); copy(11)
        print("locked", flush=True)
        sys.stdin.readline()
        c.execute("COMMIT")
        """

    init(path: String) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("locking-writer-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.script, path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    /// Blocks until the writer holds its lock (it prints one line).
    func waitUntilLocked() throws {
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("locked") else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "writer did not lock: \(line) \(errors)"])
        }
    }

    /// Lets the writer commit and waits for it to exit.
    func finish() {
        guard !finished else { return }
        finished = true
        try? input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    var status: Int32 { process.terminationStatus }
    var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    deinit { try? FileManager.default.removeItem(at: errorFile) }
}
