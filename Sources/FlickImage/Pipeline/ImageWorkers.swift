import FlickCore

/// Where the pipeline decodes and processes: the utility lane of a `QueuePool`, normally the
/// list engine's own, so images and cells share one pool sized to the cores (seed 002 "优化六").
public struct ImageWorkers: Sendable {
    let submit: @Sendable (_ priority: Double, _ work: @escaping @Sendable () -> Void) -> WorkTicket
    let waitUntilIdle: @Sendable () -> Void

    /// Runs on `lane` of `pool` (default utility: below cell layout and raster).
    public init<Context>(pool: QueuePool<Context>, lane: WorkerLane = .utility) {
        submit = { priority, work in pool.submit(lane, priority: priority) { _ in work() } }
        waitUntilIdle = { pool.waitUntilIdle() }
    }

    /// A pool of the pipeline's own (tools and tests that have no list engine).
    public static func ownPool() -> ImageWorkers {
        ImageWorkers(pool: QueuePool<Void>(label: "flick.image") { _ in () })
    }
}

/// Counts of what the pipeline did, for tests and the benchmark. Read any time.
public struct ImagePipelineStatistics: Sendable, Hashable {
    public var memoryHits = 0
    public var diskHits = 0
    /// Downloads actually started (coalesced requests start one).
    public var downloadsStarted = 0
    public var downloadsCancelled = 0
    /// Decodes actually run (coalesced requests run one).
    public var decodes = 0
    public var failures = 0
    /// Requests answered with a failure remembered from a recent attempt (no fetch).
    public var remembersFailures = 0
    /// Requests whose callback was prevented by `cancel`.
    public var cancelledRequests = 0
}
