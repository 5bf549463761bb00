import FlickCore
import FlickRaster
import Foundation

/// Loads images for cells the way SDWebImage does for VVebo (seed 000 §3.1), with what seeds
/// 002 and 004 add: fetch (file or HTTP, with a disk cache of bytes), decode straight to the
/// target pixel size, process (aspect fill, circle, corners) on workers, keep the result in a
/// byte-bounded memory cache. Identical requests in flight share one download and one decode;
/// downloads of the same URL at different sizes share the bytes. Work is ordered by priority
/// (visible › display › preload) and stops when every requester has cancelled.
///
/// Threads: every method is safe from any thread and never blocks on I/O or decoding, so the
/// main thread may call `load` each frame. Callbacks run on a worker or the HTTP delegate
/// queue, never the caller's thread and never the main thread.
public final class ImagePipeline: Sendable {
    public let configuration: Configuration
    public let memoryCache: MemoryImageCache
    public let diskCache: DiskImageCache?
    let workers: ImageWorkers
    let http: HTTPLoader
    let state = LockedBox(PipelineState())
    /// Uptime in nanoseconds, for remembered failures' expiry: the system's monotonic clock,
    /// or a manual one in tests (so stepping past `failureRetryInterval` needs no sleep). Any thread.
    let clock: @Sendable () -> UInt64

    /// - Throws: when the disk cache folder cannot be created.
    public convenience init(configuration: Configuration = Configuration(), workers: ImageWorkers = .ownPool()) throws {
        try self.init(configuration: configuration, workers: workers, clock: { DispatchTime.now().uptimeNanoseconds })
    }

    /// As the public init, with `clock` in place of the system uptime (tests).
    init(configuration: Configuration, workers: ImageWorkers, clock: @escaping @Sendable () -> UInt64) throws {
        self.configuration = configuration
        self.workers = workers
        self.clock = clock
        memoryCache = MemoryImageCache(limit: configuration.memoryLimit)
        diskCache = try configuration.diskFolder.map { try DiskImageCache(folder: $0, limit: configuration.diskLimit) }
        http = HTTPLoader(configuration: configuration)
    }

    deinit { http.invalidate() }

    public var statistics: ImagePipelineStatistics { state.withLock { $0.statistics } }

    /// Starts (or joins) loading `request`. A memory hit returns `.ready` with no callback;
    /// otherwise `completion` runs once on a worker with the bitmap and its opacity (found
    /// once, on the worker that decoded it) or a typed error, unless the returned ticket is
    /// cancelled first.
    public func load(
        _ request: ImageRequest, priority: ImagePriority = .visible, completion: @escaping ImageTicket.Completion
    ) -> ImageLoad {
        let key = request.cacheKey
        if let cached = memoryCache.image(for: key) {
            state.withLock { $0.statistics.memoryHits += 1 }
            return .ready(cached.bitmap, isOpaque: cached.isOpaque)
        }
        let now = clock()
        let start = state.withLock { state -> (ticket: ImageTicket, isNew: Bool, failure: ImageLoadError?) in
            state.nextTicket += 1
            if let failure = state.recentFailures.value(for: key) {
                if failure.until > now {
                    state.statistics.remembersFailures += 1
                    return (ImageTicket(key: key, id: state.nextTicket, completion: completion) { _ in }, false, failure.error)
                }
                state.recentFailures.removeValue(for: key)
            }
            let ticket = ImageTicket(key: key, id: state.nextTicket, completion: completion) { [weak self] in self?.cancelled($0) }
            if state.jobs[key] != nil {
                state.jobs[key]?.waiters[ticket.id] = ticket
                state.raise(job: key, to: priority)
                return (ticket, false, nil)
            }
            state.jobs[key] = ImageJob(request: request, priority: priority, waiters: [ticket.id: ticket])
            return (ticket, true, nil)
        }
        if let failure = start.failure {
            // Delivered from a worker like any other result, never on the caller's thread.
            let ticket = start.ticket
            _ = workers.submit(Double(priority.rawValue)) { ticket.deliver(.failure(failure)) }
        }
        if start.isNew { acquire(key) }
        return .pending(start.ticket)
    }

    /// Moves `request`'s work up to `priority` if it is waiting at a lower one (a preloaded
    /// row came on screen): its queued download moves up the queue, its queued worker step is
    /// queued again ahead. Work already running is left alone. Any thread.
    public func raisePriority(of request: ImageRequest, to priority: ImagePriority) {
        let key = request.cacheKey
        let waiting = state.withLock { state -> (work: WorkTicket, stage: JobStage)? in
            guard let job = state.jobs[key], priority < job.priority else { return nil }
            state.raise(job: key, to: priority)
            guard let work = job.work, let stage = job.stage else { return nil }
            return (work, stage)
        }
        guard let waiting, waiting.work.cancel() else { return }
        schedule(waiting.stage, for: key, priority: priority)
    }

    /// Drops processed bitmaps until at most `bytes` remain (memory pressure).
    public func trimMemory(toBytes bytes: Int) { memoryCache.trim(toBytes: bytes) }

    /// Blocks until queued decodes are done (tests and tools).
    public func waitForWorkers() { workers.waitUntilIdle() }

    // MARK: Tickets

    /// A ticket was cancelled: forget its waiter; with no waiters left, stop the job and, when
    /// no other job needs it, its download.
    private func cancelled(_ ticket: ImageTicket) {
        let stop = state.withLock { state -> (work: WorkTicket?, transfer: Int?) in
            state.statistics.cancelledRequests += 1
            guard state.jobs[ticket.key]?.waiters.removeValue(forKey: ticket.id) != nil,
                let job = state.jobs[ticket.key], job.waiters.isEmpty
            else { return (nil, nil) }
            state.jobs[ticket.key] = nil
            return (job.work, state.detach(job: ticket.key, fromDownloadOf: job.location))
        }
        stop.work?.cancel()
        if let transfer = stop.transfer {
            http.cancel(transfer)
            startDownloads()  // its slot is free
        }
    }
}
