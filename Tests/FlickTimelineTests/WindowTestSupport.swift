import Dispatch
import Foundation
import FlickCore
@testable import FlickTimeline

/// A loader that makes post `row` for each requested row and records every call.
final class SyntheticLoader: PostRangeLoading {
    let rowCount: Int
    let calls = LockedBox<[Range<Int>]>([])
    /// Ranges whose read throws.
    let failing = LockedBox<Set<Int>>([])
    /// Text suffix, to tell reloaded posts from old ones.
    let edition = LockedBox(0)

    struct Failure: Error, Equatable {}

    init(rowCount: Int) { self.rowCount = rowCount }

    func posts(in rows: Range<Int>) throws -> [Post] {
        calls.withLock { $0.append(rows) }
        if failing.value.contains(rows.lowerBound) { throw Failure() }
        let edition = edition.value
        return rows.clamped(to: 0..<rowCount).map { Self.post($0, edition: edition) }
    }

    static func post(_ row: Int, edition: Int = 0) -> Post {
        Post(id: "\(row)", createdAt: DataFixtures.epoch2026, user: User(id: "u", name: "n"), text: "row \(row) e\(edition)")
    }
}

/// A loader whose reads block until the test opens the gate; it says when a read started.
final class GatedLoader: PostRangeLoading {
    let inner: SyntheticLoader
    let started = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    init(rowCount: Int) { inner = SyntheticLoader(rowCount: rowCount) }

    func posts(in rows: Range<Int>) throws -> [Post] {
        started.signal()
        gate.wait()
        gate.signal()  // a turnstile: once open, every later read passes
        return try inner.posts(in: rows)
    }

    func open() { gate.signal() }
}

/// An executor that only queues work; the test runs it when it wants, on its own thread.
final class ManualExecutor: Sendable {
    private let queued = LockedBox<[@Sendable () -> Void]>([])

    var executor: DataWindow.Executor {
        { [queued] work in queued.withLock { $0.append(work) } }
    }

    var pending: Int { queued.value.count }

    /// Runs everything queued so far (and anything it queues), in order.
    func runAll() {
        while let work = queued.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { work() }
    }
}

/// Events a window delivered, collected on a private queue.
final class EventLog: Sendable {
    let queue = DispatchQueue(label: "test.events")
    private let events = LockedBox<[String]>([])

    var handler: @Sendable (DataWindow.Event) -> Void {
        { [events] event in
            switch event {
            case .loaded(let rows): events.withLock { $0.append("loaded \(rows)") }
            case .failed(let rows, _): events.withLock { $0.append("failed \(rows)") }
            }
        }
    }

    var all: [String] { events.value }
}
