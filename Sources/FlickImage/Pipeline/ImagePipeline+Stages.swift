import FlickCore
import FlickRaster
import Foundation

/// The stages a job goes through: acquire bytes (local file, disk cache, or a queued
/// download), decode + process on a worker, deliver to every waiter still there.
extension ImagePipeline {
    /// First worker step of a new job: resolve the URL (refusing bad ones); local bytes or
    /// disk-cached bytes go straight to decoding; otherwise the job joins (or starts) its
    /// URL's download.
    func acquire(_ key: String) {
        guard let priority = state.withLock({ $0.jobs[key]?.priority }) else { return }
        schedule(.acquire, for: key, priority: priority)
    }

    /// Queues `stage` of job `key` on a worker at `priority`, remembering it so a later raise
    /// can move it up while it has not started.
    func schedule(_ stage: JobStage, for key: String, priority: ImagePriority) {
        let work = workers.submit(Double(priority.rawValue)) { [weak self] in
            guard let self else { return }
            switch stage {
            case .acquire: self.runAcquire(key)
            case .decode(let bytes, let store): self.decode(key, bytes: bytes, store: store)
            }
        }
        state.withLock { state in
            state.jobs[key]?.work = work
            state.jobs[key]?.stage = stage
        }
    }

    private func runAcquire(_ key: String) {
        guard let job = state.withLock({ $0.jobs[key] }) else { return }
        let location: ImageLocation
        do throws(ImageLoadError) {
            location = try configuration.access.resolve(job.request.url)
        } catch {
            complete(key, .failure(error))
            return
        }
        state.withLock { $0.jobs[key]?.location = location }
        switch location {
        case .file(let path):
            do throws(ImageLoadError) {
                let bytes = try FileLoader.read(path: path, url: job.request.url, maxBytes: configuration.maxBodyBytes)
                decode(key, bytes: bytes, store: nil)
            } catch {
                complete(key, .failure(error))
            }
        case .remote(let remote):
            if let bytes = diskCache?.bytes(for: remote.absoluteString) {
                state.withLock { $0.statistics.diskHits += 1 }
                decode(key, bytes: bytes, store: nil)
            } else {
                enqueueDownload(of: remote, for: key)
            }
        }
    }

    private func enqueueDownload(of remote: URL, for key: String) {
        state.withLock { state in
            guard let job = state.jobs[key] else { return }
            let url = remote.absoluteString
            if var download = state.downloads[url] {
                download.jobs.insert(key)
                download.priority = min(download.priority, job.priority)
                state.downloads[url] = download
            } else {
                state.nextSequence += 1
                state.downloads[url] = ImageDownload(
                    remote: remote, jobs: [key], priority: job.priority, sequence: state.nextSequence, transfer: nil)
            }
        }
        startDownloads()
    }

    /// Starts queued downloads, most urgent first, while slots are free.
    func startDownloads() {
        // A download is known by URL and sequence: a cancelled download replaced by a new one
        // for the same URL must not take the new one's transfer or finish it.
        while let (url, sequence) = state.withLock({ $0.nextDownload(limit: configuration.maxConcurrentDownloads, perHost: configuration.maxDownloadsPerHost) }) {
            guard let remote = state.withLock({ $0.downloads[url]?.sequence == sequence ? $0.downloads[url]?.remote : nil }) else { continue }
            let transfer = http.start(remote, url: url) { [weak self] result in
                self?.downloadFinished(url, sequence: sequence, result)
            }
            let orphaned = state.withLock { state -> Bool in
                guard state.downloads[url]?.sequence == sequence else { return true }
                state.downloads[url]?.transfer = transfer
                return false
            }
            // Every job left between dequeue and start (`detach` freed the slot): stop it.
            if orphaned { http.cancel(transfer) }
        }
    }

    private func downloadFinished(_ url: String, sequence: UInt64, _ result: Result<[UInt8], ImageLoadError>) {
        let keys = state.withLock { state -> [String] in
            guard state.downloads[url]?.sequence == sequence, let download = state.downloads.removeValue(forKey: url) else { return [] }
            return Array(download.jobs)
        }
        startDownloads()
        switch result {
        case .success(let bytes):
            let store = diskCache.map { _ in DiskWrite(url: url) }
            for key in keys {
                guard let priority = state.withLock({ $0.jobs[key]?.priority }) else { continue }
                schedule(.decode(bytes, store: store), for: key, priority: priority)
            }
        case .failure(let error):
            for key in keys { complete(key, .failure(error)) }
        }
    }

    /// Decodes straight to the request's pixel size, crops to it exactly, runs the
    /// processors, caches and delivers; downloaded bytes that decoded go to the disk cache
    /// (after the decode, on this worker: the write is one file of the bytes as they are).
    /// Worker thread.
    func decode(_ key: String, bytes: [UInt8], store: DiskWrite?) {
        guard let request = state.withLock({ $0.jobs[key]?.request }) else { return }
        state.withLock { $0.statistics.decodes += 1 }
        do {
            let bitmap = try Self.decodeAndProcess(bytes, for: request, limits: configuration.decodeLimits)
            if let store, let diskCache, store.claim() { diskCache.store(bytes, for: store.url) }
            let image = CachedImage(bitmap: bitmap, isOpaque: Self.isOpaque(bitmap, processedBy: request.processors))
            memoryCache.insert(image, for: key)
            complete(key, .success(image))
        } catch {
            complete(key, .failure(error))
        }
    }

    /// Decodes `bytes` straight to the request's pixel size (scaled decode where the codec has
    /// it), crops to exactly that size, then runs the request's processors. Any thread.
    static func decodeAndProcess(_ bytes: [UInt8], for request: ImageRequest, limits: DecodeOptions) throws(ImageLoadError) -> Bitmap {
        let target = request.pixelSize
        do {
            var options = limits
            options.target = .fill(target)
            options.scale = request.scale
            options.cropsToFill = true
            let decoded = try ImageDecoder.decode(bytes, options: options)
            var processors = request.processors
            if decoded.pixelSize != target, processors.first != .aspectFill(target) {
                processors.insert(.aspectFill(target), at: 0)
            }
            return ImageProcessor.apply(processors, to: decoded)
        } catch {
            throw ImageLoadError(url: request.url, reason: .decoding(error))
        }
    }

    /// Whether every pixel of `bitmap` is opaque: known without a scan when the last processor
    /// makes it so (a flatten onto an opaque colour), otherwise read pixel by pixel. Worker
    /// thread, once per decode, so neither the cache nor any waiter scans again.
    static func isOpaque(_ bitmap: Bitmap, processedBy processors: [ImageProcessor]) -> Bool {
        processors.last?.makesOpaque == true || bitmap.isFullyOpaque
    }

    /// Hands `result` to every waiter still there and forgets the job.
    func complete(_ key: String, _ result: Result<CachedImage, ImageLoadError>) {
        let until = clock() + UInt64(max(0, configuration.failureRetryInterval) * 1e9)
        let waiters = state.withLock { state -> [ImageTicket] in
            guard let job = state.jobs.removeValue(forKey: key) else { return [] }
            if case .failure(let error) = result {
                state.statistics.failures += 1
                state.recentFailures.insert(RecentFailure(error: error, until: until), for: key, cost: 1)
            }
            return job.waiters.values.sorted { $0.id < $1.id }
        }
        for ticket in waiters { ticket.deliver(result) }
    }
}
