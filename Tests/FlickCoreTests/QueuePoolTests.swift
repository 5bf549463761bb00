#if canImport(CDispatch)
import CDispatch
#endif
import Dispatch
import FlickCore
import Foundation

import Testing

/// A context that records which queue made it and refuses to be used by two jobs at once.
private final class RecordingContext: @unchecked Sendable {
    let owner: WorkerID
    /// Label of the dispatch queue that was running when the context was made.
    let madeOnQueue: String
    let inUse = LockedBox(0)

    init(owner: WorkerID, madeOnQueue: String) {
        self.owner = owner
        self.madeOnQueue = madeOnQueue
    }
}

/// Label of the dispatch queue running the caller, as libdispatch itself reports it.
private func runningQueueLabel() -> String {
    #if canImport(CDispatch)
    String(cString: dispatch_queue_get_label(nil))
    #else
    String(cString: __dispatch_queue_get_label(nil))
    #endif
}

/// On the main actor: these tests block on semaphores until pool workers (lowered priority)
/// run, which on a loaded 2-core machine took 40 s once; blocking two cooperative threads that
/// long starved the in-process feed servers of other suites into their 10 s idle timeouts.
@Suite("QueuePool")
@MainActor
struct QueuePoolTests {
    @Test func laneNeverRunsMoreTasksThanItHasQueues() {
        let pool = QueuePool<Void>(queuesPerLane: 3) { _ in () }
        let running = LockedBox(0)
        let peak = LockedBox(0)
        let workers = LockedBox(Set<Int>())
        for _ in 0..<300 {
            pool.submit(.userInitiated) { session in
                let now = running.withLock { count -> Int in
                    count += 1
                    return count
                }
                peak.withLock { $0 = max($0, now) }
                workers.withLock { _ = $0.insert(session.worker.index) }
                spin(microseconds: 100)
                running.withLock { $0 -= 1 }
            }
        }
        pool.waitUntilIdle()
        #expect(peak.value <= 3)
        #expect(workers.value == [0, 1, 2], "submissions spread across every queue of the lane")
    }

    @Test func workerContextIsOnlyEverUsedOnItsOwnQueue() {
        let label = "test.pool"
        /// The label `PoolWorker` gives worker `id`'s serial queue.
        func queueLabel(of id: WorkerID) -> String { "\(label).\(id)" }
        #expect(!runningQueueLabel().hasPrefix(label), "the probe reads the running queue, not a constant")

        let made = LockedBox([(worker: WorkerID, queue: String)]())
        let pool = QueuePool<RecordingContext>(queuesPerLane: 2, label: label) { id in
            let queue = runningQueueLabel()
            made.withLock { $0.append((id, queue)) }
            return RecordingContext(owner: id, madeOnQueue: queue)
        }
        let violations = LockedBox([String]())
        let queuesUsed = LockedBox(Set<String>())
        for index in 0..<2_000 {
            let lane = WorkerLane.allCases[index % WorkerLane.allCases.count]
            pool.submit(lane) { session in
                let queue = runningQueueLabel()
                let context = session.context
                queuesUsed.withLock { _ = $0.insert(queue) }
                if queue != context.madeOnQueue {
                    violations.withLock { $0.append("\(context.owner)'s context made on \(context.madeOnQueue), used on \(queue)") }
                }
                let overlapping = context.inUse.withLock { count -> Bool in
                    count += 1
                    return count > 1
                }
                if overlapping { violations.withLock { $0.append("\(context.owner)'s context used by two jobs at once") } }
                context.inUse.withLock { $0 -= 1 }
            }
        }
        pool.waitUntilIdle()
        #expect(violations.value.isEmpty, "\(violations.value.prefix(5))")
        let creations = made.value
        #expect(Set(creations.map(\.worker)).count == creations.count, "each worker builds its context exactly once")
        for creation in creations {
            #expect(creation.queue == queueLabel(of: creation.worker), "\(creation.worker)'s context made on \(creation.queue)")
        }
        #expect(queuesUsed.value == Set(creations.map(\.queue)), "work ran only on queues that made a context there")
        for lane in WorkerLane.allCases {
            #expect(queuesUsed.value.contains { $0.hasPrefix("\(label).\(lane)#") }, "\(lane) work ran on its own lane's queues")
        }
    }

    @Test func allSubmittedWorkIsDone() {
        let pool = QueuePool<Void> { _ in () }
        let done = LockedBox(0)
        for index in 0..<10_000 {
            pool.submit(WorkerLane.allCases[index % 4], priority: Double(index % 7)) { _ in done.withLock { $0 += 1 } }
        }
        pool.waitUntilIdle()
        #expect(done.value == 10_000)
        for lane in WorkerLane.allCases { #expect(pool.waitingCount(lane) == 0) }
    }

    @Test func cancelledTaskThatHasNotStartedNeverRuns() {
        let pool = QueuePool<Void>(queuesPerLane: 1) { _ in () }
        let gate = DispatchSemaphore(value: 0)
        pool.submit(.utility) { _ in gate.wait() }
        let ran = LockedBox(Set<Int>())
        let tickets = (0..<100).map { index in
            pool.submit(.utility) { _ in ran.withLock { _ = $0.insert(index) } }
        }
        var prevented = 0
        for (index, ticket) in tickets.enumerated() where index.isMultiple(of: 2) {
            if ticket.cancel() { prevented += 1 }
        }
        gate.signal()
        pool.waitUntilIdle()
        #expect(prevented == 50)
        #expect(ran.value == Set((0..<100).filter { !$0.isMultiple(of: 2) }))
        for (index, ticket) in tickets.enumerated() {
            #expect(ticket.state == (index.isMultiple(of: 2) ? .cancelled : .finished))
        }
    }

    @Test func runningWorkSeesCancellationBetweenSteps() {
        let pool = QueuePool<Void>(queuesPerLane: 1) { _ in () }
        let started = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let sawCancel = LockedBox(false)
        let ticket = pool.submit(.userInteractive) { session in
            started.signal()
            cancelled.wait()
            sawCancel.withLock { $0 = session.isCancelled }
        }
        started.wait()
        #expect(ticket.cancel() == false, "work already running cannot be prevented")
        cancelled.signal()
        pool.waitUntilIdle()
        #expect(sawCancel.value)
        #expect(ticket.state == .finished)
    }

    @Test func moreUrgentWorkRunsFirstAndTiesKeepSubmissionOrder() {
        let pool = QueuePool<Void>(queuesPerLane: 1) { _ in () }
        let gate = DispatchSemaphore(value: 0)
        pool.submit(.userInitiated, priority: -1) { _ in gate.wait() }
        let order = LockedBox([Int]())
        var generator = SplitMix64(seed: 7)
        var submitted: [(priority: Double, index: Int)] = []
        for index in 0..<200 {
            let priority = Double(generator.next() % 20)
            submitted.append((priority, index))
            pool.submit(.userInitiated, priority: priority) { _ in order.withLock { $0.append(index) } }
        }
        gate.signal()
        pool.waitUntilIdle()
        let expected = submitted.sorted { $0.priority != $1.priority ? $0.priority < $1.priority : $0.index < $1.index }
        #expect(order.value == expected.map(\.index))
    }

    @Test func affinityPinsWorkToOneQueue() {
        let pool = QueuePool<Void>(queuesPerLane: 3) { _ in () }
        let mismatches = LockedBox(0)
        for key in 0..<300 {
            pool.submit(.utility, affinity: UInt64(key)) { session in
                if session.worker.index != key % 3 { mismatches.withLock { $0 += 1 } }
            }
        }
        pool.waitUntilIdle()
        #expect(mismatches.value == 0)
    }

    @Test func lanesAreSizedToActiveCoresByDefault() {
        let pool = QueuePool<Void> { _ in () }
        // Foundation reads the active cores on its own: an independent count to compare with.
        #expect(pool.queuesPerLane == ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// Busy-waits so a job occupies its queue without yielding the thread.
private func spin(microseconds: UInt64) {
    let end = DispatchTime.now().uptimeNanoseconds + microseconds * 1_000
    while DispatchTime.now().uptimeNanoseconds < end {}
}
