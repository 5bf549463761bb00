import Foundation
import GRDB
import Testing
@testable import FlickTimeline

/// A store as a feed client's offline cache: newer posts prepended without moving stored
/// positions, older pages appended, the paging state kept with them.
@Suite("Feed store: prepending and paging state")
struct FeedStorePagingTests {
    let directory = ScratchDirectory()

    func makeStore(_ name: String = "cache.sqlite") throws -> FeedStore {
        try FeedStore(path: directory.path(name))
    }

    @Test func prependPutsNewPostsOnTopWithoutMovingStoredPositions() throws {
        let store = try makeStore()
        let older = (10..<40).map { DataFixtures.post($0) }
        try store.insert(older)
        #expect(try store.positions() == 0..<30)
        let newer = (0..<10).map { DataFixtures.post($0) }
        let outcome = try store.prepend(newer)
        #expect(outcome.inserted.map(\.id) == newer.map(\.id))
        #expect(outcome.insertedPositions == -10..<0)
        #expect(try store.count() == 40)
        #expect(try store.positions() == -10..<30)
        #expect(try store.posts(in: 0..<40) == newer + older, "rows are newest first")
        #expect(try store.posts(atPositions: 0..<5) == Array(older[0..<5]), "stored positions did not move")
        #expect(try store.posts(atPositions: -3..<0) == Array(newer[7..<10]))
        #expect(try store.rowIndex(ofPostID: older[0].id) == 10)
        // Reopened (and checked) it is the same timeline.
        let reopened = try FeedStore(path: store.path)
        #expect(try reopened.posts(in: 0..<40) == newer + older)
        // Appending after a prepend goes after the last row.
        #expect(try store.upsert(DataFixtures.post(99)) == .inserted(row: 40))
        #expect(try store.positions() == -10..<31)
    }

    @Test func prependUpdatesKnownIdsInPlaceAndSkipsRepeats() throws {
        let store = try makeStore()
        try store.insert((0..<5).map { DataFixtures.post($0) })
        let edited = DataFixtures.post(2, text: "edited text")
        let fresh = DataFixtures.post(100)
        let outcome = try store.prepend([fresh, edited, fresh, DataFixtures.post(3)])
        #expect(outcome.inserted.map(\.id) == [fresh.id])
        #expect(outcome.updated.map(\.id) == [edited.id])
        #expect(outcome.unchanged == 2, "the repeat and the unchanged post")
        #expect(try store.posts(in: 0..<6).map(\.id) == [fresh.id] + (0..<5).map { DataFixtures.post($0).id })
        #expect(try store.post(id: edited.id) == edited)
    }

    @Test func appendPageAndPagingStateCommitTogetherAndSurviveReopen() throws {
        let store = try makeStore()
        #expect(try store.pagingState() == FeedStore.PagingState())
        let page = (0..<20).map { DataFixtures.post($0) }
        let state = FeedStore.PagingState(
            source: "http://127.0.0.1:1/timeline", older: "http://127.0.0.1:1/timeline?before=19", newer: "http://127.0.0.1:1/timeline?since=0")
        let outcome = try store.appendPage(page + [page[3]]) { $0 = state }
        #expect(outcome.appended.count == 20)
        #expect(outcome.unchanged == 1)
        // A repeated page: nothing appended, the state still moves on.
        var last = state
        last.older = nil
        last.reachedEnd = true
        let again = try store.appendPage(Array(page[10..<20])) { [last] in $0 = last }
        #expect(again.appended.isEmpty && again.unchanged == 10)
        let reopened = try FeedStore(path: store.path)
        #expect(try reopened.pagingState() == last)
        #expect(try reopened.count() == 20)
    }

    @Test func gapsAndHugeNegativePositionsAreStillCorrupt() throws {
        let store = try makeStore("gap.sqlite")
        try store.insert((0..<3).map { DataFixtures.post($0) })
        try store.prepend([DataFixtures.post(10)])
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "UPDATE posts SET position = -5 WHERE position = -1") }
        #expect(throws: FeedStore.Error.self) { try store.count() }
        try queue.write { db in try db.execute(sql: "UPDATE posts SET position = -9000000000 WHERE position = -5") }
        #expect(throws: FeedStore.Error.self) { try store.positions() }
    }
}

/// Several openings of one file at once (a server and a client, two processes): each waits
/// for the others' locks instead of failing with "database is locked".
@Suite("Feed store: concurrent openings")
struct FeedStoreConcurrentOpeningTests {
    let directory = ScratchDirectory()

    @Test func openingsAndWritesAtOnceAllSucceed() throws {
        let path = directory.path("shared.sqlite")
        try FeedStore(path: path).insert((0..<200).map { DataFixtures.post($0) })
        let failures = LockedFailures()
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            do {
                let store = try FeedStore(path: path)
                try store.prepend([DataFixtures.post(1_000 + index)])
                _ = try store.count()
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(try FeedStore(path: path).count() == 206)
    }
}

/// Errors collected from concurrent work.
final class LockedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
