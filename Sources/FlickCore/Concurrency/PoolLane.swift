import Dispatch
import HeapModule

/// One lane of the `QueuePool`: its serial queues, their contexts, and the waiting work.
///
/// Each queue runs a drain loop while there is work for it: the most urgent of the lane's
/// shared heap and its own (affinity) heap. A queue with nothing to do goes idle and is woken
/// by the next submission, so an idle pool costs no thread time.
final class PoolLane<Context>: Sendable {
    private struct Waiting: Sendable {
        var shared = Heap<PoolJob<Context>>()
        var own: [Heap<PoolJob<Context>>]
        var draining: [Bool]
    }

    private let lane: WorkerLane
    private let workers: [PoolWorker<Context>]
    private let waiting: LockedBox<Waiting>

    init(
        lane: WorkerLane, queueCount: Int, label: String, nice: Int32,
        makeContext: @escaping @Sendable (WorkerID) -> Context
    ) {
        self.lane = lane
        workers = (0..<queueCount).map { index in
            PoolWorker(id: WorkerID(lane: lane, index: index), label: label, nice: nice, makeContext: makeContext)
        }
        waiting = LockedBox(
            Waiting(
                own: Array(repeating: Heap(), count: queueCount),
                draining: Array(repeating: false, count: queueCount)))
    }

    /// Whether a queue of the lane is still in its drain loop (it may have run its last job and
    /// not yet found its heaps empty: work submitted now would run at once, not wait for a wake).
    var isDraining: Bool { waiting.withLock { $0.draining.contains(true) } }

    var waitingCount: Int {
        waiting.withLock { state in state.shared.count + state.own.reduce(0) { $0 + $1.count } }
    }

    func enqueue(_ job: PoolJob<Context>, affinity: UInt64?) {
        let count = workers.count
        let wake: Int? = waiting.withLock { state in
            if let affinity {
                let index = Int(affinity % UInt64(count))
                state.own[index].insert(job)
                guard !state.draining[index] else { return nil }
                state.draining[index] = true
                return index
            }
            state.shared.insert(job)
            guard let index = state.draining.firstIndex(of: false) else { return nil }
            state.draining[index] = true
            return index
        }
        if let wake {
            // Held during a frame (`HeldWakes`): the queue is marked draining, so later
            // submissions add to its heap and only this start is pending.
            HeldWakes.wake { [self] in workers[wake].queue.async { [self] in drain(wake) } }
        }
    }

    /// Runs on worker `index`'s queue until neither heap holds work for it.
    private func drain(_ index: Int) {
        let previousNice = workers[index].lowerThreadPriority()
        defer { workers[index].restoreThreadPriority(previousNice) }
        while let job = nextJob(for: index) {
            workers[index].run(job)
        }
    }

    private func nextJob(for index: Int) -> PoolJob<Context>? {
        waiting.withLock { state in
            let own = state.own[index].min
            let shared = state.shared.min
            switch (own, shared) {
            case (nil, nil):
                state.draining[index] = false
                return nil
            case (let own?, let shared?) where shared < own:
                return state.shared.popMin()
            case (_?, _):
                return state.own[index].popMin()
            case (nil, _?):
                return state.shared.popMin()
            }
        }
    }
}
