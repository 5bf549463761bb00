import Dispatch
import FlickCore

/// Holds every queue of a pool's lane until released: lets a test line up work behind it.
public struct PoolGate {
    private let semaphore = DispatchSemaphore(value: 0)
    public let count: Int

    public init<Context>(pool: QueuePool<Context>, lane: WorkerLane = .userInteractive) {
        count = pool.queuesPerLane
        let started = DispatchSemaphore(value: 0)
        for index in 0..<count {
            pool.submit(lane, priority: -1_000_000, affinity: UInt64(index)) { [semaphore] _ in
                started.signal()
                semaphore.wait()
            }
        }
        for _ in 0..<count { started.wait() }
    }

    public func open() {
        for _ in 0..<count { semaphore.signal() }
    }
}
