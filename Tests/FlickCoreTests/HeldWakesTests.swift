import Dispatch
import FlickCore
import Foundation
import Testing

/// Wake-ups held for a frame: work queues during the hold, starts when it ends.
@Suite("Held wakes")
@MainActor
struct HeldWakesTests {
    @Test func workSubmittedDuringAHoldStartsOnlyWhenTheOutermostHoldEnds() {
        let pool = QueuePool<Void>(queuesPerLane: 2, workerNice: 0) { _ in () }
        let ran = LockedBox(0)
        HeldWakes.holding {
            for _ in 0..<4 { pool.submit(.userInitiated) { _ in ran.withLock { $0 += 1 } } }
            HeldWakes.holding {}  // a nested hold's end starts nothing
            Thread.sleep(forTimeInterval: 0.1)
            #expect(ran.value == 0, "no queue may start while the frame holds the wakes")
            #expect(pool.waitingCount(.userInitiated) == 4)
        }
        pool.waitUntilIdle()
        #expect(ran.value == 4)
    }

    @Test func cancelledWorkQueuedDuringAHoldIsSkippedWhenItStarts() {
        let pool = QueuePool<Void>(queuesPerLane: 1, workerNice: 0) { _ in () }
        let ran = LockedBox([Int]())
        HeldWakes.holding {
            let first = pool.submit(.userInitiated, priority: 1) { _ in ran.withLock { $0.append(1) } }
            pool.submit(.userInitiated, priority: 2) { _ in ran.withLock { $0.append(2) } }
            pool.submit(.userInitiated, priority: 0) { _ in ran.withLock { $0.append(0) } }
            first.cancel()
        }
        pool.waitUntilIdle()
        #expect(ran.value == [0, 2], "priorities and cancellation hold across a held wake")
    }

    @Test func aHoldSpanningSeparateCallsEndsWhenEndedOrDropped() {
        let pool = QueuePool<Void>(queuesPerLane: 1, workerNice: 0) { _ in () }
        let ran = LockedBox(0)
        let hold = HeldWakes.begin()
        pool.submit(.userInitiated) { _ in ran.withLock { $0 += 1 } }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(ran.value == 0)
        hold.end()
        pool.waitUntilIdle()
        #expect(ran.value == 1)
        // A hold dropped without `end()` ends too: work submitted under it starts.
        let started = DispatchSemaphore(value: 0)
        do {
            let dropped = HeldWakes.begin()
            pool.submit(.userInitiated) { _ in
                ran.withLock { $0 += 1 }
                started.signal()
            }
            _ = consume dropped
        }
        #expect(started.wait(timeout: .now() + 10) == .success, "the work held by a dropped hold never started")
        pool.waitUntilIdle()
        #expect(ran.value == 2)
    }
}
